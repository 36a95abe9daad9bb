#ifndef CSYSTEMCALLS_H
#define CSYSTEMCALLS_H

// The C the system calls need that Swift's Glibc module does not give: no X here, so that
// the modules that do not talk to X link none of its libraries.

/// glibc's malloc_trim(0): freed heap pages go back to the system (malloc.h, which Swift's
/// Glibc module does not import).
int csystem_trim_heap(void);

/// Routes `signals` to a handler that writes each signal's number (one byte) to `write_fd`
/// (a handler in C: it runs async-signal-safe code only).
int csystem_install_signal_pipe(int write_fd, const int *signals, int count);

#endif

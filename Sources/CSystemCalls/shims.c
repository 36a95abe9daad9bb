#include "CSystemCalls.h"
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

// Signals for the event loop: the handler only writes the signal number to a pipe that the
// loop polls, so everything else happens outside the handler.
static int csystem_signal_fd = -1;

static void csystem_signal_handler(int signal) {
    unsigned char byte = (unsigned char)signal;
    if (csystem_signal_fd >= 0) { ssize_t n = write(csystem_signal_fd, &byte, 1); (void)n; }
}

int csystem_install_signal_pipe(int write_fd, const int *signals, int count) {
    csystem_signal_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = csystem_signal_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int csystem_trim_heap(void) { return malloc_trim(0); }

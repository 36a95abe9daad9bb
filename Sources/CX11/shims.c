#include "CX11.h"
#include <signal.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cx11_event_type(const XEvent *event) { return event->type; }

static int cx11_last_error = 0;

// Xlib's default handler exits the process on any protocol error (a window that vanished
// between two requests, a BadAccess grab): Tactus must survive those and carry on.
static int cx11_error_handler(Display *display, XErrorEvent *error) {
    (void)display;
    cx11_last_error = error->error_code;
    return 0;
}

void cx11_install_error_handler(void) { XSetErrorHandler(cx11_error_handler); }

int cx11_take_last_error(void) {
    int e = cx11_last_error;
    cx11_last_error = 0;
    return e;
}

// Signals for the event loop: the handler only writes the signal number to a pipe that the
// loop polls, so everything else happens outside the handler.
static int cx11_signal_fd = -1;

static void cx11_signal_handler(int signal) {
    unsigned char byte = (unsigned char)signal;
    if (cx11_signal_fd >= 0) { ssize_t n = write(cx11_signal_fd, &byte, 1); (void)n; }
}

int cx11_install_signal_pipe(int write_fd, const int *signals, int count) {
    cx11_signal_fd = write_fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cx11_signal_handler;
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

// Losing the X connection: Xlib calls this and then exits. Say what happened, plainly, and
// exit non-zero so that a supervisor (the systemd unit) restarts the daemon.
static int cx11_io_error_handler(Display *display) {
    const char *name = display ? DisplayString(display) : "";
    fprintf(stderr, "tactus: lost the connection to the X server %s (the server exited or the session ended)\n", name ? name : "");
    fflush(stderr);
    _exit(3);
    return 0;
}

void cx11_install_io_error_handler(void) { XSetIOErrorHandler(cx11_io_error_handler); }

int cx11_trim_heap(void) { return malloc_trim(0); }

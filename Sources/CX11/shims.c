#include "CX11.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cx11_event_type(const XEvent *event) { return event->type; }

static int cx11_last_error = 0;
// The requests whose errors are counted apart (see cx11_watch_errors); none when first > last.
static unsigned long cx11_watch_first = 1, cx11_watch_last = 0;
static int cx11_watched_count = 0;

// Xlib's default handler exits the process on any protocol error (a window that vanished
// between two requests, a BadAccess grab): Tactus must survive those and carry on.
static int cx11_error_handler(Display *display, XErrorEvent *error) {
    (void)display;
    if (error->serial >= cx11_watch_first && error->serial <= cx11_watch_last) {
        cx11_watched_count++;
        return 0;
    }
    cx11_last_error = error->error_code;
    return 0;
}

void cx11_watch_errors(unsigned long first, unsigned long last) {
    cx11_watch_first = first;
    cx11_watch_last = last;
    cx11_watched_count = 0;
}

int cx11_watched_errors(void) {
    int n = cx11_watched_count;
    cx11_watch_first = 1;
    cx11_watch_last = 0;
    cx11_watched_count = 0;
    return n;
}

void cx11_install_error_handler(void) { XSetErrorHandler(cx11_error_handler); }

int cx11_take_last_error(void) {
    int e = cx11_last_error;
    cx11_last_error = 0;
    return e;
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


#include "CX11.h"

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

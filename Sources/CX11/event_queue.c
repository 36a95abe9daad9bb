// Xlib keeps every event queue element it ever allocated on a free list (dpy->qfree) and never
// returns one: a burst of events read ahead of a reply (10,000 windows closing) leaves the
// daemon's anonymous memory at that burst's size for good. Called when the loop is idle, with
// the queue drained, from the connection's one thread.
#include "CX11.h"
#include <X11/Xlibint.h>
#include <stdlib.h>

int cx11_release_event_queue_cache(Display *display) {
    struct _XDisplay *d = (struct _XDisplay *)display;
    int released = 0;
    LockDisplay(display);
    struct _XSQEvent *element = d->qfree;
    d->qfree = NULL;
    while (element) {
        struct _XSQEvent *next = element->next;
        free(element);
        element = next;
        released++;
    }
    UnlockDisplay(display);
    return released;
}

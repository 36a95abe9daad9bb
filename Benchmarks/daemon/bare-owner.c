/* The least a touch owner can cost when its rule needs motion (make bench-touch): takes the
 * touch grab on the root window, as Tactus does, and rejects each touch as soon as it reads
 * its first update, asking the server nothing else. bench-touch runs the same drags under it,
 * between the daemon's run and X alone, so that what Tactus adds over any owner deciding on
 * the first update is told apart from what the replay itself costs.
 * Prints "ready" once the grab is taken; runs until killed.
 * Usage: bare-owner   (DISPLAY set)
 */
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "bare-owner: cannot open the display\n"); return 1; }
    int opcode, event, error, major = 2, minor = 2;
    if (!XQueryExtension(d, "XInputExtension", &opcode, &event, &error) || XIQueryVersion(d, &major, &minor) != Success) {
        fprintf(stderr, "bare-owner: no XInput 2.2\n");
        return 1;
    }
    Window root = DefaultRootWindow(d);
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_TouchBegin);
    XISetMask(bits, XI_TouchUpdate);
    XISetMask(bits, XI_TouchEnd);
    XISetMask(bits, XI_TouchOwnership);
    XIEventMask mask = { XIAllMasterDevices, sizeof bits, bits };
    XIGrabModifiers mods = { XIAnyModifier, 0 };
    if (XIGrabTouchBegin(d, XIAllMasterDevices, root, 0, &mask, 1, &mods) != 0 || mods.status != 0) {
        fprintf(stderr, "bare-owner: the touch grab on the root window was refused\n");
        return 1;
    }
    XSync(d, False);
    printf("ready\n");
    fflush(stdout);
    /* The touches read so far and not answered (a drag at a time; a few fingers at most). */
    unsigned held[64];
    int count = 0;
    for (;;) {
        XEvent e;
        XNextEvent(d, &e);
        if (e.type != GenericEvent || e.xcookie.extension != opcode || !XGetEventData(d, &e.xcookie)) continue;
        XIDeviceEvent *t = e.xcookie.data;
        int at = -1;
        for (int i = 0; i < count; i++) if (held[i] == (unsigned)t->detail) at = i;
        if (e.xcookie.evtype == XI_TouchBegin && at < 0 && count < 64) held[count++] = (unsigned)t->detail;
        if ((e.xcookie.evtype == XI_TouchUpdate || e.xcookie.evtype == XI_TouchEnd) && at >= 0) {
            XIAllowTouchEvents(d, t->deviceid, t->detail, root, XIRejectTouch);
            XFlush(d);
            held[at] = held[--count];
        }
        XFreeEventData(d, &e.xcookie);
    }
}

/* Drives the daemon benchmark: DRAGS pointer drags with the trigger button through XTest,
   each of STEPS motions 2 ms apart, on the display in $DISPLAY. */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv) {
    int drags = argc > 1 ? atoi(argv[1]) : 100, steps = argc > 2 ? atoi(argv[2]) : 30;
    Display *d = XOpenDisplay(NULL);
    if (!d) return 1;
    for (int i = 0; i < drags; i++) {
        XTestFakeMotionEvent(d, -1, 200, 200 + (i % 20) * 10, 0);
        XTestFakeButtonEvent(d, 3, True, 0);
        XSync(d, False);
        for (int s = 1; s <= steps; s++) {
            usleep(2000);
            XTestFakeMotionEvent(d, -1, 200 + s * 12, 200 + (i % 20) * 10, 0);
            XSync(d, False);
        }
        XTestFakeButtonEvent(d, 3, False, 0);
        XSync(d, False);
        usleep(20000);
    }
    XCloseDisplay(d);
    return 0;
}

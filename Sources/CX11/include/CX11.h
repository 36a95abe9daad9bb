// Xlib (with XKB), XInput 2, XTest, XRandR, SHAPE and XFixes for Swift, plus shims for what Swift cannot import:
// the XI mask macros and the Display accessor macros.
#ifndef CX11_H
#define CX11_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/shape.h>
#include <X11/extensions/Xfixes.h>

/// XISetMask / XIMaskIsSet / XIMaskLen are macros.
static inline void cx11_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx11_xi_mask_is_set(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) != 0; }
static inline int cx11_xi_mask_len(int event) { return XIMaskLen(event); }

/// XIAnyModifier is 1U << 31, which Swift imports as an unsigned constant.
static inline int cx11_xi_any_modifier(void) { return (int)XIAnyModifier; }

/// The event types of an XEvent union, without copying the union in Swift.
int cx11_event_type(const XEvent *event);
/// An XErrorHandler that records the last error instead of exiting the process.
void cx11_install_error_handler(void);
/// The last X error code seen since the previous call (0 = none), then cleared.
int cx11_take_last_error(void);
/// Counts apart the errors of requests `first` through `last` (serial numbers: XNextRequest
/// before the first is sent), for requests with no reply whose failure is the answer (a
/// window gone). Set before they are sent: Xlib may read their errors while it sends.
void cx11_watch_errors(unsigned long first, unsigned long last);
/// How many errors the watched requests had (read after a round trip that follows them),
/// then the watch ends.
int cx11_watched_errors(void);

/// Replaces Xlib's fatal I/O error handler with one that prints a clear message and exits 3.
void cx11_install_io_error_handler(void);

/// Frees the event queue elements Xlib keeps for reuse (its free list never shrinks);
/// returns how many. Only with the queue drained, from the connection's thread.
int cx11_release_event_queue_cache(Display *display);

/// The touch owner's last act when the process dies by a signal (SIGABRT — the watchdog's —,
/// SIGILL and SIGTRAP — Swift's traps —, SIGSEGV, SIGBUS, SIGFPE): every touch held is
/// accepted with raw requests on `display`'s connection, the server is made to read them (a
/// round trip), then the signal takes its course. Xorg 21.1.7 crashes when an owner's
/// connection closes with touches undecided over a window manager's click-to-focus grab.
int cx11_abort_guard_install(Display *display, int xi_opcode, Window root);
/// A touch the owner holds undecided (from its TouchBegin), and the window of the grab it came
/// through (0: the root).
void cx11_abort_guard_hold(int device, unsigned touch, unsigned long window);
/// A touch answered for the grab on `window` (0: whichever), or taken by another client: no
/// longer held.
void cx11_abort_guard_release(int device, unsigned touch, unsigned long window);
/// The XTEST extension's major opcode, for the guard's key releases.
void cx11_abort_guard_xtest(int xtest_opcode);
/// A key pressed (or released) through XTest: the guard releases those still down.
void cx11_abort_guard_key(unsigned keycode, int pressed);
/// A pointer button pressed (1) or released (0) through XTest, for the guard to release.
void cx11_abort_guard_button(unsigned button, int pressed);

#endif

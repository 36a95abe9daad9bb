// The daemon's last act when it dies by a signal (the watchdog's SIGABRT on a hung loop, a Swift
// trap, a fault): every touch it holds undecided is accepted on the X connection, every key it
// pressed through XTest and has not released (a `hold:` key, a combination half typed) is
// released, and the server is made to read that before the process goes. XTest keys are not
// released when their client's connection closes: without this, Alt would stay down for the
// rest of the session.
//
// Xorg 21.1.7 crashes when a touch owner's connection closes with two or more touches
// undecided over a window manager's synchronous click-to-focus grab (dix/dispatch.c
// CloseDownClient rejects them itself; the first rejection freezes the pointer, the second
// is queued with the dead client's id and delivered to a null client once the window manager
// answers). An acceptance gives nothing to the window manager, so nothing freezes. The server
// closes a client whose connection hung up without reading what it sent last
// (os/connection.c), hence the round trip before dying.
//
// Everything here is async-signal-safe: raw protocol with write/read/poll on the connection's
// descriptor, a fixed table, no Xlib call and no allocation.
#include "CX11.h"
#include <X11/Xlibint.h>
#include <X11/extensions/XI2proto.h>
#include <X11/extensions/xtestproto.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GUARD_TOUCHES 256

/// A touch held undecided, with the window of the grab it came through (the root, or a top-level
/// window below a window manager that holds the root's grab): the answer names that window.
struct guard_touch { volatile int device; volatile unsigned touch; volatile unsigned long window; volatile int held; };
static struct guard_touch guard_table[GUARD_TOUCHES];
/// Keys pressed through XTest and not released yet, by keycode.
static volatile unsigned char guard_keys_down[256];
/// Pointer buttons pressed through XTest and not released yet (a drag of a program without
/// touch), by button number.
static volatile unsigned char guard_buttons_down[32];
static int guard_xtest_opcode = -1;
static Display *guard_display;
static int guard_opcode = -1;
static Window guard_root;
static unsigned long guard_written;
static unsigned char guard_buffer[1 << 16];
static unsigned char guard_stack[1 << 16];

static void guard_write(const void *data, size_t length) {
    const unsigned char *p = data;
    while (length > 0) {
        ssize_t w = write(ConnectionNumber(guard_display), p, length);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        p += w;
        length -= (size_t)w;
    }
}

/// An XTest release of a key (`KeyRelease`, a keycode) or a button (`ButtonRelease`, its
/// number), as raw protocol.
static void guard_fake_release(int type, unsigned detail) {
    xXTestFakeInputReq q;
    memset(&q, 0, sizeof q);
    q.reqType = (CARD8)guard_xtest_opcode;
    q.xtReqType = X_XTestFakeInput;
    q.length = sz_xXTestFakeInputReq / 4;
    q.type = (BYTE)type;
    q.detail = (BYTE)detail;
    q.time = CurrentTime;
    guard_write(&q, sizeof q);
    guard_written++;
}

static void guard_add(int device, unsigned touch, unsigned long window) {
    for (int i = 0; i < GUARD_TOUCHES; i++) {
        if (guard_table[i].held && guard_table[i].device == device && guard_table[i].touch == touch) return;
    }
    for (int i = 0; i < GUARD_TOUCHES; i++) {
        if (!guard_table[i].held) {
            guard_table[i].device = device;
            guard_table[i].touch = touch;
            guard_table[i].window = window;
            guard_table[i].held = 1;
            return;
        }
    }
}

void cx11_abort_guard_hold(int device, unsigned touch, unsigned long window) { guard_add(device, touch, window ? window : guard_root); }
void cx11_abort_guard_xtest(int xtest_opcode) { guard_xtest_opcode = xtest_opcode; }
void cx11_abort_guard_key(unsigned keycode, int pressed) {
    if (keycode < 256) guard_keys_down[keycode] = pressed ? 1 : 0;
}
void cx11_abort_guard_button(unsigned button, int pressed) {
    if (button < 32) guard_buttons_down[button] = pressed ? 1 : 0;
}

void cx11_abort_guard_release(int device, unsigned touch, unsigned long window) {
    for (int i = 0; i < GUARD_TOUCHES; i++) {
        if (guard_table[i].held && guard_table[i].device == device && guard_table[i].touch == touch && (window == 0 || guard_table[i].window == window))
            guard_table[i].held = 0;
    }
}

/// Length of the reply, error or event at `p` (32 bytes, or more for replies and generic events).
static size_t guard_item_length(const unsigned char *p) {
    unsigned type = p[0] & 0x7f;
    if (type == X_Reply || type == GenericEvent) {
        uint32_t extra;
        memcpy(&extra, p + 4, 4);
        return 32 + 4 * (size_t)extra;
    }
    return 32;
}

/// Touches the loop never read (it hung at an event boundary): the TouchBegins waiting on the socket.
static void guard_scan(void) {
    int fd = ConnectionNumber(guard_display);
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    size_t length = 0;
    ssize_t r;
    while (length < sizeof guard_buffer && (r = read(fd, guard_buffer + length, sizeof guard_buffer - length)) > 0) length += (size_t)r;
    fcntl(fd, F_SETFL, flags);
    size_t at = 0;
    while (at + 32 <= length) {
        size_t n = guard_item_length(guard_buffer + at);
        if (at + n > length) break;
        const unsigned char *e = guard_buffer + at;
        uint16_t evtype, device;
        uint32_t touch, window;
        memcpy(&evtype, e + 8, 2);
        if ((e[0] & 0x7f) == GenericEvent && e[1] == guard_opcode && evtype == XI_TouchBegin) {
            memcpy(&device, e + 10, 2);
            memcpy(&touch, e + 16, 4);
            memcpy(&window, e + 24, 4);  // xXIDeviceEvent.event: the grab's window
            guard_add(device, touch, window ? window : guard_root);
        }
        at += n;
    }
}

static double guard_milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/// GetInputFocus and its reply, 500 ms at most: the server has then read every answer.
static void guard_round_trip(void) {
    unsigned char request[4] = {X_GetInputFocus, 0, 1, 0};
    guard_write(request, 4);
    guard_written++;
    uint16_t want = (uint16_t)((((struct _XDisplay *)guard_display)->request + guard_written) & 0xffff);
    int fd = ConnectionNumber(guard_display);
    double deadline = guard_milliseconds() + 500;
    size_t length = 0;
    for (;;) {
        size_t at = 0;
        while (at + 32 <= length) {
            size_t n = guard_item_length(guard_buffer + at);
            if (at + n > length) break;
            uint16_t sequence;
            memcpy(&sequence, guard_buffer + at + 2, 2);
            if ((guard_buffer[at] & 0x7f) == X_Reply && sequence == want) return;
            at += n;
        }
        if (at > 0) {
            memmove(guard_buffer, guard_buffer + at, length - at);
            length -= at;
        }
        if (length == sizeof guard_buffer) length = 0;  // an item larger than the buffer: not ours
        int left = (int)(deadline - guard_milliseconds());
        if (left <= 0) return;
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, left) <= 0) return;
        ssize_t r = read(fd, guard_buffer + length, sizeof guard_buffer - length);
        if (r <= 0) return;
        length += (size_t)r;
    }
}

static const int guard_signals[] = {SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE};
static struct sigaction guard_previous[sizeof guard_signals / sizeof guard_signals[0]];

static void guard_handler(int signal_number) {
    if (guard_display && guard_opcode >= 0) {
        // Requests Xlib built but did not send yet go first, so that sequence numbers agree.
        struct _XDisplay *d = (struct _XDisplay *)guard_display;
        if (d->bufptr > d->buffer) guard_write(d->buffer, (size_t)(d->bufptr - d->buffer));
        guard_written = 0;
        guard_scan();
        for (int i = 0; i < GUARD_TOUCHES; i++) {
            if (!guard_table[i].held) continue;
            xXI2_2AllowEventsReq q;
            memset(&q, 0, sizeof q);
            q.reqType = (CARD8)guard_opcode;
            q.ReqType = X_XIAllowEvents;
            q.length = sizeof q / 4;
            q.time = CurrentTime;
            q.deviceid = (CARD16)guard_table[i].device;
            q.mode = XIAcceptTouch;
            q.touchid = guard_table[i].touch;
            q.grab_window = (CARD32)guard_table[i].window;
            guard_write(&q, sizeof q);
            guard_written++;
            guard_table[i].held = 0;
        }
        for (unsigned k = 0; guard_xtest_opcode >= 0 && k < 256; k++) {
            if (!guard_keys_down[k]) continue;
            guard_fake_release(KeyRelease, k);
            guard_keys_down[k] = 0;
        }
        for (unsigned b = 1; guard_xtest_opcode >= 0 && b < 32; b++) {
            if (!guard_buttons_down[b]) continue;
            guard_fake_release(ButtonRelease, b);
            guard_buttons_down[b] = 0;
        }
        guard_round_trip();
    }
    if (signal_number == SIGABRT) {
        // Its default action (the process ends, with a core dump). Not the Swift runtime's
        // backtracer, which prints and returns: a daemon the watchdog stopped must end.
        signal(SIGABRT, SIG_DFL);
        raise(SIGABRT);
        return;
    }
    // A fault or a trap: what was installed before (the Swift runtime's backtracer prints
    // where it happened); returning runs the faulting instruction again, into it.
    for (unsigned i = 0; i < sizeof guard_signals / sizeof guard_signals[0]; i++) {
        if (guard_signals[i] == signal_number) sigaction(signal_number, &guard_previous[i], NULL);
    }
}

int cx11_abort_guard_install(Display *display, int xi_opcode, Window root) {
    if (guard_display) return 0;  // once: a second grab keeps the first handlers
    guard_display = display;
    guard_opcode = xi_opcode;
    guard_root = root;
    stack_t stack = {.ss_sp = guard_stack, .ss_size = sizeof guard_stack, .ss_flags = 0};
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = guard_handler;
    action.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < sizeof guard_signals / sizeof guard_signals[0]; i++) {
        if (sigaction(guard_signals[i], &action, &guard_previous[i]) != 0) return -1;
    }
    return 0;
}

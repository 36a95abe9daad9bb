/* The benchmarks' side of Xorg's `inputtest` driver (touch-latency.c, scroll-cpu.c): a
 * connection to a device's socket, touches written to it, and the window under test started
 * with its output piped here. Static functions: each benchmark is one C file built alone. */
#ifndef TACTUS_INPUTTEST_CLIENT_H
#define TACTUS_INPUTTEST_CLIENT_H
#include <xorg/xf86-input-inputtest-protocol.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

static int device;

static void die(const char *what) { perror(what); exit(1); }

static void send_all(const void *p, size_t n) {
    if (send(device, p, n, MSG_NOSIGNAL) != (ssize_t)n) die("inputtest write");
}

/* Connects to the device's socket at `path` and agrees on the protocol version. */
static void connect_device(const char *path) {
    device = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un a = { .sun_family = AF_UNIX };
    strncpy(a.sun_path, path, sizeof a.sun_path - 1);
    if (connect(device, (struct sockaddr *)&a, sizeof a) != 0) die("connect");
    xf86ITEventClientVersion hello = { .header = { sizeof hello, XF86IT_EVENT_CLIENT_VERSION },
                                       .major = XF86IT_PROTOCOL_VERSION_MAJOR, .minor = XF86IT_PROTOCOL_VERSION_MINOR };
    send_all(&hello, sizeof hello);
    xf86ITResponseServerVersion version;
    if (read(device, &version, sizeof version) != sizeof version) die("inputtest version");
}

/* Returns once the server has processed everything written so far. */
static void sync_server(void) {
    xf86ITEventWaitForSync e = { .header = { sizeof e, XF86IT_EVENT_WAIT_FOR_SYNC } };
    send_all(&e, sizeof e);
    xf86ITResponseSyncFinished r;
    if (read(device, &r, sizeof r) != sizeof r) die("inputtest sync");
}

/* Screen 1280x800 in device units 0..65535; returns when written (not yet processed). */
static void touch(int type, unsigned id, double x, double y) {
    xf86ITEventTouch e;
    memset(&e, 0, sizeof e);
    e.header.length = sizeof e;
    e.header.type = XF86IT_EVENT_TOUCH;
    e.touchid = id;
    e.touch_type = type;
    e.valuators.mask[0] = 0x3;
    e.valuators.valuators[0] = x / 1280.0 * 65535.0;
    e.valuators.valuators[1] = y / 800.0 * 65535.0;
    send_all(&e, sizeof e);
}

/* Starts `argv` with its standard output on a pipe: the read end in `*output`. */
static pid_t start_window(char **argv, int *output) {
    int fds[2];
    if (pipe(fds) != 0) die("pipe");
    pid_t window = fork();
    if (window < 0) die("fork");
    if (window == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);
    *output = fds[0];
    return window;
}
#endif

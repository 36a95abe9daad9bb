/* The daemon's CPU while a finger scrolls a program without touch (make bench-scroll).
 *
 * Drives real touches through an Xorg `inputtest` touch device over a test window that selects
 * no touch events (the daemon's built-in profile scrolls it with wheel steps), and reads the
 * daemon's CPU time (utime + stime of /proc/PID/stat) around the drags. Each drag lands,
 * moves up 5 px every 8 ms (625 px/s, a touchscreen's 125 Hz) for 60 updates (300 px), rests
 * 200 ms (no glide) and lifts; the window's wheel presses are counted (7 a drag: one per
 * 40 px). Then FLICKS flicks: 120 px in 48 ms, lifted moving (2,500 px/s: 15 more steps as
 * it glides), each followed by quiet until the glide is over, measured the same way.
 * Prints the daemon's CPU per second of scrolling, per touch update and per wheel step.
 * Usage: scroll-cpu SOCKET DAEMON-PID DRAGS FLICKS WINDOW-COMMAND...   (DISPLAY set)
 */
#define _GNU_SOURCE
#include "inputtest-client.h"
#include <X11/extensions/XI2.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int window_fd;
static long wheel_presses;

/* The window's lines until it has been quiet for `wait_ms`: wheel presses (buttons 4-7)
   counted. */
static void drain(int wait_ms) {
    static char buf[65536];
    static size_t len;
    struct pollfd p = { window_fd, POLLIN, 0 };
    while (poll(&p, 1, wait_ms) > 0) {
        ssize_t r = read(window_fd, buf + len, sizeof buf - len - 1);
        if (r <= 0) return;
        len += (size_t)r;
        char *start = buf, *nl;
        while ((nl = memchr(start, '\n', len - (size_t)(start - buf)))) {
            *nl = 0;
            if (strncmp(start, "button-press ", 13) == 0 && start[13] >= '4' && start[13] <= '7') wheel_presses++;
            start = nl + 1;
        }
        len -= (size_t)(start - buf);
        memmove(buf, start, len);
    }
}

/* The daemon's user + system CPU time, in seconds. */
static double cpu_seconds(int pid) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(text, sizeof text, f)) die("daemon stat");
    fclose(f);
    char *p = strrchr(text, ')');
    unsigned long utime = 0, stime = 0;
    /* Fields after the command: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime */
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2) die("daemon stat fields");
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: %s SOCKET DAEMON-PID DRAGS FLICKS WINDOW-COMMAND...\n", argv[0]); return 2; }
    int pid = atoi(argv[2]), drags = atoi(argv[3]), flicks = atoi(argv[4]);
    connect_device(argv[1]);
    pid_t window = start_window(argv + 5, &window_fd);
    usleep(1500000); /* let the server map it and the daemon read it (a benchmark, not a test) */
    drain(0);

    double cpu0 = cpu_seconds(pid), wall0 = seconds_now();
    double scrolling = 0;
    for (int i = 0; i < drags; i++) {
        double x = 400 + (i % 8) * 40, y = 650;
        double start = seconds_now();
        touch(XI_TouchBegin, 1, x, y);
        for (int s = 1; s <= 60; s++) {
            usleep(8000);
            touch(XI_TouchUpdate, 1, x, y - 5 * s);
        }
        scrolling += seconds_now() - start;
        usleep(200000);
        touch(XI_TouchEnd, 1, x, y - 300);
        sync_server();
        drain(20);
    }
    drain(200);
    double cpu1 = cpu_seconds(pid), wall1 = seconds_now();
    long dragSteps = wheel_presses;
    printf("%d drags of 300 px (%.1f s of scrolling, %.1f s in all): %ld wheel steps reached the window (%.1f a drag)\n",
           drags, scrolling, wall1 - wall0, dragSteps, (double)dragSteps / drags);
    printf("daemon CPU: %.1f ms in all, %.2f ms per second of scrolling (%.1f%% of a core), %.1f us per touch update, %.0f us per wheel step\n",
           (cpu1 - cpu0) * 1e3, (cpu1 - cpu0) * 1e3 / scrolling, (cpu1 - cpu0) * 100 / scrolling,
           (cpu1 - cpu0) * 1e6 / (drags * 61.0), dragSteps ? (cpu1 - cpu0) * 1e6 / dragSteps : 0);

    double cpu2 = cpu_seconds(pid);
    for (int i = 0; i < flicks; i++) {
        double x = 400 + (i % 8) * 40, y = 600;
        touch(XI_TouchBegin, 1, x, y);
        for (int s = 1; s <= 6; s++) {
            usleep(8000);
            touch(XI_TouchUpdate, 1, x, y - 20 * s);
        }
        usleep(8000);
        touch(XI_TouchEnd, 1, x, y - 120);
        sync_server();
        drain(400); /* until the glide is over: its last steps come over 300 ms apart */
    }
    drain(200);
    double cpu3 = cpu_seconds(pid);
    long flickSteps = wheel_presses - dragSteps;
    if (flicks > 0)
        printf("%d flicks of 120 px at 2,500 px/s: %ld wheel steps (%.1f a flick, 3 under the finger, the rest gliding); daemon CPU %.2f ms a flick, %.0f us per wheel step\n",
               flicks, flickSteps, (double)flickSteps / flicks, (cpu3 - cpu2) * 1e3 / flicks, flickSteps ? (cpu3 - cpu2) * 1e6 / flickSteps : 0);
    kill(window, SIGTERM);
    waitpid(window, NULL, 0);
    return dragSteps == 0 ? 1 : 0;
}

/* Touch-to-application latency on a real X server (make bench-touch).
 *
 * Drives real touches through an Xorg `inputtest` touch device and reads, from a
 * touch-selecting test window started with --timestamps, when the application received each
 * TouchBegin. Each drag lands, moves 6 px every 8 ms (the first update moves it past the
 * built-in profile's 4 px: it is a drag, not a swipe's first finger), goes on for a few
 * updates and lifts. Prints, over DRAGS drags, the p50 and p99 of
 *   from the deciding update written to the window's TouchBegin (what the decision costs)
 *   from the TouchBegin written to the window's TouchBegin (what the hand feels: it includes
 *   the 8 ms the finger takes to move)
 * With IDLE_ROUNDS=N (and IDLE_SECONDS=S, default 30), then N times: S seconds of nothing,
 * the page cache dropped (DROP_CACHES=1, as root), and one drag: the first touch after a
 * quiet spell, against the warm p50.
 * Usage: touch-latency SOCKET DRAGS WINDOW-COMMAND...   (DISPLAY set; the window is started here)
 */
#define _GNU_SOURCE
#include "inputtest-client.h"
#include <X11/extensions/XI2.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return x < y ? -1 : x > y;
}

static double percentile(long long *v, int n, double p) {
    qsort(v, n, sizeof *v, compare);
    int i = (int)(p * (n - 1) + 0.5);
    return v[i] / 1e6;
}

/* The window's output, read with read(2) into our own buffer (stdio's buffering and poll(2)
   do not mix), one line at a time. */
static int window_fd;
static char pending[65536];
static size_t pending_len;

/* The next whole line within `deadline` (ns, monotonic), or 0 when none came. */
static int next_line(char *line, size_t size, long long deadline) {
    for (;;) {
        char *nl = memchr(pending, '\n', pending_len);
        if (nl) {
            size_t n = (size_t)(nl - pending);
            size_t k = n < size - 1 ? n : size - 1;
            memcpy(line, pending, k);
            line[k] = 0;
            memmove(pending, nl + 1, pending_len - n - 1);
            pending_len -= n + 1;
            return 1;
        }
        long long left = deadline - now_ns();
        if (left <= 0) return 0;
        struct pollfd p = { window_fd, POLLIN, 0 };
        if (poll(&p, 1, (int)(left / 1000000) + 1) <= 0) continue;
        ssize_t r = read(window_fd, pending + pending_len, sizeof pending - pending_len);
        if (r <= 0) return 0;
        pending_len += (size_t)r;
    }
}

/* When the window reported a TouchBegin (its CLOCK_MONOTONIC ns), or -1 by `deadline`. */
static long long wait_for_begin(long long deadline) {
    char line[256];
    while (next_line(line, sizeof line, deadline)) {
        if (strncmp(line, "touch begin ", 12) == 0) {
            char *last = strrchr(line, ' ');
            return last ? atoll(last + 1) : -1;
        }
    }
    return -1;
}

/* `seconds` of nothing, then (as root) the page cache dropped. */
static void quiet(int seconds, int drop) {
    sleep(seconds);
    if (!drop) return;
    sync();
    FILE *c = fopen("/proc/sys/vm/drop_caches", "w");
    if (!c || fputs("3\n", c) < 0 || fclose(c) != 0) die("drop_caches (run as root)");
}

/* One drag: lands, moves 6 px every 8 ms for 8 updates, lifts. `decision`: the first
   update written -> the window's TouchBegin; `felt`: the TouchBegin written -> the window's. */
static int drag(int i, long long *decision, long long *felt) {
    char line[256];
    double x = 300 + (i % 10) * 40, y = 250 + (i % 7) * 30;
    long long begin = now_ns(), deciding = 0;
    touch(XI_TouchBegin, 1, x, y);
    for (int s = 1; s <= 8; s++) {
        usleep(8000);
        if (s == 1) deciding = now_ns();
        touch(XI_TouchUpdate, 1, x + 6 * s, y);
    }
    long long got = wait_for_begin(now_ns() + 2000000000LL);
    touch(XI_TouchEnd, 1, x + 48, y);
    sync_server();
    /* The rest of this drag's lines. */
    while (next_line(line, sizeof line, now_ns() + 30000000LL)) {}
    if (got <= 0) return 0;
    *decision = got - deciding;
    *felt = got - begin;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s SOCKET DRAGS WINDOW-COMMAND...\n", argv[0]); return 2; }
    int drags = atoi(argv[2]);
    connect_device(argv[1]);

    /* The window: argv[3...], its output read here. */
    pid_t window = start_window(argv + 3, &window_fd);
    char line[256];
    while (next_line(line, sizeof line, now_ns() + 10000000000LL) && strncmp(line, "ready ", 6) != 0) {}
    usleep(300000); /* let the server map it (a benchmark, not a test) */

    int rounds = getenv("IDLE_ROUNDS") ? atoi(getenv("IDLE_ROUNDS")) : 0;
    int seconds = getenv("IDLE_SECONDS") ? atoi(getenv("IDLE_SECONDS")) : 30;
    int drop = getenv("DROP_CACHES") && atoi(getenv("DROP_CACHES"));
    /* The very first touch, after the daemon has gone idle once (it may have let go of what
       start-up used), compared below with the warm figures. */
    long long firstDecision = 0, firstFelt = 0;
    int first = 0;
    if (rounds > 0) {
        quiet(seconds, drop);
        first = drag(0, &firstDecision, &firstFelt);
    }
    long long *decision = calloc(drags, sizeof *decision), *felt = calloc(drags, sizeof *felt);
    int measured = 0, lost = 0;
    for (int i = 0; i < drags; i++) {
        long long d, f;
        if (drag(i, &d, &f)) { decision[measured] = d; felt[measured] = f; measured++; } else lost++;
    }
    if (measured == 0) { fprintf(stderr, "no TouchBegin reached the window\n"); return 1; }
    printf("%d drags (%d never reached the window)\n", measured, lost);
    double d50 = percentile(decision, measured, 0.5), d99 = percentile(decision, measured, 0.99);
    if (d50 >= 0) /* with no daemon the window has the touch before the slop: nothing to decide */
        printf("deciding update written -> window's TouchBegin:     p50 %.3f ms, p99 %.3f ms\n", d50, d99);
    double warm = percentile(felt, measured, 0.5), warmDecision = percentile(decision, measured, 0.5);
    printf("TouchBegin written -> window's TouchBegin:          p50 %.3f ms, p99 %.3f ms\n",
           warm, percentile(felt, measured, 0.99));
    if (first)
        printf("first touch after start-up and %d s idle%s: deciding update -> window %.3f ms (%.2fx the warm p50), TouchBegin -> window %.3f ms (%.2fx)\n",
               seconds, drop ? ", page cache dropped" : "", firstDecision / 1e6, firstDecision / 1e6 / warmDecision, firstFelt / 1e6, firstFelt / 1e6 / warm);
    for (int r = 1; r < rounds; r++) {
        quiet(seconds, drop);
        long long d, f;
        if (!drag(r, &d, &f)) { printf("after %d s idle%s: the touch never reached the window\n", seconds, drop ? ", page cache dropped" : ""); continue; }
        printf("after %d s idle%s: deciding update -> window %.3f ms (%.2fx the warm p50), TouchBegin -> window %.3f ms (%.2fx)\n",
               seconds, drop ? ", page cache dropped" : "", d / 1e6, d / 1e6 / warmDecision, f / 1e6, f / 1e6 / warm);
    }
    kill(window, SIGTERM);
    waitpid(window, NULL, 0);
    return lost ? 1 : 0;
}

/* The reader of bench/live.py in C: thousands of live streams over raw sockets, one epoll loop.

   It stands for the phones, which parse on CPUs of their own; on the bench's machine it shares
   the two CPUs with the server, so it does the same checks as the Python reader (Follower in
   bench/live.py) with less CPU per message. For each stream: the request, the status line,
   then a byte-level scan of the body for the `id: N` lines of the events (a line starting
   with "id: " after a newline; a message is written whole and its JSON holds no raw
   newline). Each id must be the one after the last of its stream (once, in order); each is
   recorded with the moment (CLOCK_MONOTONIC, as Python's time.monotonic) of the read that
   completed its line. The end of a stream (the last chunk, or the connection closed) is a
   problem: not expected in a run.

   Commands on stdin, one a line; answers on stdout:
     open COUNT HOST PORT M1 A1 [M2 A2 ...]  open COUNT more streams, the i-th on match and
                                             position (M, A) number (opened + i) mod n
       -> "opened OPEN FAILED SECONDS" and, if any failed, "failure TEXT" (the first)
     report  -> "r MATCH SEQ TIME" per event received since the last report,
                "l MATCH LAST" per stream, "problems N", "end"
     close   -> "closed", and the process ends

   Build: cc -O2 -o live_reader live_reader.c (bench/live.py does it in its log directory).
*/
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define TAIL 32    /* an id line is shorter: a longer unfinished line is not one */
#define HEAD 8192  /* the response's status line and headers */
#define READ 65536
#define BATCH 200  /* streams opened at a time */

typedef struct {
    int fd, match, status; /* status: 0 until the headers are in */
    long expected, last;
    int problems, tail_len, head_len, closed;
    char tail[TAIL + 1];
    char *head;
} Stream;

typedef struct {
    int match;
    long seq;
    double at;
} Arrival;

static Stream *streams;
static int nstreams, capstreams;
static Arrival *arrivals;
static long narrivals, caparrivals;
static int epfd;
static char scratch[TAIL + READ + 8];

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void record(int match, long seq, double at) {
    if (narrivals == caparrivals) {
        caparrivals = caparrivals ? caparrivals * 2 : 65536;
        arrivals = realloc(arrivals, caparrivals * sizeof(Arrival));
        if (!arrivals) { perror("realloc"); exit(1); }
    }
    arrivals[narrivals].match = match;
    arrivals[narrivals].seq = seq;
    arrivals[narrivals].at = at;
    narrivals++;
}

/* The body bytes of one read: the id lines completed by them, and the unfinished line kept. */
static void scan(Stream *s, const char *data, int len, double at) {
    memcpy(scratch, s->tail, s->tail_len);
    memcpy(scratch + s->tail_len, data, len);
    int n = s->tail_len + len;
    const char *buf = scratch, *end = scratch + n;
    const char *last_nl = memrchr(buf, '\n', n);
    if (last_nl) {
        const char *p = buf;
        while ((p = memmem(p, last_nl + 1 - p, "\nid: ", 5)) != NULL) {
            const char *q = p + 5;
            long seq = 0;
            int digits = 0;
            while (q < end && *q >= '0' && *q <= '9') { seq = seq * 10 + (*q - '0'); q++; digits++; }
            if (digits && q <= last_nl && *q == '\n') {
                if (seq != s->expected) s->problems++;
                s->expected = seq + 1;
                s->last = seq;
                record(s->match, seq, at);
            }
            p = q;
        }
        int rest = end - last_nl;
        if (rest <= TAIL) { memcpy(s->tail, last_nl, rest); s->tail_len = rest; }
        else s->tail_len = 0; /* a long line: no id line */
    } else if (n <= TAIL) {
        memmove(s->tail, buf, n);
        s->tail_len = n;
    } else {
        s->tail_len = 0;
    }
    if (memmem(buf, n, "\r\n0\r\n\r\n", 7)) s->problems++; /* the server ended the stream */
}

/* Bytes of a stream whose headers are not all in yet; the status once they are. */
static void headers(Stream *s, const char *data, int len, double at) {
    if (!s->head) s->head = malloc(HEAD);
    int room = HEAD - s->head_len;
    int take = len < room ? len : room;
    memcpy(s->head + s->head_len, data, take);
    s->head_len += take;
    char *sep = memmem(s->head, s->head_len, "\r\n\r\n", 4);
    if (!sep) {
        if (s->head_len == HEAD) s->status = -1;
        return;
    }
    s->status = -1;
    char *space = memchr(s->head, ' ', s->head_len);
    if (space) s->status = atoi(space + 1);
    int used = (sep + 4) - s->head;
    int body = s->head_len - used;
    /* the body after the headers starts a line */
    s->tail[0] = '\n';
    s->tail_len = 1;
    if (body > 0) scan(s, s->head + used, body, at);
    /* what the head buffer did not take */
    if (take < len) scan(s, data + take, len - take, at);
    free(s->head);
    s->head = NULL;
}

static void readable(Stream *s) {
    static char data[READ];
    for (;;) {
        ssize_t got = read(s->fd, data, sizeof data);
        if (got > 0) {
            double at = now();
            if (s->status == 0) headers(s, data, (int)got, at);
            else scan(s, data, (int)got, at);
            if (got < (ssize_t)sizeof data) return;
            continue;
        }
        if (got < 0 && (errno == EAGAIN || errno == EINTR)) return;
        /* closed by the server, or an error */
        if (s->status == 200) s->problems++;
        if (s->status == 0) s->status = -2;
        epoll_ctl(epfd, EPOLL_CTL_DEL, s->fd, NULL);
        close(s->fd);
        s->closed = 1;
        return;
    }
}

static int poll_once(int timeout_ms) {
    struct epoll_event events[512];
    int n = epoll_wait(epfd, events, 512, timeout_ms);
    int input = 0;
    for (int i = 0; i < n; i++) {
        if (events[i].data.u64 == (unsigned long)-1) { input = 1; continue; }
        readable(&streams[events[i].data.u64]);
    }
    return input;
}

static void open_streams(int count, const char *host, int port, int *pos, int npos) {
    double started = now();
    int failed = 0;
    char failure[200] = "";
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    inet_pton(AF_INET, host, &addr.sin_addr);
    int base = nstreams;
    for (int first = 0; first < count; first += BATCH) {
        int size = count - first < BATCH ? count - first : BATCH;
        int from = nstreams;
        for (int k = 0; k < size; k++) {
            int index = base + first + k;
            int match = pos[2 * (index % npos)], after = pos[2 * (index % npos) + 1];
            int fd = socket(AF_INET, SOCK_STREAM, 0);
            if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
                if (!failed) snprintf(failure, sizeof failure, "connect: %s", strerror(errno));
                failed++;
                if (fd >= 0) close(fd);
                continue;
            }
            char request[256];
            int len = snprintf(request, sizeof request,
                               "GET /api/matches/%d/stream/?after=%d HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               "Accept: text/event-stream\r\n\r\n",
                               match, after);
            if (write(fd, request, len) != len) {
                if (!failed) snprintf(failure, sizeof failure, "write: %s", strerror(errno));
                failed++;
                close(fd);
                continue;
            }
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
            if (nstreams == capstreams) {
                capstreams = capstreams ? capstreams * 2 : 1024;
                streams = realloc(streams, capstreams * sizeof(Stream));
                if (!streams) { perror("realloc"); exit(1); }
            }
            Stream *s = &streams[nstreams];
            memset(s, 0, sizeof *s);
            s->fd = fd;
            s->match = match;
            s->expected = after + 1;
            s->last = after;
            struct epoll_event ev = {.events = EPOLLIN, .data.u64 = (unsigned long)nstreams};
            epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
            nstreams++;
        }
        /* this batch's answers: their status lines */
        double deadline = now() + 120;
        for (;;) {
            int waiting = 0;
            for (int i = from; i < nstreams; i++)
                if (streams[i].status == 0 && !streams[i].closed) waiting++;
            if (!waiting || now() > deadline) break;
            poll_once(100);
        }
        for (int i = from; i < nstreams; i++) {
            if (streams[i].status != 200) {
                if (!failed) snprintf(failure, sizeof failure, "status %d", streams[i].status);
                failed++;
            }
        }
    }
    int open = 0;
    for (int i = 0; i < nstreams; i++) if (streams[i].status == 200 && !streams[i].closed) open++;
    printf("opened %d %d %.3f\n", open, failed, now() - started);
    if (failed) printf("failure %s\n", failure);
    printf("done\n");
    fflush(stdout);
}

static void report(void) {
    for (long i = 0; i < narrivals; i++)
        printf("r %d %ld %.6f\n", arrivals[i].match, arrivals[i].seq, arrivals[i].at);
    narrivals = 0;
    int problems = 0;
    for (int i = 0; i < nstreams; i++) {
        if (streams[i].status != 200) continue; /* never opened: counted as a failure */
        printf("l %d %ld\n", streams[i].match, streams[i].last);
        problems += streams[i].problems;
    }
    printf("problems %d\nend\n", problems);
    fflush(stdout);
}

int main(void) {
    struct rlimit limit;
    getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
    epfd = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.u64 = (unsigned long)-1};
    epoll_ctl(epfd, EPOLL_CTL_ADD, 0, &ev);
    char line[1 << 16];
    size_t have = 0;
    for (;;) {
        if (!poll_once(-1)) continue;
        ssize_t got = read(0, line + have, sizeof line - 1 - have);
        if (got <= 0) return 0;
        have += got;
        char *nl;
        while ((nl = memchr(line, '\n', have)) != NULL) {
            *nl = 0;
            if (!strncmp(line, "open ", 5)) {
                int count, port, n = 0, used = 0, pos[64];
                char host[64];
                char *p = line + 5;
                sscanf(p, "%d %63s %d%n", &count, host, &port, &used);
                p += used;
                while (n < 64 && sscanf(p, "%d%n", &pos[n], &used) == 1) { p += used; n++; }
                open_streams(count, host, port, pos, n / 2);
            } else if (!strcmp(line, "report")) {
                report();
            } else if (!strcmp(line, "close")) {
                for (int i = 0; i < nstreams; i++) if (!streams[i].closed) close(streams[i].fd);
                printf("closed\n");
                fflush(stdout);
                return 0;
            }
            size_t rest = have - (nl + 1 - line);
            memmove(line, nl + 1, rest);
            have = rest;
        }
    }
}

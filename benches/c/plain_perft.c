/*
 * Perft by a plain array-based implementation of the Jump61 rules, the yardstick the engine's
 * board core is timed against (scripts/perft_vs_c.sh runs the two side by side).
 *
 * Plain on purpose, as a course's program would be: an int of spots and an int of owner a
 * square, a move made on a copy of the board, a queue of the squares to topple. Two counts of
 * owned squares find the win without a scan, and at the last ply the legal moves are counted,
 * not made, as the engine's perft does: the comparison is of the making of moves.
 *
 *   cc -O2 -o plain_perft benches/c/plain_perft.c
 *   ./plain_perft SIZE DEPTH [2013|2014]
 *
 * prints one line a depth, "DEPTH COUNT SECONDS", from the start of a SIZE x SIZE board
 * (2014 rules: every square white with one spot; 2013: white and empty; Red moves first).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZE 10
#define MAX_SQUARES (MAX_SIZE * MAX_SIZE)

enum { WHITE = 0, RED = 1, BLUE = 2 };

typedef struct {
    int spots[MAX_SQUARES];
    int owner[MAX_SQUARES];
    int owned[3]; /* squares owned by each colour (index WHITE unused) */
} Board;

static int size, squares;
static int capacity[MAX_SQUARES];
static int neighbours[MAX_SQUARES][4];

static void setup(int n) {
    size = n;
    squares = n * n;
    for (int sq = 0; sq < squares; sq++) {
        int row = sq / n, col = sq % n, k = 0;
        if (row > 0) neighbours[sq][k++] = sq - n;
        if (col > 0) neighbours[sq][k++] = sq - 1;
        if (col < n - 1) neighbours[sq][k++] = sq + 1;
        if (row < n - 1) neighbours[sq][k++] = sq + n;
        capacity[sq] = k;
    }
}

/* Gives square sq to colour me. */
static void take(Board *b, int sq, int me) {
    int old = b->owner[sq];
    if (old != me) {
        b->owned[old]--;
        b->owned[me]++;
        b->owner[sq] = me;
    }
}

/* Plays a legal move for me: one spot on sq, then the chain reaction, which stops as soon as
 * me owns every square. Returns 1 when me has won. */
static int play(Board *b, int sq, int me) {
    int queue[MAX_SQUARES + 1];
    int head = 0, tail = 0;
    b->spots[sq]++;
    take(b, sq, me);
    if (b->owned[me] == squares) return 1;
    if (b->spots[sq] > capacity[sq]) queue[tail++] = sq;
    while (head != tail) {
        int s = queue[head];
        head = (head + 1) % (MAX_SQUARES + 1);
        b->spots[s] -= capacity[s];
        for (int i = 0; i < capacity[s]; i++) {
            int t = neighbours[s][i];
            b->spots[t]++;
            take(b, t, me);
            /* Queued when it just became overfull: a square is in the queue once at most. */
            if (b->spots[t] == capacity[t] + 1) {
                queue[tail] = t;
                tail = (tail + 1) % (MAX_SQUARES + 1);
            }
        }
        if (b->owned[me] == squares) return 1;
        if (b->spots[s] > capacity[s]) {
            queue[tail] = s;
            tail = (tail + 1) % (MAX_SQUARES + 1);
        }
    }
    return 0;
}

static unsigned long long perft(const Board *b, int depth, int me) {
    int them = me == RED ? BLUE : RED;
    unsigned long long count = 0;
    if (depth == 0) return 1;
    if (depth == 1) {
        for (int sq = 0; sq < squares; sq++) count += b->owner[sq] != them;
        return count;
    }
    for (int sq = 0; sq < squares; sq++) {
        if (b->owner[sq] == them) continue;
        Board child;
        memcpy(child.spots, b->spots, squares * sizeof(int));
        memcpy(child.owner, b->owner, squares * sizeof(int));
        memcpy(child.owned, b->owned, sizeof child.owned);
        if (!play(&child, sq, me)) count += perft(&child, depth - 1, them);
    }
    return count;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s SIZE DEPTH [2013|2014]\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]), depth = atoi(argv[2]);
    int rules = argc > 3 ? atoi(argv[3]) : 2014;
    if (n < 2 || n > MAX_SIZE || depth < 0 || (rules != 2013 && rules != 2014)) {
        fprintf(stderr, "size 2 to %d, depth 0 or more, rules 2013 or 2014\n", MAX_SIZE);
        return 2;
    }
    setup(n);
    Board start;
    memset(&start, 0, sizeof start);
    for (int sq = 0; sq < squares; sq++) start.spots[sq] = rules == 2014 ? 1 : 0;
    start.owned[WHITE] = squares;
    for (int d = 1; d <= depth; d++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        unsigned long long count = perft(&start, d, RED);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        printf("%d %llu %.3f\n", d, count, seconds);
        fflush(stdout);
    }
    return 0;
}

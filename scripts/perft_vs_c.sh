#!/usr/bin/env bash
# Perft by the engine against a plain array-based C implementation of the rules
# (benches/c/plain_perft.c, built with `cc -O2`), side by side in one run.
#
#   scripts/perft_vs_c.sh [SIZE DEPTH RUNS]        (default: 6 6 3)
#
# First checks the C program against the start-position suites (perft/start.txt and
# perft/start_2013.txt, every size, up to a few million moves each), then runs the engine
# (`perft SIZE DEPTH --threads 1`) and the C program RUNS times each, alternated, and prints
# each pair's deepest-depth times and their ratio, then the smallest, median and largest
# ratio. The engine is target/release/jump61 unless JUMP61 names another binary
# (build it first: `cargo build --release`). Run it unniced, on a machine as quiet as you
# can find, and note the load (`uptime`) beside the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-6}
depth=${2:-6}
runs=${3:-3}
jump61=${JUMP61:-target/release/jump61}
plain=target/plain_perft
[[ -x $jump61 ]] || { echo "no engine at $jump61: cargo build --release" >&2; exit 1; }
mkdir -p target
cc -O2 -o "$plain" benches/c/plain_perft.c

# The C program's counts against the suites: `id start...` then `perft D N` lines.
check() {
    local suite=$1 rules=$2 id n=0 want got
    while read -r key a b; do
        case $key in
        id) id=$a; n=$(sed -E 's/.*-([0-9]+)x[0-9]+$/\1/' <<<"$a") ;;
        perft)
            [[ $b -le 20000000 ]] || continue
            got=$("$plain" "$n" "$a" "$rules" | tail -1 | cut -d' ' -f2)
            [[ $got == "$b" ]] || { echo "$id depth $a: C counts $got, suite $b" >&2; exit 1; }
            ;;
        esac
    done <"$suite"
}
check perft/start.txt 2014
check perft/start_2013.txt 2013
echo "C implementation agrees with perft/start.txt and perft/start_2013.txt"

# Wall seconds of a whole run (every depth up to DEPTH, as both print them), its output kept
# in $out; the count of the deepest depth is the second field of the last line.
timed() {
    local t0 t1
    t0=$(date +%s%N)
    out=$("$@")
    t1=$(date +%s%N)
    secs=$(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.3f", d / 1e9 }')
}
ratios=()
echo "perft $size $depth, one thread, wall seconds a run (every depth up to $depth):"
echo "run  engine  C  C/engine"
for ((i = 1; i <= runs; i++)); do
    timed "$jump61" perft "$size" "$depth" --threads 1
    e=$secs ecount=$(tail -1 <<<"$out" | cut -d' ' -f2)
    timed "$plain" "$size" "$depth"
    c=$secs ccount=$(tail -1 <<<"$out" | cut -d' ' -f2)
    [[ $ecount == "$ccount" ]] || { echo "counts differ: engine $ecount, C $ccount" >&2; exit 1; }
    r=$(awk -v c="$c" -v e="$e" 'BEGIN { printf "%.1f", c / e }')
    ratios+=("$r")
    echo "$i  $e  $c  $r"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk -v n="$ecount" '{ r[NR] = $1 } END {
    printf "count %s; C/engine: min %s, median %s, max %s over %d runs each\n", n, r[1], r[int((NR + 1) / 2)], r[NR], NR }'

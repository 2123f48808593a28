#!/usr/bin/env bash
# Ctrl-C at the command loop (and at Jump Snatch's), typed as a person types in a real
# terminal (a tmux pane of 100x30): it stops `solve` and the AI's search and the game goes
# on; at the prompt it says how to leave, and a second Ctrl-C leaves. Captures the screen at each stage and checks it.
# Skips cleanly when tmux is absent. Usage: scripts/loop_tmux.sh [CAPTURE_FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v tmux >/dev/null 2>&1; then
    echo "loop_tmux: tmux is not installed; skipped"
    exit 0
fi
bin=${JUMP61:-target/release/jump61}
[ -x "$bin" ] || cargo build --release --quiet
capture=${1:-target/loop_tmux.txt}
session="jump61-loop-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true' EXIT
: >"$capture"

name=loop_tmux
tenths=200  # `solve` and the searches take longer than a key
# shellcheck source=scripts/tmux_lib.sh
source scripts/tmux_lib.sh

tmux new-session -d -s "$session" -x 100 -y 30 "$bin; echo EXITED \$?; sleep 5"
expect ">"
# `solve` on the 4x4 start takes most of a minute: Ctrl-C stops it after about a second.
keys "size 4" Enter "verbose on" Enter "solve" Enter
expect "info solve "
keys C-c
expect "unknown: interrupted after"
expect "first moves: 1 1 "
# The AI (Red, 30 s a move) thinking: Ctrl-C stops it, its move is not played.
keys "verbose off" Enter "auto red" Enter "manual blue" Enter "time 30" Enter "start" Enter
sleep 1
keys C-c
expect "error: interrupted: the AI's move for Red was not played; type start to go on"
keys "position" Enter
expect "1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1-"
# The game goes on: the AI moves at once at a short time.
keys "time 0.05" Enter "start" Enter
expect "Red moves"
# At the prompt: a hint first, then the second Ctrl-C leaves.
keys C-c
expect "to leave, type quit or press Ctrl-C again"
keys C-c
expect "EXITED 130"
tmux kill-session -t "$session"
# Jump Snatch's loop likewise: the AI (30 s a move on an 8x8 board) stopped, its move not
# played; then the hint and the leaving.
tmux new-session -d -s "$session" -x 100 -y 30 "$bin snatch; echo EXITED \$?; sleep 5"
keys "random 8 30 1" Enter "time 30" Enter "first ai" Enter
sleep 1
keys C-c
expect "error: interrupted: the AI's move was not played; type \`first ai\` to let it move"
keys C-c
expect "to leave, type quit or press Ctrl-C again"
keys C-c
expect "EXITED 130"
echo "loop_tmux: ok (screens in $capture)"

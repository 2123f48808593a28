#!/usr/bin/env bash
# The command loop typed at as a person types, in a real terminal (a tmux pane of 100x30).
# Ctrl-C (at Jump Snatch's loop too): it stops `solve` and the AI's search and the game goes
# on; at the prompt it says how to leave, and a second Ctrl-C leaves. The line editor: Up
# recalls a line, Home and End edit it, Ctrl-R finds one, Tab completes `auto re`, and the
# history outlives a restart (in a temporary XDG_DATA_HOME); a history file that cannot be
# written is said once and the loop goes on. Captures the screen at each stage and checks it.
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
data=$(mktemp -d)
name=loop_tmux
tenths=200  # `solve` and the searches take longer than a key
# shellcheck source=scripts/tmux_lib.sh
source scripts/tmux_lib.sh
trap 'stop_tmux; rm -rf "$data"' EXIT
: >"$capture"

# Every loop here keeps its history in the temporary directory, never the user's.
loop="XDG_DATA_HOME='$data' $bin"
tmux new-session -d -s "$session" -x 100 -y 30 "$loop; echo EXITED \$?; sleep 5"
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
# played; then the hint and the leaving. Its line editor: Tab completes `fi` and `first a`,
# Up recalls a line.
tmux new-session -d -s "$session" -x 100 -y 30 "$loop snatch; echo EXITED \$?; sleep 5"
expect "snatch>"
keys "size 3" Enter "board" Enter
expect "  3 . . ."
keys C-l Up Up End BSpace 4 Enter "board" Enter
expect "  4 . . . ."
keys C-l "fi" Tab
expect "snatch> first"
keys " pe" Tab
expect "snatch> first person"
keys Enter "random 8 30 1" Enter "time 30" Enter "first ai" Enter
sleep 1
keys C-c
expect "error: interrupted: the AI's move was not played; type \`first ai\` to let it move"
keys C-c
expect "to leave, type quit or press Ctrl-C again"
keys C-c
expect "EXITED 130"

tmux kill-session -t "$session"
grep -qx "size 4" "$data/jump61/snatch_history" || fail "no 'size 4' in the snatch history"
# The line editor. Ctrl-L clears the screen, so each check sees only what came after it.
tmux new-session -d -s "$session" -x 100 -y 30 "$loop; echo EXITED \$?; sleep 5"
expect ">"
keys "nodes 777" Enter "size 2" Enter "position" Enter
expect "1-1-/1-1-"
# Up twice recalls `size 2`; End, Backspace and 3 make it `size 3`.
keys C-l Up Up End BSpace 3 Enter "position" Enter
expect "1-1-1-/1-1-1-/1-1-1-"
# Home: `ize 5` becomes `size 5`.
keys C-l "ize 5" Home s Enter "position" Enter
expect "1-1-1-1-1-/"
# Ctrl-R finds `nodes 777` from a piece of it; Enter runs it again.
keys C-l C-r "des 7"
expect "nodes 777"
keys Enter
expect "nodes per move: 777"
# Tab completes a command's word, and its name.
keys C-l "auto re" Tab
expect "> auto red"
keys Enter "boa" Tab
expect "> board"
keys Enter
expect "     1  2  3  4  5"
keys "quit" Enter
expect "EXITED 0"
tmux kill-session -t "$session"
grep -qx "size 3" "$data/jump61/history" || fail "no 'size 3' in the history file"
# A new run remembers: Up shows the last lines of the last run.
tmux new-session -d -s "$session" -x 100 -y 30 "$loop; echo EXITED \$?; sleep 5"
expect ">"
keys Up
expect "> quit"
keys Up
expect "> board"
keys C-u "quit" Enter
expect "EXITED 0"
tmux kill-session -t "$session"
# A history file that cannot be written (its directory is a file): said once, and the
# loop goes on.
: >"$data/file"
tmux new-session -d -s "$session" -x 100 -y 30 \
    "XDG_DATA_HOME='$data/file' $bin; echo EXITED \$?; sleep 5"
expect ">"
keys "size 3" Enter "position" Enter
expect "1-1-1-/1-1-1-/1-1-1-"
notes=$(tmux capture-pane -p -t "$session" | grep -c "note: the history file" || true)
[ "$notes" = 1 ] || fail "the history note came $notes times, not once"
keys "quit" Enter
expect "EXITED 0"
tmux kill-session -t "$session"
echo "loop_tmux: ok (screens in $capture)"

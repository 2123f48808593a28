#!/usr/bin/env bash
# Plays a game on `jump61 --display` by keys in a real terminal (a tmux pane of 80x24),
# captures the screen with capture-pane at each stage and checks it. Skips cleanly when
# tmux is absent. Usage: scripts/display_tmux.sh [CAPTURE_FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v tmux >/dev/null 2>&1; then
    echo "display_tmux: tmux is not installed; skipped"
    exit 0
fi
bin=${JUMP61:-target/release/jump61}
[ -x "$bin" ] || cargo build --release --quiet
capture=${1:-target/display_tmux.txt}
session="jump61-display-$$"
save=$(mktemp)
name=display_tmux
# shellcheck source=scripts/tmux_lib.sh
source scripts/tmux_lib.sh
trap 'stop_tmux; rm -f "$save"' EXIT
: >"$capture"

tmux new-session -d -s "$session" -x 80 -y 24 \
    "$bin --display --threads 1 --time 0.05 --save $save; echo EXITED \$?; sleep 5"
expect "Red to move | Red person | Blue AI L5 0.05s"
# Help overlay, then closed by a key.
keys '?'
expect "Keys (any key closes)"
keys Space
# Two people on a 2x2 board: Blue a person, the board three sizes smaller.
keys 2 - - - -
expect "Blue person | move 1 | spots 4"
# Red 1 1, Blue 2 2, Red 1 1 (the corner explodes), Blue 2 2 wins.
keys Enter j l Enter k h Enter
expect "3 r 1 1"
keys j l Enter
expect "Blue wins! u undoes"
# Undo the winning move, then redo it.
keys u
expect "Blue to move | Red person | Blue person | move 4"
keys r
expect "Blue wins | Red person | Blue person | move 5"
# An illegal square is refused with a message.
keys Space
expect "the game is over"
# A game against the AI on 3x3: Red plays 2 2, the AI replies, undo takes both back.
keys n 2 +
expect "Blue AI L5 0.05s | move 1 | spots 9"
keys j l Enter
expect "2 b "
expect "AI: depth"
keys u
expect "undo: 2 move(s) taken back"
expect "Moves (0)"
keys r
expect "Moves (2)"
keys q
expect "EXITED 0"
grep -qx "manual blue" "$save" || fail "the saved game lacks its commands"
grep -qx "2 2" "$save" || fail "the saved game lacks the move 2 2"
printf '=== saved game\n%s\n' "$(cat "$save")" >>"$capture"
# The command loop replays the saved game.
replay=$( (cat "$save"; echo dump) | "$bin" 2>&1)
grep -q "^====" <<<"$replay" || fail "the command loop did not replay the saved game"
printf '=== replayed by the command loop\n%s\n' "$replay" >>"$capture"
echo "display_tmux: ok (screens in $capture)"

#!/usr/bin/env bash
# Makes docs/img/display.svg, the README's picture of the board on the screen, from a real
# run of `jump61 --display` in a tmux pane: a few moves are played by keys against the AI,
# the screen is captured with its colours (`tmux capture-pane -e`) and drawn as an SVG by
# scripts/ansi_to_svg.py. Needs tmux and Python 3. Usage: scripts/screenshot.sh [OUT.svg]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tmux >/dev/null 2>&1 || { echo "screenshot: tmux is not installed" >&2; exit 1; }
bin=${JUMP61:-target/release/jump61}
[ -x "$bin" ] || cargo build --release --quiet
out=${1:-docs/img/display.svg}
columns=80 rows=24
session="jump61-screenshot-$$"
screen=$(mktemp)
name=screenshot capture=/dev/null
# shellcheck source=scripts/tmux_lib.sh
source scripts/tmux_lib.sh
trap 'stop_tmux; rm -f "$screen"' EXIT

tmux new-session -d -s "$session" -x "$columns" -y "$rows" \
    "TERM=xterm-256color $bin --display --threads 1 --time 0.3 --seed 1"

expect "Red to move"
# Red plays four moves near the middle; the AI answers each (0.3 s a move).
for move in "j j l l" "j" "l" "k k"; do
    # shellcheck disable=SC2086
    keys $move Enter
    sleep 1.5
    expect "Red to move"
done
tmux capture-pane -e -p -t "$session" >"$screen"
keys q
python3 scripts/ansi_to_svg.py "$screen" "$out" "$columns" "$rows"
echo "screenshot: wrote $out"

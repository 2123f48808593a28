#!/usr/bin/env bash
# Proves who wins 4x4 Jump61 from the start and checks the proof: `jump61 solve
# --size 4` writes the proof (df-pn on every core, one shared table of --memory, 4096 MB by
# default), `jump61 verify-proof` checks it by the rules alone, with no search. Figures on
# this project's 2-core machine: see docs/results/solving.md. Fails unless the
# value is "Blue wins" and the check accepts the proof.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${JUMP61:-target/release/jump61}
[ -n "${JUMP61:-}" ] || cargo build --release --quiet
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

solved=$("$bin" solve --size 4 --time 3000 --proof "$dir/p4.txt")
echo "$solved"
grep -qx "Blue wins" <<<"$solved" || { echo "prove_4x4: expected Blue to win 4x4"; exit 1; }
ls -l "$dir/p4.txt"

checked=$("$bin" verify-proof "$dir/p4.txt")
echo "$checked"
start="1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1-"
grep -q "^proof checked: Blue wins from $start " <<<"$checked" ||
    { echo "prove_4x4: the proof was not accepted"; exit 1; }

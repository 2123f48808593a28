# Shared by the scripts that type at jump61 in a tmux pane (display_tmux.sh, loop_tmux.sh,
# screenshot.sh); sourced after setting `name` (the script's name in messages), `session`
# (the tmux session), `capture` (the file the screens go to) and optionally `tenths` (how
# long `expect` waits, in tenths of a second; 100 by default). The caller's EXIT trap calls
# `stop_tmux`.

# A tmux server of the script's own (a private socket directory), kept alive by a session
# that only sleeps. Without it, the server exits with the last session a script kills, and a
# `new-session` right after, in the same script or the next one, can reach the server while
# it is going and fail with "server exited unexpectedly".
unset TMUX
TMUX_TMPDIR=$(mktemp -d)
export TMUX_TMPDIR
tmux new-session -d -s keeper "sleep 86400"
stop_tmux() {
    tmux kill-server 2>/dev/null || true
    rm -rf "$TMUX_TMPDIR"
}

fail() {
    echo "$name: FAIL: $*" >&2
    echo "$name: the screens are in $capture" >&2
    exit 1
}

# Waits for TEXT on the screen; appends the screen to the capture file.
expect() {
    local text=$1 screen=""
    for _ in $(seq "${tenths:-100}"); do
        screen=$(tmux capture-pane -p -t "$session")
        if grep -qF -- "$text" <<<"$screen"; then
            printf '=== %s\n%s\n' "$text" "$screen" >>"$capture"
            return 0
        fi
        sleep 0.1
    done
    printf '=== (missing) %s\n%s\n' "$text" "$screen" >>"$capture"
    fail "'$text' never appeared"
}

keys() { tmux send-keys -t "$session" "$@"; }

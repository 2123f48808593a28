# Shared by the scripts that type at jump61 in a tmux pane (display_tmux.sh, loop_tmux.sh);
# sourced after setting `name` (the script's name in messages), `session` (the tmux
# session), `capture` (the file the screens go to) and optionally `tenths` (how long
# `expect` waits, in tenths of a second; 100 by default).

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

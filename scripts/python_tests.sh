#!/usr/bin/env bash
# The Python package (python/): built once as an abi3 wheel by maturin (from PyPI, in a
# build venv of its own), that wheel installed into a fresh virtual environment whose PATH
# holds no cargo nor rustc (as a user without a Rust toolchain installs it), numpy,
# pettingzoo, gymnasium and pytest from PyPI beside it; then its pytest tests, which compare
# it with the release build of jump61, and the examples of examples/python/ with small
# counts. Fails if any step does, and if pytest runs no test (its exit status 5).
# Usage: scripts/python_tests.sh [build|test]   (no argument: both; `build` makes the venvs
# and the wheel, installs it and lints the binding crate, `test` runs what follows on what
# `build` left in target/, so CI can build while it compiles the program. PYTHON_TARGET_DIR:
# cargo's target directory for the wheel and for the example the benchmark runs, default
# target/; JUMP61_BIN: the jump61 to compare with, default the release build, made if
# missing)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
mode=${1:-all}
case "$mode" in all | build | test) ;; *)
    echo "usage: scripts/python_tests.sh [build|test]" >&2
    exit 2
    ;;
esac
build=target/python-build-venv
venv=target/python-venv
python=$venv/bin/python

# A fresh virtual environment at $1. Debian's python3 needs python3-venv (ensurepip).
fresh_venv() {
    rm -rf "$1"
    if ! python3 -m venv "$1" >/dev/null 2>&1; then
        rm -rf "$1"
        echo "python_tests: installing python3-venv with apt-get"
        local version
        version=$(python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
        (timeout 300 apt-get update -qq &&
            DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq python3-venv "python$version-venv") \
            >/dev/null 2>&1 || true
        python3 -m venv "$1"
    fi
    timeout 900 "$1/bin/python" -m pip install --quiet --upgrade pip
}

# The Rust program examples/python/benchmark.py compares the package with (the playouts
# example), built (or found up to date by cargo) after the tests in the wheel's target
# directory: CI gives that one a directory of its own, whereas in target/ this build of the
# library with the examples' features (minutes of a full-LTO build) would hold the lock that
# the README's test command, run meanwhile, waits for.
playouts_target=${PYTHON_TARGET_DIR:-$PWD/target}
playouts=$playouts_target/release/examples/playouts
build_playouts() {
    echo "python_tests: cargo build --release --features examples --example playouts"
    CARGO_TARGET_DIR="$playouts_target" cargo build --release --quiet --features examples \
        --example playouts
}

# The wheel, built once, and installed into the test venv.
build_and_install() {
    # The extension builds by default in the repository's target/ with the same release profile
    # as the program, without the program's faces (python/Cargo.toml), so the dependencies they
    # share with `cargo build --release` are reused; CI gives it a directory of its own, to
    # build beside the program's build.
    fresh_venv "$build"
    echo "python_tests: pip install maturin (the build venv)"
    timeout 900 "$build/bin/python" -m pip install --quiet "maturin>=1.5,<2"
    rm -rf target/wheels
    echo "python_tests: maturin build --release (one abi3 wheel)"
    built=$SECONDS
    CARGO_TARGET_DIR="${PYTHON_TARGET_DIR:-$PWD/target}" timeout 2400 "$build/bin/maturin" build --release --quiet \
        --manifest-path python/Cargo.toml --out target/wheels
    wheels=(target/wheels/jump61-*.whl)
    if [ "${#wheels[@]}" -ne 1 ] || [[ "${wheels[0]}" != *-cp39-abi3-* ]]; then
        echo "python_tests: expected one cp39-abi3 wheel, found: ${wheels[*]}" >&2
        exit 1
    fi
    local wheel=${wheels[0]}
    echo "python_tests: built $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB) in $((SECONDS - built)) s"

    # The test venv: the wheel installed with no Rust toolchain on the PATH.
    fresh_venv "$venv"
    echo "python_tests: pip install numpy pettingzoo gymnasium pytest"
    timeout 900 "$python" -m pip install --quiet numpy pettingzoo gymnasium pytest
    local no_rust="" dirs dir
    IFS=: read -ra dirs <<<"$PATH"
    for dir in "${dirs[@]}"; do
        if [ -n "$dir" ] && [ ! -e "$dir/cargo" ] && [ ! -e "$dir/rustc" ]; then
            no_rust="${no_rust:+$no_rust:}$dir"
        fi
    done
    echo "python_tests: pip install $(basename "$wheel"), no cargo nor rustc on the PATH"
    # pip may only unpack a wheel here (--only-binary): there is nothing to compile with.
    PATH="$no_rust" bash -c '
        if command -v cargo || command -v rustc; then
            echo "python_tests: a Rust toolchain is still on the PATH" >&2
            exit 1
        fi
        exec "$0" -m pip install --quiet --only-binary :all: "$1"' "$python" "$wheel"
}
# The binding crate is not in the engine's workspace, so CI's format and lint steps miss it.
# It is checked in the build half, which has the build venv's python for pyo3.
lint() {
    echo "python_tests: cargo fmt and clippy on python/, clippy on the library without its faces"
    cargo fmt --manifest-path python/Cargo.toml -- --check
    # In target/check, where CI's clippy of the engine left the dependencies' checked metadata.
    CARGO_TARGET_DIR="$PWD/target/check" PYO3_PYTHON="$PWD/$build/bin/python" \
        cargo clippy --quiet --manifest-path python/Cargo.toml -- -D warnings
    # The engine's library as the package builds it, without the program's faces: its own
    # warnings (code only the faces use) fail here, where the binding crate's clippy only
    # shows them.
    CARGO_TARGET_DIR="$PWD/target/check" cargo clippy --quiet --no-default-features --lib -- -D warnings
}
# (An `if`, not `||`: under `||` bash would ignore set -e inside the function.)
if [ "$mode" != test ]; then
    build_and_install
    lint
fi
if [ "$mode" = build ]; then
    echo "python_tests: built and installed in $((SECONDS - start)) s"
    exit 0
fi
if [ ! -x "$python" ]; then
    echo "python_tests: no $venv: run scripts/python_tests.sh build first" >&2
    exit 1
fi

if [ -z "${JUMP61_BIN:-}" ]; then
    cargo build --release --quiet
    export JUMP61_BIN=$PWD/target/release/jump61
fi

echo "python_tests: pytest python/tests"
# Run from outside the repository so that `import jump61` is the installed package.
# Python turns SIGINT into KeyboardInterrupt only if SIGINT was not ignored when it started,
# and a shell without job control starts its background jobs with SIGINT ignored (CI runs
# this script so): the tests of Ctrl-C send it, so its default is restored for them.
(cd target && env --default-signal=INT "../$python" -m pytest ../python/tests -q -p no:cacheprovider)

echo "python_tests: the examples, with small counts"
"$python" examples/python/vs_engine.py --games 2 --size 4 --nodes 500
"$python" examples/python/keep_the_win.py --games 1
build_playouts
"$python" examples/python/benchmark.py --batched 2000 --single 200 --plain 20 --rust "$playouts"
echo "python_tests: done in $((SECONDS - start)) s"

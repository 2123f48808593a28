#!/usr/bin/env bash
# The Python package (python/): built and installed by pip into a fresh virtual environment
# (maturin comes from PyPI through pip's build isolation), numpy, pettingzoo, gymnasium and
# pytest from PyPI beside it; then its pytest tests, which compare it with the release build
# of jump61, and the examples of examples/python/ with small counts. Fails if any step does,
# and if pytest runs no test (its exit status 5).
# Usage: scripts/python_tests.sh   (JUMP61_BIN: the jump61 to compare with; default the
# release build, made if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

# Debian's python3 needs python3-venv (ensurepip) for a virtual environment.
venv=target/python-venv
rm -rf "$venv"
if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    echo "python_tests: installing python3-venv with apt-get"
    version=$(python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
    (timeout 300 apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq python3-venv "python$version-venv") \
        >/dev/null 2>&1 || true
    python3 -m venv "$venv"
fi
python=$venv/bin/python

echo "python_tests: pip install numpy pettingzoo gymnasium pytest"
timeout 900 "$python" -m pip install --quiet --upgrade pip
timeout 900 "$python" -m pip install --quiet numpy pettingzoo gymnasium pytest
# The extension builds in the repository's target/ with the same release profile as the
# program, so the engine's dependencies built by `cargo build --release` are reused.
echo "python_tests: pip install ./python (builds the extension with maturin)"
CARGO_TARGET_DIR="$PWD/target" timeout 2400 "$python" -m pip install --quiet ./python

if [ -z "${JUMP61_BIN:-}" ]; then
    cargo build --release --quiet
    export JUMP61_BIN=$PWD/target/release/jump61
fi

# The binding crate is not in the engine's workspace, so CI's format and lint steps miss it.
echo "python_tests: cargo fmt and clippy on python/"
cargo fmt --manifest-path python/Cargo.toml -- --check
CARGO_TARGET_DIR="$PWD/target" PYO3_PYTHON="$PWD/$python" \
    cargo clippy --quiet --manifest-path python/Cargo.toml -- -D warnings

echo "python_tests: pytest python/tests"
# Run from outside the repository so that `import jump61` is the installed package.
(cd target && "../$python" -m pytest ../python/tests -q -p no:cacheprovider)

echo "python_tests: the examples, with small counts"
"$python" examples/python/vs_engine.py --games 2 --size 4 --nodes 500
"$python" examples/python/keep_the_win.py --games 1
"$python" examples/python/benchmark.py --batched 2000 --single 200 --plain 20
echo "python_tests: done in $((SECONDS - start)) s"

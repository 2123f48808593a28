"""What the tests share: the real `jump61` program, to compare the package against."""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def jump61_program() -> Path:
    """The command-line program: $JUMP61_BIN, or the release build of this repository."""
    path = Path(os.environ.get("JUMP61_BIN", REPO / "target" / "release" / "jump61"))
    if not path.is_file():
        pytest.fail(f"{path} is missing: run `cargo build --release` first (or set JUMP61_BIN)")
    return path


def run_jump61(*args: str, stdin: str = "", check: bool = True) -> str:
    """Standard output of `jump61 ARGS` fed `stdin`."""
    done = subprocess.run(
        [str(jump61_program()), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if check and done.returncode != 0:
        raise AssertionError(f"jump61 {' '.join(args)} exited {done.returncode}: {done.stderr}")
    return done.stdout


@pytest.fixture
def jump61():
    return run_jump61

"""Each long call stops on its own Ctrl-C, and soon; one proof writer for the package and the
command line; the package's version."""

import os
import re
import signal
import threading
import time

import pytest

import jump61
from conftest import REPO, run_jump61

# A 4x4 position Red wins (by 4 1): a few seconds of one core to prove, a proof of some
# 200,000 lines, whose check takes about a second.
POSITION = "2r2r2b1-/1-1-1-1-/1-1-1-1-/1-2b2r2b"


def ctrl_c_after(seconds: float) -> dict:
    """Sends this process SIGINT (Ctrl-C, which Python's main thread handles) after
    `seconds`; the returned dict gets the moment it was sent, as "sent"."""
    when = {}

    def press():
        when["sent"] = time.monotonic()
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(seconds, press).start()
    return when


@pytest.fixture(scope="module")
def proofs(tmp_path_factory):
    """POSITION proven on one thread by the command line and by the package, each writing
    its proof: (the command line's answer line, its proof, the package's Solution, its
    proof)."""
    folder = tmp_path_factory.mktemp("proofs")
    cli, py = folder / "cli.txt", folder / "py.txt"
    said = run_jump61("solve", "--position", POSITION, "--threads", "1", "--proof", str(cli))
    found = jump61.solve(jump61.Board.from_notation(POSITION), threads=1, proof=py)
    return said.splitlines()[0], cli, found, py


def test_the_version_is_the_engines():
    cargo = (REPO / "Cargo.toml").read_text()
    version = re.search(r'^\[package\][^\[]*?^version = "([^"]+)"', cargo, re.M | re.S)
    assert version is not None
    assert jump61.__version__ == version.group(1)


def test_the_package_and_the_command_line_write_the_same_proof(proofs):
    said, cli, found, py = proofs
    assert found.text == said == "Red wins: 4 1"
    assert py.read_bytes() == cli.read_bytes()
    assert not list(py.parent.glob("*.part")), "no temporary file is left"
    checked = jump61.verify_proof(py)
    assert checked.winner == "Red" and checked.root.notation == POSITION
    out = run_jump61("verify-proof", str(cli))
    assert out.startswith(f"proof checked: Red wins from {POSITION} ({checked.positions} ")


def test_small_proofs_are_the_same_file_whatever_the_threads(tmp_path):
    # Below 4x4 both write on one thread, whatever they are given.
    cli, py = tmp_path / "cli.txt", tmp_path / "py.txt"
    run_jump61("solve", "--size", "3", "--threads", "2", "--proof", str(cli))
    jump61.solve(jump61.Board(3), threads=2, proof=py)
    assert py.read_bytes() == cli.read_bytes()


def test_ctrl_c_stops_one_solve_and_another_threads_solve_goes_on(proofs):
    said = proofs[0]
    other = {}

    def solve_on_another_thread():
        other["found"] = jump61.solve(jump61.Board.from_notation(POSITION), threads=1)
        other["ended"] = time.monotonic()

    solver = threading.Thread(target=solve_on_another_thread)
    solver.start()
    pressed = ctrl_c_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        jump61.solve(jump61.Board(5), time=600, memory=256, threads=1)
    stopped = time.monotonic()
    solver.join()
    assert stopped - pressed["sent"] < 2.0
    assert other["ended"] > pressed["sent"], "the other solve was still running at Ctrl-C"
    assert other["found"].text == said


def test_ctrl_c_stops_perft_within_a_fraction_of_a_second():
    # 10x10 to depth 9: days of counting.
    pressed = ctrl_c_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        jump61.perft(jump61.Board(10), 9)
    assert time.monotonic() - pressed["sent"] < 0.5
    assert jump61.perft(jump61.Board(4), 4) == 50520


def test_ctrl_c_stops_verify_proof(proofs):
    py = proofs[3]
    pressed = ctrl_c_after(0.1)
    with pytest.raises(KeyboardInterrupt):
        jump61.verify_proof(py)
    assert time.monotonic() - pressed["sent"] < 0.5
    assert not [p for p in py.parent.iterdir() if p.is_dir()], "its runs' folder is removed"
    # The same check, not stopped, passes.
    assert jump61.verify_proof(py).winner == "Red"

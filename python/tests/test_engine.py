"""The AI: determinism against the command loop, analysis, threads and Ctrl-C."""

import os
import re
import signal
import threading
import time

import pytest

import jump61
from conftest import run_jump61


@pytest.mark.parametrize("size,nodes,seed", [(4, 20000, 1), (5, 3000, 3), (7, 2000, 7)])
def test_seeded_one_thread_node_limited_moves_equal_the_command_loops(size, nodes, seed):
    out = run_jump61(
        "--threads", "1", "--nodes", str(nodes), "--seed", str(seed),
        stdin=f"size {size}\nauto red\nstart\n",
    )
    expected = [tuple(map(int, m)) for m in re.findall(r"(?:Red|Blue) moves (\d+) (\d+)\.", out)]
    engine = jump61.Engine(threads=1, seed=seed)
    board = jump61.Board(size)
    played = []
    while board.winner is None:
        move = engine.best_move(board, nodes=nodes)
        board.play(move)
        played.append(move)
    assert played == expected
    assert f"{board.winner} wins." in out


def test_every_level_plays_a_legal_move_and_analysis_reports_the_search():
    board = jump61.Board(5)
    for level in range(1, 6):
        move = jump61.Engine(level=level, seed=2).best_move(board, nodes=2000)
        assert board.is_legal(move)
    found = jump61.Engine().analyse(board, depth=3)
    assert found.depth >= 3 and found.nodes > 0 and board.is_legal(found.move)
    assert found.pv and board.is_legal(found.pv[0])
    assert found.score is not None and found.score_text.startswith("cp ")


def test_a_won_position_is_seen_as_won():
    board = jump61.Board.from_notation("2r3r2r/3r1-3r/2r3b2b")
    found = jump61.Engine().analyse(board, depth=4)
    assert found.mate == 1 and found.score_text == "win in 1"
    assert found.move in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1)]
    assert jump61.Engine().best_move(jump61.Board.from_notation("2r2r/1r1r")) is None


def test_bad_settings_raise_the_command_loops_reasons():
    with pytest.raises(ValueError, match="level 6 is out of range: it must be 1 to 5"):
        jump61.Engine(level=6)
    with pytest.raises(ValueError, match="threads 0 is out of range: it must be 1 to 256"):
        jump61.Engine(threads=0)
    with pytest.raises(ValueError, match="hash size 5000 is out of range: it must be 1 to 4096"):
        jump61.Engine(hash_mb=5000)
    engine, board = jump61.Engine(), jump61.Board(4)
    with pytest.raises(ValueError, match="bad time '0': expected a number of seconds"):
        engine.best_move(board, time=0.0)
    with pytest.raises(ValueError, match="give one limit"):
        engine.best_move(board, time=1.0, nodes=100)
    with pytest.raises(ValueError, match="nodes 0 is out of range"):
        engine.best_move(board, nodes=0)
    with pytest.raises(TypeError):
        engine.best_move("not a board", nodes=100)


def test_another_thread_plays_moves_while_a_search_runs():
    engine = jump61.Engine(threads=1)
    searched = {}

    def search():
        searched["move"] = engine.best_move(jump61.Board(8), time=1.5)

    thinker = threading.Thread(target=search)
    started = time.monotonic()
    thinker.start()
    games = 0
    while thinker.is_alive():
        board = jump61.Board(4)
        while board.winner is None:
            board.play(board.legal_squares()[0])
        games += 1
    thinker.join()
    assert time.monotonic() - started >= 0.2
    assert games > 10, f"only {games} games were played while the engine thought"
    assert jump61.Board(8).is_legal(searched["move"])


def interrupt_after(seconds: float) -> threading.Timer:
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_long_search():
    started = time.monotonic()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        jump61.Engine(threads=1).best_move(jump61.Board(10), time=60.0)
    assert time.monotonic() - started < 10


def test_ctrl_c_stops_a_long_proof_and_the_next_proof_runs():
    started = time.monotonic()
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        jump61.solve(jump61.Board(5), time=600, memory=256, threads=1)
    assert time.monotonic() - started < 30
    assert jump61.solve(jump61.Board(3)).text == "Blue wins"


def test_ctrl_c_stops_batched_playouts():
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        jump61.random_playouts(jump61.Board(10), 10**9, seed=1)

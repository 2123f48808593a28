"""Random playouts in Rust, and the plain Python rules the benchmark measures, against the
board."""

import random
import sys

import pytest

import jump61
from conftest import REPO

sys.path.insert(0, str(REPO / "examples" / "python"))
import plain_rules  # noqa: E402


def test_batched_playouts_are_seeded_and_count_every_game():
    board = jump61.Board(6)
    a = jump61.random_playouts(board, 200, seed=5)
    assert (a.games, a.red_wins + a.blue_wins) == (200, 200)
    assert a.moves > 200 * 20 and a.red_wins > 0 and a.blue_wins > 0
    b = jump61.random_playouts(board, 200, seed=5)
    assert (a.red_wins, a.moves) == (b.red_wins, b.moves)
    assert jump61.random_playouts(board, 200, seed=6).moves != a.moves


def test_a_random_game_is_the_first_playout_and_legal_throughout():
    board = jump61.Board(5, "2013")
    moves = jump61.random_game(board, seed=9)
    one = jump61.random_playouts(board, 1, seed=9)
    assert one.moves == len(moves)
    for move in moves:
        board.play(move)
    assert board.winner == ("Red" if one.red_wins else "Blue")


@pytest.mark.parametrize("size", [2, 3, 4, 6, 9])
def test_the_plain_python_rules_agree_with_the_board(size):
    rng = random.Random(size)
    for _ in range(5):
        board, plain = jump61.Board(size), plain_rules.PlainBoard(size)
        while board.winner is None:
            legal = board.legal_squares()
            assert plain.legal_moves() == legal
            square = rng.choice(legal)
            board.play(square)
            plain.play(square)
            assert plain.notation() == board.notation
        assert plain.winner() == board.winner

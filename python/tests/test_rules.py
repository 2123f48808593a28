"""The board against the command loop: the same random games give the same positions."""

import random

import pytest

import jump61
from conftest import run_jump61

SIZES = range(2, 11)


def random_game(size: int, rules: str, seed: int, max_moves: int = 400):
    """A board and the moves of a random game on it, to the end or `max_moves`."""
    rng = random.Random(seed)
    board = jump61.Board(size, rules)
    moves = []
    while board.winner is None and len(moves) < max_moves:
        move = rng.choice(board.legal_moves())
        board.play(move)
        moves.append(move)
    return board, moves


@pytest.mark.parametrize("rules", ["2014", "2013"])
@pytest.mark.parametrize("size", SIZES)
def test_every_position_of_random_games_equals_the_command_loops(size, rules):
    for seed in range(3):
        board, moves = random_game(size, rules, seed)
        script = [f"size {size}", "manual blue", "start"]
        expected = []
        replay = jump61.Board(size, rules)
        for row, col in moves:
            script += [f"{row} {col}", "dump", "position"]
            replay.play((row, col))
            expected += replay.dump() + [replay.notation]
        dialect = ["--dialect", "2013"] if rules == "2013" else []
        out = run_jump61(*dialect, stdin="\n".join(script) + "\n").splitlines()
        # The dump's markers and rows, and the position lines (not the readable board).
        printed = [
            line
            for line in out
            if line.startswith("===") or "/" in line or line.startswith("    ") and line[4] != " "
        ]
        assert printed == expected, f"size {size} rules {rules} seed {seed}"
        if board.winner is not None:
            assert f"{board.winner} wins." in out
        assert replay == board and replay.notation == board.notation


def test_the_readable_board_is_the_command_loops():
    board, _ = random_game(5, "2014", 7, max_moves=12)
    out = run_jump61(stdin=f"position {board.notation}\nboard\n")
    assert out.rstrip("\n") == str(board)


def test_moves_as_squares_and_pairs_are_the_same():
    a, b = jump61.Board(4), jump61.Board(4)
    a.play(5)
    b.play((2, 2))
    assert a == b and hash(a) == hash(b)
    assert a.legal_squares() == [(r - 1) * 4 + c - 1 for r, c in a.legal_moves()]


def test_pop_takes_back_and_copy_is_independent():
    board = jump61.Board(3)
    start = board.copy()
    board.play((1, 1))
    board.push((2, 2))
    copied = board.copy()
    assert board.moves == [(1, 1), (2, 2)]
    assert board.pop() == (2, 2)
    assert board.pop() == (1, 1)
    assert board == start and board.notation == start.notation
    assert copied.moves == [(1, 1), (2, 2)]
    with pytest.raises(IndexError, match="nothing to undo"):
        board.pop()


def test_spots_and_owners_are_numpy_arrays():
    board = jump61.Board.from_notation("2r1-/1-2b")
    assert board.spots.tolist() == [[2, 1], [1, 2]]
    assert board.owners.tolist() == [[1, 0], [0, -1]]
    assert board.spots.dtype.name == "uint8" and board.owners.dtype.name == "int8"
    assert jump61.Board(3, "2013").spots.sum() == 0


def unchanged_after(board, action, error, message):
    before = (board.notation, board.moves, board.to_move)
    with pytest.raises(error) as raised:
        action()
    assert message in str(raised.value)
    assert (board.notation, board.moves, board.to_move) == before


def test_bad_input_raises_the_command_loops_reason_and_changes_nothing():
    board = jump61.Board(3)
    board.play((1, 1))
    unchanged_after(
        board,
        lambda: board.play((1, 1)),
        ValueError,
        "illegal move 1 1: it is Blue's turn, and Red owns that square",
    )
    unchanged_after(
        board, lambda: board.play((4, 1)), ValueError, "row 4 is off the board: rows are 1 to 3"
    )
    unchanged_after(
        board,
        lambda: board.play((1, 0)),
        ValueError,
        "column 0 is off the board: columns are 1 to 3",
    )
    unchanged_after(
        board, lambda: board.play(9), ValueError, "square 9 is off the board: squares are 0 to 8"
    )
    unchanged_after(board, lambda: board.play(-1), ValueError, "square -1 is off the board")
    unchanged_after(board, lambda: board.play("1 1"), TypeError, "a move is a square number")
    unchanged_after(board, lambda: board.play((1.0, 2.0)), TypeError, "a move is")
    unchanged_after(board, lambda: board.play(None), TypeError, "a move is")
    won = jump61.Board.from_notation("2r2r/1r1r")
    unchanged_after(
        won,
        lambda: won.play(0),
        ValueError,
        "the game is over: Red owns every square; type clear for a new game",
    )
    assert won.winner == "Red" and won.legal_moves() == []


def test_bad_boards_raise_the_command_loops_reason():
    with pytest.raises(ValueError, match="size 11 is out of range: it must be 2 to 10"):
        jump61.Board(11)
    with pytest.raises(ValueError, match="size 1 is out of range: it must be 2 to 10"):
        jump61.Board(1)
    with pytest.raises(TypeError):
        jump61.Board("6")
    with pytest.raises(ValueError, match="unknown rules '2015': use 2013 or 2014"):
        jump61.Board(6, "2015")
    with pytest.raises(ValueError, match=r"bad position: row 2 has 1 squares, expected 2"):
        jump61.Board.from_notation("1-1-/1-")
    with pytest.raises(ValueError, match=r"bad position: row 1, column 1: 'zz' is not a square"):
        jump61.Board.from_notation("zz1-/1-1-")
    with pytest.raises(ValueError, match="bad position"):
        jump61.Board.from_notation("1r1-/1-1-", rules="2013")


def test_the_command_loop_agrees_on_bad_positions():
    out = run_jump61(stdin="position 1-1-/1-\n", check=True)
    assert out == ""
    board_error = None
    try:
        jump61.Board.from_notation("1-1-/1-")
    except ValueError as e:
        board_error = str(e)
    import subprocess

    from conftest import jump61_program

    done = subprocess.run(
        [str(jump61_program())], input="position 1-1-/1-\n", capture_output=True, text=True
    )
    assert f"error: {board_error}" in done.stderr


def test_equal_positions_hash_alike_and_repr_round_trips():
    a = jump61.Board(4)
    for move in [(1, 1), (4, 4), (1, 2)]:
        a.play(move)
    b = jump61.Board.from_notation(a.notation)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert eval(repr(a), {"Board": jump61.Board}) == a
    assert a != jump61.Board(4) and a != "not a board"
    import pickle

    assert pickle.loads(pickle.dumps(a)) == a

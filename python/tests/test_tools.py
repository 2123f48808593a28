"""perft, solve, verify_proof and Jump Snatch against the command-line program."""

import random

import pytest

import jump61
from conftest import run_jump61


def perft_lines(*args: str) -> list[tuple[int, int]]:
    out = run_jump61("perft", *args, "--threads", "1")
    return [(int(line.split()[0]), int(line.split()[1])) for line in out.splitlines()]


def random_position(size: int, moves: int, seed: int, rules: str = "2014") -> jump61.Board:
    rng = random.Random(seed)
    board = jump61.Board(size, rules)
    for _ in range(moves):
        if board.winner is not None:
            break
        board.play(rng.choice(board.legal_moves()))
    return board


@pytest.mark.parametrize("size,depth", [(2, 6), (3, 5), (4, 4), (6, 3)])
def test_perft_of_the_start_equals_jump61_perft(size, depth):
    expected = perft_lines(str(size), str(depth))
    board = jump61.Board(size)
    assert [(d, jump61.perft(board, d)) for d in range(1, depth + 1)] == expected


@pytest.mark.parametrize("seed", range(4))
def test_perft_of_random_positions_equals_jump61_perft(seed):
    board = random_position(5, 12 + seed, seed)
    expected = perft_lines(str(board.size), "4", "--position", board.notation)
    assert [(d, jump61.perft(board, d)) for d in range(1, 5)] == expected


def test_perft_under_the_2013_rules_and_its_limits():
    expected = perft_lines("3", "4", "--rules", "2013")
    board = jump61.Board(3, "2013")
    assert [(d, jump61.perft(board, d)) for d in range(1, 5)] == expected
    assert jump61.perft(board, 0) == 1
    with pytest.raises(ValueError, match="depth 13 is out of range: it must be 0 to 12"):
        jump61.perft(board, 13)


def solve_line(*args: str) -> str:
    return run_jump61("solve", *args, "--threads", "1").splitlines()[0]


@pytest.mark.parametrize("size", [2, 3])
def test_game_values_of_the_start_equal_jump61_solve(size):
    expected = solve_line("--size", str(size))
    found = jump61.solve(jump61.Board(size), threads=1)
    assert found.text == expected
    assert found.winner == "Blue" and found.winning_moves == []


@pytest.mark.parametrize("seed", range(8))
def test_game_values_and_winning_moves_of_small_positions_equal_jump61_solve(seed):
    # 3x3 positions, and 4x4 ones late enough to be solved in a moment.
    board = random_position(3, 2 + seed, seed) if seed < 4 else random_position(4, 12 + seed, seed)
    if board.winner is not None:
        pytest.skip("the random game ended early")
    expected = solve_line("--position", board.notation)
    found = jump61.solve(board, threads=1)
    assert found.text == expected
    if found.winner == board.to_move:
        listed = ", ".join(f"{r} {c}" for r, c in found.winning_moves)
        assert expected == f"{board.to_move} wins: {listed}"


@pytest.mark.parametrize("seed", range(6))
def test_wins_within_a_depth_equal_jump61_solve_depth(seed):
    board = random_position(4, 10 + 2 * seed, seed)
    if board.winner is not None:
        pytest.skip("the random game ended early")
    expected = solve_line("--position", board.notation, "--depth", "2")
    found = jump61.solve(board, depth=2)
    assert found.text == expected
    if found.moves is not None:
        assert found.winner == board.to_move and found.winning_moves


def test_the_readmes_puzzle():
    found = jump61.solve(jump61.Board.from_notation("2r3r2r/3r1-3r/2r3b2b"), depth=2)
    assert found.text == "Red wins in 1: 1 1, 1 2, 1 3, 2 1, 2 3, 3 1"
    assert found.moves == 1 and found.winning_moves[0] == (1, 1)


def test_a_proof_written_from_python_passes_both_checkers(tmp_path):
    path = tmp_path / "p3.txt"
    found = jump61.solve(jump61.Board(3), proof=path)
    assert found.text == "Blue wins" and found.proof_positions == 988
    checked = jump61.verify_proof(path)
    assert checked.winner == "Blue" and checked.root == jump61.Board(3)
    assert checked.positions == 706
    out = run_jump61("verify-proof", str(path))
    assert out.startswith("proof checked: Blue wins from 1-1-1-/1-1-1-/1-1-1- (706 positions")


def test_a_damaged_proof_is_rejected(tmp_path):
    path = tmp_path / "p3.txt"
    jump61.solve(jump61.Board(3), proof=path)
    lines = path.read_text().splitlines()
    move_line = next(i for i, line in enumerate(lines) if len(line.split()) == 3)
    notation, _, _ = lines[move_line].split()
    lines[move_line] = f"{notation} 9 9"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match="proof rejected|p3.txt"):
        jump61.verify_proof(path)
    with pytest.raises(OSError):
        jump61.verify_proof(tmp_path / "missing.txt")


def test_solve_refuses_bad_questions():
    with pytest.raises(ValueError, match="depth 9 is out of range: it must be 1 to 8"):
        jump61.solve(jump61.Board(3), depth=9)
    with pytest.raises(ValueError, match="bad time"):
        jump61.solve(jump61.Board(3), time=-1)
    over = jump61.solve(jump61.Board.from_notation("2r2r/1r1r"))
    assert over.text == "the game is already over: Red owns every square"
    limited = jump61.solve(jump61.Board(4), positions=1000)
    assert limited.text.startswith("unknown: the positions limit was reached after")
    assert limited.winner is None


SNATCH_BOARDS = [".xx/.xx/...", "xx./.../.xx"] + [
    jump61.SnatchBoard.random(4, 6, seed).notation for seed in range(1, 5)
]


@pytest.mark.parametrize("position", SNATCH_BOARDS)
def test_snatch_answers_equal_jump61_snatch_solve(position):
    board = jump61.SnatchBoard(position)
    fewest = board.fewest()
    puzzle = run_jump61("snatch", "solve", "--position", position).strip()
    if fewest is None:
        assert puzzle.startswith("cannot be done")
    else:
        n = len(fewest)
        assert puzzle == f"{n} move{'' if n == 1 else 's'}: {' '.join(fewest)}"
    winner, moves = board.value()
    value = run_jump61("snatch", "solve", "--position", position, "--two-player").strip()
    assert value == (f"the {winner} wins: {', '.join(moves)}" if moves else f"the {winner} wins")


def test_snatch_moves_and_bad_input():
    board = jump61.SnatchBoard("xx./.../.xx")
    assert board.to_move == "first player"
    with pytest.raises(ValueError, match="a jump is possible, so a jump must be made"):
        board.play("1:1-2:1")
    with pytest.raises(ValueError, match="is not a move"):
        board.play("hello")
    assert board.moves == [] and board.notation == "xx./.../.xx"
    for move in ["3:3x3:1", "1:1x1:3", "3:1-2:2"]:
        assert move in board.legal_moves()
        board.play(move)
    board.play("1:3x3:1")
    assert board.pieces == 1 and board.winner == "second player"
    assert board.pop() == "1:3x3:1" and board.winner is None
    with pytest.raises(ValueError):
        jump61.SnatchBoard("xx/xx")
    with pytest.raises(ValueError, match="the size must be 3 to 8, not 9"):
        jump61.SnatchBoard.random(9, 3, 1)

"""review and review_script against `jump61 review` on the same saved games."""

import pytest

import jump61
from conftest import run_jump61


def saved_game(size: int, seed: int, rules: str = "2014") -> tuple[str, list[tuple[int, int]]]:
    """A random game of `size` as the command loop's `save` writes it, and its moves."""
    moves = jump61.random_game(jump61.Board(size, rules), seed)
    lines = ["manual red", "manual blue", f"size {size}", "start"]
    lines += [f"{row} {col}" for row, col in moves]
    header = ["# dialect 2013"] if rules == "2013" else []
    return "\n".join(header + lines) + "\n", moves


@pytest.mark.parametrize("size,seed,rules", [(3, 1, "2014"), (3, 2, "2013"), (4, 3, "2014")])
def test_review_script_says_what_jump61_review_says(tmp_path, size, seed, rules):
    text, moves = saved_game(size, seed, rules)
    path = tmp_path / "game.txt"
    path.write_text(text)
    expected = run_jump61("review", str(path), "--nodes", "2000").splitlines()
    reviewed = jump61.review_script(text, nodes=2000)
    assert reviewed.lines == expected
    assert str(reviewed) == "\n".join(expected)
    assert [m.line for m in reviewed.moves] == expected[:-1]
    assert [m.square for m in reviewed.moves] == [tuple(m) for m in moves]
    assert len(reviewed.red_chances) == len(moves) + 1
    assert reviewed.winner == expected[-1].split()[0]


def test_review_of_moves_equals_review_of_the_script():
    text, moves = saved_game(3, 4)
    by_moves = jump61.review(moves, start=jump61.Board(3), nodes=2000)
    assert by_moves.lines == jump61.review_script(text, nodes=2000).lines
    marks = {m.mark.split(" (")[0] for m in by_moves.moves}
    words = {"won the game", "kept the win", "threw the win away", "lost already"}
    # On 3x3 every position is proven within the default limits: no move is judged by chance.
    assert marks <= words, marks


def test_a_bad_game_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="line 4"):
        jump61.review_script("size 3\nstart\n2 2\n2 2\n")
    with pytest.raises(ValueError, match="off the board"):
        jump61.review([(4, 4)], start=jump61.Board(3))
    with pytest.raises(ValueError, match="unknown dialect"):
        jump61.review_script("size 3\nstart\n", dialect="1999")
    with pytest.raises(ValueError, match="positions"):
        jump61.review([], start=jump61.Board(3), positions=0)

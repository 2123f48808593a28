"""Jump61, a KJumpingCube variant, and its sibling game Jump Snatch, from Python.

The board, the AI and the exact solver are the jump61 engine's own (Rust, through PyO3):
the rules checked by perft, the AI at levels 1 to 5, game values with proofs. Moves are
square numbers (0 to n*n - 1, row by row) or (row, col) pairs counted from 1, as the
command loop types them. Bad input raises ValueError with the command loop's reason and
changes nothing.

>>> import jump61
>>> board = jump61.Board(4)
>>> board.play((2, 2))
>>> board.to_move
'Blue'
>>> jump61.perft(jump61.Board(4), 3)
3600
"""

from jump61._core import (
    __version__,
    Analysis,
    Board,
    Engine,
    MoveReview,
    Playouts,
    ProofCheck,
    Review,
    SnatchBoard,
    Solution,
    perft,
    random_game,
    random_playouts,
    review,
    review_script,
    solve,
    verify_proof,
)

__all__ = [
    "__version__",
    "Analysis",
    "Board",
    "Engine",
    "MoveReview",
    "Playouts",
    "ProofCheck",
    "Review",
    "SnatchBoard",
    "Solution",
    "env",
    "perft",
    "random_game",
    "random_playouts",
    "review",
    "review_script",
    "solve",
    "verify_proof",
]


def env(size: int = 6, rules: str = "2014", render_mode=None):
    """The PettingZoo AEC environment of Jump61 (needs the pettingzoo package).

    Agents "player_0" (Red, who moves first) and "player_1" (Blue); each observation is a
    dict of "observation" (size x size x 3 planes: the squares of the agent to observe,
    its opponent's, and the spots) and "action_mask" (one int8 a square); the reward is +1
    for the winner and -1 for the loser at the end. An illegal action loses the game.
    """
    from jump61.pettingzoo import Jump61Env

    return Jump61Env(size=size, rules=rules, render_mode=render_mode)

"""Type stubs of the compiled part of jump61: the engine's board, AI, solvers and tools."""

from os import PathLike
from typing import Literal, Optional, Union

import numpy as np
import numpy.typing as npt

__version__: str
"""The engine's version."""

Colour = Literal["Red", "Blue"]
Rules = Union[Literal["2014", "2013"], int]
Move = Union[int, tuple[int, int]]
"""A square number (0 to n*n - 1, row by row) or a (row, col) pair counted from 1."""

class Board:
    """A Jump61 position and the moves played since it was made.

    Bad input raises ValueError with the command loop's reason (TypeError for a wrong
    type) and leaves the board unchanged.
    """

    def __init__(self, size: int = 6, rules: Rules = "2014") -> None:
        """The start of a size x size board (2 to 10): every square white with one spot
        (2014 rules) or empty (2013 rules); Red moves first."""
    @staticmethod
    def from_notation(notation: str, rules: Rules = "2014") -> Board:
        """The position of a one-line notation, rows of `dump` joined by '/' (2r1-/1-2b)."""
    @property
    def size(self) -> int: ...
    @property
    def rules(self) -> Literal["2014", "2013"]: ...
    @property
    def to_move(self) -> Colour:
        """Whose turn it is."""
    @property
    def winner(self) -> Optional[Colour]:
        """The colour that owns every square, or None while the game goes on."""
    @property
    def notation(self) -> str:
        """The one-line notation, as from_notation reads it."""
    @property
    def moves(self) -> list[tuple[int, int]]:
        """The moves played since the board was made, as (row, col) pairs."""
    @property
    def spots(self) -> npt.NDArray[np.uint8]:
        """Spots on each square, a size x size array."""
    @property
    def owners(self) -> npt.NDArray[np.int8]:
        """Each square's owner, a size x size array: 1 Red, -1 Blue, 0 white."""
    def legal_moves(self) -> list[tuple[int, int]]:
        """The legal moves as (row, col) pairs counted from 1; none once the game is won."""
    def legal_squares(self) -> list[int]:
        """The legal moves as square numbers."""
    def is_legal(self, move: Move) -> bool: ...
    def play(self, move: Move) -> None:
        """Plays a move for the side to move; ValueError, and nothing changed, if illegal."""
    def push(self, move: Move) -> None:
        """The same as play."""
    def pop(self) -> tuple[int, int]:
        """Takes back the last move and returns it; IndexError when none was played."""
    def copy(self) -> Board: ...
    def dump(self) -> list[str]:
        """The lines the command loop's `dump` prints, markers included."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Analysis:
    """What one search found."""

    @property
    def move(self) -> tuple[int, int]: ...
    @property
    def depth(self) -> int: ...
    @property
    def score(self) -> Optional[int]:
        """Hundredths of a square from the side to move's view (wins +-30000 less plies)."""
    @property
    def score_text(self) -> Optional[str]:
        """As the command loop's info lines write it: 'cp 35', 'win in 2'."""
    @property
    def mate(self) -> Optional[int]:
        """A proven result in the side to move's own moves: +N wins, -N loses."""
    @property
    def nodes(self) -> int: ...
    @property
    def pv(self) -> list[tuple[int, int]]: ...

class Engine:
    """The AI, keeping its table between the moves of a game.

    With threads=1, a seed and a node limit it plays the same moves as the command loop's
    `jump61 --threads 1 --seed S --nodes N` on every machine.
    """

    def __init__(self, threads: int = 1, hash_mb: int = 16, level: int = 5, seed: int = 0) -> None: ...
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...
    @property
    def level(self) -> int: ...
    @property
    def seed(self) -> int: ...
    def best_move(
        self,
        board: Board,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
    ) -> Optional[tuple[int, int]]:
        """The engine's move under one limit (1 s if none); None when the game is over.
        Releases the GIL while it thinks; Ctrl-C stops it (KeyboardInterrupt)."""
    def analyse(
        self,
        board: Board,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
    ) -> Optional[Analysis]:
        """best_move with the search's depth, score, proven distance and best line."""
    def clear(self) -> None:
        """Forgets what earlier searches learned (a new game)."""

class Solution:
    """What solve found."""

    @property
    def text(self) -> str:
        """The answer line exactly as `jump61 solve` prints it."""
    @property
    def winner(self) -> Optional[Colour]: ...
    @property
    def winning_moves(self) -> list[tuple[int, int]]:
        """Every winning first move of the side to move (empty when it loses)."""
    @property
    def moves(self) -> Optional[int]:
        """With depth: the fewest own moves to the win."""
    @property
    def positions(self) -> int: ...
    @property
    def proof_positions(self) -> Optional[int]: ...
    @property
    def proof(self) -> Optional[str]: ...

class ProofCheck:
    """What verify_proof accepted."""

    @property
    def winner(self) -> Colour: ...
    @property
    def root(self) -> Board: ...
    @property
    def positions(self) -> int: ...

def solve(
    board: Board,
    time: Optional[float] = None,
    memory: Optional[int] = None,
    depth: Optional[int] = None,
    positions: Optional[int] = None,
    threads: Optional[int] = None,
    proof: Optional[Union[str, PathLike[str]]] = None,
) -> Solution:
    """Who wins with perfect play, as `jump61 solve` answers: without depth, the game's
    value (boards up to 5x5) with every winning first move and, with proof=PATH, its proof;
    with depth K (1 to 8), whether the side to move wins within K of its own moves. time
    in seconds (600 for a value, 10 with a depth), memory in MiB (4096). Ctrl-C stops it."""

def verify_proof(
    path: Union[str, PathLike[str]],
    memory: Optional[int] = None,
    temp_dir: Optional[Union[str, PathLike[str]]] = None,
) -> ProofCheck:
    """Checks a proof file by the rules alone, within memory MiB (4096), what does not fit
    on disk in temp_dir (the proof's folder); ValueError ('proof rejected: ...') if it
    does not hold, OSError if it cannot be read. Ctrl-C stops it."""

class MoveReview:
    """One move of a reviewed game."""

    @property
    def number(self) -> int: ...
    @property
    def mover(self) -> Colour: ...
    @property
    def square(self) -> tuple[int, int]: ...
    @property
    def mark(self) -> str:
        """"kept the win", "threw the win away (winning: ...)", "lost already", "won the
        game", "good", "inaccuracy", "mistake" or "blunder"."""
    @property
    def before(self) -> float:
        """The mover's chance of winning before the move (1 or 0 when proven)."""
    @property
    def after(self) -> float: ...
    @property
    def line(self) -> str:
        """The move's line exactly as `jump61 review` prints it."""

class Review:
    """A game looked back at; str() gives `jump61 review`'s lines."""

    @property
    def moves(self) -> list[MoveReview]: ...
    @property
    def red_chances(self) -> list[float]:
        """Red's chance of winning in each position, the start first."""
    @property
    def winner(self) -> Optional[Colour]: ...
    @property
    def lines(self) -> list[str]: ...

def review(
    moves: list[Union[int, tuple[int, int]]],
    start: Optional[Board] = None,
    positions: Optional[int] = None,
    nodes: Optional[int] = None,
) -> Review:
    """Looks back at the game of `moves` from `start` (a 6x6 board, 2014 rules), as
    `jump61 review` does: proven values within `positions` (boards up to 5x5), the AI's
    evaluation within `nodes` elsewhere. ValueError for an illegal move. Ctrl-C stops it."""

def review_script(
    text: str,
    dialect: Optional[Literal["2014", "2019", "2013"]] = None,
    positions: Optional[int] = None,
    nodes: Optional[int] = None,
) -> Review:
    """review() of a game saved by the command loop's `save` (its text)."""

def perft(board: Board, depth: int) -> int:
    """Move sequences of `depth` plies (0 to 12), as `jump61 perft` counts them. Ctrl-C
    stops it."""

class Playouts:
    @property
    def games(self) -> int: ...
    @property
    def red_wins(self) -> int: ...
    @property
    def blue_wins(self) -> int: ...
    @property
    def moves(self) -> int: ...

def random_playouts(board: Board, games: int, seed: int = 0) -> Playouts:
    """Plays `games` random games from `board` to the end in Rust (the same on every
    machine for a seed) and counts who won. Releases the GIL; Ctrl-C stops it."""

def random_game(board: Board, seed: int = 0) -> list[tuple[int, int]]:
    """The moves of the first game random_playouts plays with the same seed."""

class SnatchBoard:
    """A Jump Snatch game: a position ('x' a piece, '.' empty), whose turn, the moves."""

    def __init__(self, position: str = ".xx/.xx/...") -> None: ...
    @staticmethod
    def random(size: int, pieces: int, seed: int) -> SnatchBoard: ...
    @property
    def size(self) -> int: ...
    @property
    def notation(self) -> str: ...
    @property
    def pieces(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def to_move(self) -> Literal["first player", "second player"]: ...
    @property
    def winner(self) -> Optional[Literal["first player", "second player"]]: ...
    @property
    def moves(self) -> list[str]: ...
    def legal_moves(self) -> list[str]:
        """Slides '3:3-2:2' and jump chains '1:3x3:3x1:1', one per resulting board."""
    def play(self, move: str) -> None: ...
    def push(self, move: str) -> None: ...
    def pop(self) -> str: ...
    def copy(self) -> SnatchBoard: ...
    def fewest(self, time: Optional[float] = None) -> Optional[list[str]]:
        """The fewest moves leaving one piece, or None when it cannot be done."""
    def value(
        self, time: Optional[float] = None
    ) -> tuple[Literal["first player", "second player"], list[str]]:
        """The winner with perfect play and every winning first move of the side to move."""

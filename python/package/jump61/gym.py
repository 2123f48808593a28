"""Jump61 as a single-agent Gymnasium environment: the agent plays one colour, the jump61
engine (at a chosen level and limit) the other."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from jump61._core import Board, Engine
from jump61.pettingzoo import observation_of, observation_space


class Jump61Env(gymnasium.Env):
    """The agent plays `colour` ("Red" moves first) against the engine at `level` 1 to 5
    with one limit a move (`time` seconds, `nodes` or `depth`; 1000 nodes if none). An
    action is a square number, 0 to size*size - 1 row by row; observations are the
    PettingZoo environment's (planes and an action mask). Reward +1 for a win, -1 for a
    loss, 0 otherwise; an illegal action loses at once (info["illegal_move"]). With one
    engine thread the engine plays the same moves from the same position on every run."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        size: int = 6,
        rules: str = "2014",
        colour: str = "Red",
        level: int = 5,
        time: float | None = None,
        nodes: int | None = None,
        depth: int | None = None,
        threads: int = 1,
        render_mode: str | None = None,
    ):
        if colour not in ("Red", "Blue"):
            raise ValueError(f"colour {colour!r}: use 'Red' or 'Blue'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or None")
        self.size, self.rules, self.colour = size, rules, colour
        self.board = Board(size, rules)
        self.engine = Engine(threads=threads, level=level)
        if time is None and nodes is None and depth is None:
            nodes = 1000
        self.limit = {"time": time, "nodes": nodes, "depth": depth}
        self.render_mode = render_mode
        self.observation_space = observation_space(size)
        self.action_space = spaces.Discrete(size * size)

    def _observation(self) -> dict[str, np.ndarray]:
        return observation_of(self.board, self.colour)

    def _engine_moves(self) -> None:
        if self.board.winner is None and self.board.to_move != self.colour:
            self.board.play(self.engine.best_move(self.board, **self.limit))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self.board = Board(self.size, self.rules)
        self.engine.clear()
        self._engine_moves()
        return self._observation(), {}

    def step(self, action: int):
        square = int(action)
        if not 0 <= square < self.size * self.size or not self.board.is_legal(square):
            return self._observation(), -1.0, True, False, {"illegal_move": square}
        self.board.play(square)
        self._engine_moves()
        winner = self.board.winner
        reward = 0.0 if winner is None else (1.0 if winner == self.colour else -1.0)
        return self._observation(), reward, winner is not None, False, {}

    def render(self) -> str | None:
        return str(self.board) if self.render_mode == "ansi" else None

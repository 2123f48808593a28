"""Jump61 as a PettingZoo AEC environment, in the manner of PettingZoo's classic games."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv

from jump61._core import Board


def observation_of(board: Board, colour: str) -> dict[str, np.ndarray]:
    """The planes `colour` sees (its squares, its opponent's, the spots) and the mask of
    legal actions for the side to move when that is `colour` (all zero otherwise)."""
    owners = board.owners
    mine = 1 if colour == "Red" else -1
    planes = np.stack([owners == mine, owners == -mine, board.spots], axis=-1).astype(np.int8)
    mask = np.zeros(board.size * board.size, dtype=np.int8)
    if board.to_move == colour:
        mask[board.legal_squares()] = 1
    return {"observation": planes, "action_mask": mask}


def observation_space(size: int) -> spaces.Dict:
    """The space of `observation_of` on a size x size board."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0, high=15, shape=(size, size, 3), dtype=np.int8),
            "action_mask": spaces.Box(low=0, high=1, shape=(size * size,), dtype=np.int8),
        }
    )


class Jump61Env(AECEnv):
    """Two agents, "player_0" (Red, first to move) and "player_1" (Blue). An action is a
    square number, 0 to size*size - 1 row by row. The winner gets +1 and the loser -1 when
    one colour owns every square; an illegal action loses at once."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "jump61_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, size: int = 6, rules: str = "2014", render_mode: str | None = None):
        super().__init__()
        self.size = size
        self.rules = rules
        self.board = Board(size, rules)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use 'ansi' or None")
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        self.colours = {"player_0": "Red", "player_1": "Blue"}
        self.observation_spaces = {a: observation_space(size) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size * size) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observation_of(self.board, self.colours[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.board = Board(self.size, self.rules)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def _agent_of(self, colour: str) -> str:
        return "player_0" if colour == "Red" else "player_1"

    def _end(self, winner: str, info: dict[str, Any] | None = None) -> None:
        for agent in self.agents:
            self.rewards[agent] = 1 if agent == winner else -1
            self.terminations[agent] = True
            if info:
                self.infos[agent] = dict(info)

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        square = int(action)
        if not 0 <= square < self.size * self.size or not self.board.is_legal(square):
            other = self.possible_agents[1 - self.possible_agents.index(agent)]
            self._end(other, {"illegal_move": square})
        else:
            self.board.play(square)
            if self.board.winner is not None:
                self._end(self._agent_of(self.board.winner))
        self.agent_selection = self._agent_of(self.board.to_move)
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            warn("render() was called without a render_mode; use render_mode='ansi'")
            return None
        return str(self.board)

    def close(self) -> None:
        pass

"""The PettingZoo environment (PettingZoo's own api_test) and the Gymnasium wrapper."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import jump61
from jump61.gym import Jump61Env


@pytest.mark.parametrize("size,rules", [(3, "2014"), (4, "2013"), (6, "2014")])
def test_the_aec_environment_passes_pettingzoos_api_test(size, rules):
    api_test(jump61.env(size=size, rules=rules), num_cycles=200, verbose_progress=False)


def test_an_aec_game_ends_with_plus_and_minus_one():
    env = jump61.env(size=3, render_mode="ansi")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].shape == (3, 3, 3)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert sorted(final.values()) == [-1, 1]
    assert final["player_0" if env.board.winner == "Red" else "player_1"] == 1
    assert "R" in env.render() or "B" in env.render()


def test_an_illegal_action_loses():
    env = jump61.env(size=3)
    env.reset()
    env.step(0)  # Red takes the corner
    env.step(0)  # Blue plays on it: illegal
    assert env.rewards == {"player_0": 1, "player_1": -1}
    assert all(env.terminations.values())


def test_the_gymnasium_wrapper_passes_its_checker_and_plays_the_engine():
    env = Jump61Env(size=4, level=2, nodes=500)
    check_env(env, skip_render_check=True)
    observation, _ = env.reset(seed=3)
    rewards = []
    done = False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, truncated, info = env.step(int(legal[0]))
        rewards.append(reward)
    assert rewards[-1] in (1.0, -1.0) and set(rewards[:-1]) <= {0.0}
    blue = Jump61Env(size=4, colour="Blue", level=1)
    observation, _ = blue.reset(seed=0)
    assert blue.board.to_move == "Blue" and len(blue.board.moves) == 1
    _, reward, done, _, info = blue.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert done and reward == -1.0 and "illegal_move" in info

"""The learning environments: Gymnasium's check_env, PettingZoo's api_test, and games
played to their known ends."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import gridnote
from gridnote.env import Mnk, mnk_v0


def test_mnk_game_plays_and_undoes():
    game = gridnote.MnkGame(3, 3, 3)
    assert (game.shape, game.rules, game.to_move, game.over) == ((3, 3), "tic-tac-toe", 0, False)
    for action in [0, 3, 1, 4]:
        assert game.play(action)
    assert not game.play(4)  # occupied
    assert not game.play(9)  # off the board
    assert game.legal_actions() == [2, 5, 6, 7, 8]
    assert list(game.legal_mask()) == [0, 0, 1, 0, 0, 1, 1, 1, 1]
    assert game.value() == 1  # x to move completes the top row
    assert game.best_actions() == [2]
    assert game.play(2)
    assert (game.over, game.winner, game.legal_actions()) == (True, 0, [])
    assert list(game.planes(0)) == [1, 1, 1, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 1, 1, 0, 0, 0, 0]
    assert list(game.planes(1)) == [0, 0, 0, 1, 1, 0, 0, 0, 0] + [1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert game.undo()
    assert (game.over, game.winner, game.history) == (False, None, [0, 3, 1, 4])
    game.reset()
    assert (game.history, game.to_move) == ([], 0)
    assert gridnote.MnkGame(3, 3, 3, misere=True).rules == "tic-tac-toe+misere"
    with pytest.raises(ValueError):
        gridnote.MnkGame(0, 3, 3)
    with pytest.raises(ValueError):
        gridnote.MnkGame(3, 3, 0)


def test_start_of_tic_tac_toe_is_a_draw_for_the_oracle():
    game = gridnote.MnkGame(3, 3, 3)
    assert game.value() == 0
    assert game.best_actions() == list(range(9))


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"opponent": "perfect", "agent": "o"},
        {"m": 3, "n": 4, "k": 3, "misere": True, "oracle": True},
        {"m": 4, "n": 4, "k": 4, "diagonals": False},
    ],
)
def test_gymnasium_check_env_passes(kwargs):
    check_env(Mnk(**kwargs), skip_render_check=True)


def test_gymnasium_render():
    env = Mnk(render_mode="ansi")
    env.reset(seed=0)
    env.step(4)
    assert env.render().splitlines()[1].split()[2] == "x"


def test_seeded_resets_repeat():
    def episode(seed):
        env = Mnk(opponent="random")
        obs, _ = env.reset(seed=seed)
        frames = [obs.copy()]
        done = False
        while not done:
            action = int(np.flatnonzero(env._mask())[0])
            obs, _, done, _, _ = env.step(action)
            frames.append(obs.copy())
        return np.stack(frames)

    assert np.array_equal(episode(3), episode(3))


def test_perfect_opponent_never_loses():
    rng = np.random.default_rng(5)
    for agent in ["x", "o"]:
        env = Mnk(opponent="perfect", agent=agent)
        for seed in range(20):
            _, info = env.reset(seed=seed)
            done, reward = False, 0.0
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, reward, done, _, info = env.step(int(rng.choice(legal)))
            assert reward <= 0.0, (agent, seed)


def test_oracle_value_and_illegal_actions():
    env = Mnk(oracle=True, opponent=lambda obs, mask: int(np.flatnonzero(mask)[0]))
    _, info = env.reset(seed=0)
    assert info["value"] == 0
    obs, reward, terminated, _, info = env.step(4)  # the opponent answers at cell 0
    assert obs[1].reshape(-1).tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert (reward, terminated) == (0.0, False)
    _, reward, terminated, _, info = env.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError):
        env.step(1)


def test_the_agent_wins_against_a_passive_opponent():
    # The opponent takes the lowest free cell: 0, then 2; x wins down the b file.
    env = Mnk(opponent=lambda obs, mask: int(np.flatnonzero(mask)[0]))
    env.reset(seed=0)
    rewards = [env.step(a)[1] for a in [1, 4, 7]]
    assert rewards == [0.0, 0.0, 1.0]


def test_pettingzoo_api_test_passes():
    api_test(mnk_v0(), num_cycles=200, verbose_progress=False)
    api_test(mnk_v0(3, 4, 3, misere=True), num_cycles=200, verbose_progress=False)


def test_pettingzoo_game_to_the_end():
    env = mnk_v0()
    env.reset(seed=0)
    assert env.agent_selection == "player_1"
    obs = env.observe("player_1")
    assert obs["action_mask"].tolist() == [1] * 9
    assert env.observe("player_2")["action_mask"].tolist() == [0] * 9
    for action in [4, 0, 8, 2, 1, 7, 3, 5, 6]:
        env.step(action)
    assert env.rewards == {"player_1": 0, "player_2": 0}
    assert all(env.terminations.values())
    env.reset()
    for action in [0, 3, 1, 4]:
        env.step(action)
    env.step(4)  # occupied: player_1 loses
    assert env.rewards == {"player_1": -1, "player_2": 0}
    assert env.infos["player_1"] == {"illegal_action": True}

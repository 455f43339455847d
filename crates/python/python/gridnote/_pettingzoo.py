"""The PettingZoo AEC environments ``gridnote.env.mnk_v0`` and ``gridnote.env.tafl_v0``
(imported only when used, so that ``gridnote.env.Mnk`` does not need PettingZoo)."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from gridnote._gridnote import TAFL_PLANES, MnkGame, TaflGame


def _seed(env: AECEnv, seed: Optional[int]) -> None:
    """What a seed given to ``reset`` does: the game itself draws nothing at random, so
    the seed goes to ``env.np_random`` and to each agent's action space (the ``i``-th
    possible agent's with ``seed + i``), so that sampling actions from them repeats
    after the same seed."""
    if seed is None:
        return
    env.np_random, env.np_random_seed = seeding.np_random(seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)


class MnkAEC(AECEnv):
    """Two agents, ``player_1`` (x, moves first) and ``player_2`` (o), on an m,n,k board."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "gridnote_mnk_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        m: int = 3,
        n: int = 3,
        k: int = 3,
        *,
        misere: bool = False,
        diagonals: bool = True,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.game = MnkGame(m, n, k, misere=misere, diagonals=diagonals)
        self.m, self.n = m, n
        self.render_mode = render_mode
        self.possible_agents = ["player_1", "player_2"]
        self.agents = self.possible_agents[:]
        self._index = {"player_1": 0, "player_2": 1}
        self.action_spaces = {a: spaces.Discrete(m * n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, shape=(2, m, n), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, shape=(m * n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._no_moves = np.zeros(m * n, dtype=np.int8)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._selector = AgentSelector(self.agents)
        self.agent_selection = self._selector.reset()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        planes = np.frombuffer(game.planes(self._index[agent]), dtype=np.int8)
        if agent == self.agent_selection:
            mask = np.frombuffer(game.legal_mask(), dtype=np.int8)
        else:
            mask = self._no_moves
        return {"observation": planes.reshape(2, self.m, self.n), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        _seed(self, seed)
        self.game.reset()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._selector = AgentSelector(self.agents)
        self.agent_selection = self._selector.reset()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        self._cumulative_rewards[agent] = 0
        if not game.play(int(action)):
            other = self.agents[1 - self._index[agent]]
            self.rewards[agent], self.rewards[other] = -1, 0
            self.infos[agent] = {"illegal_action": True}
            self.terminations = {a: True for a in self.agents}
        elif game.over:
            winner = game.winner
            for a in self.agents:
                if winner is None:
                    self.rewards[a] = 0
                else:
                    self.rewards[a] = 1 if self._index[a] == winner else -1
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self._selector.next()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return str(self.game)

    def close(self) -> None:
        pass


class TaflAEC(AECEnv):
    """Two agents, ``attackers`` and ``defenders``, playing a tafl variant; the side to
    move (the rules' first mover at the start, the same side again after a berserk
    capture) is the agent selected."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "gridnote_tafl_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: str = "brandubh",
        *,
        max_moves: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        if max_moves is not None and max_moves < 1:
            raise ValueError(f"max_moves: expected None or at least 1, got {max_moves!r}")
        self.game = TaflGame(rules)
        self._start = self.game.copy()
        self.max_moves = max_moves
        self.render_mode = render_mode
        n = self.game.size
        self.size = n
        count = self.game.action_count
        self.possible_agents = ["attackers", "defenders"]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, shape=(len(TAFL_PLANES), n, n), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, shape=(count,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._no_moves = np.zeros(count, dtype=np.int8)
        self._clear()

    def _clear(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.game.turn

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        n = self.size
        planes = np.frombuffer(self.game.planes(agent), dtype=np.int8).reshape(-1, n, n)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = np.frombuffer(self.game.legal_mask(), dtype=np.int8)
        else:
            mask = self._no_moves
        return {"observation": planes, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        _seed(self, seed)
        self.game = self._start.copy()
        self._clear()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        self._cumulative_rewards[agent] = 0
        other = "defenders" if agent == "attackers" else "attackers"
        if not game.play_action(int(action)):
            self.rewards[agent], self.rewards[other] = -1, 0
            self.infos[agent] = {"illegal_action": True}
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = other
        else:
            outcome = game.outcome()
            if outcome is not None:
                for a in self.agents:
                    if outcome.winner is None:
                        self.rewards[a] = 0
                    else:
                        self.rewards[a] = 1 if a == outcome.winner else -1
                    self.infos[a] = {"reason": outcome.reason}
                self.terminations = {a: True for a in self.agents}
                self.agent_selection = other
            else:
                if self.max_moves is not None and game.ply >= self.max_moves:
                    self.truncations = {a: True for a in self.agents}
                self.agent_selection = game.turn
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        return str(self.game)

    def close(self) -> None:
        pass

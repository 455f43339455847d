"""The PettingZoo AEC environment of ``gridnote.env.mnk_v0`` (imported only when used, so
that ``gridnote.env.Mnk`` does not need PettingZoo)."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from gridnote._gridnote import MnkGame


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
        # The environment draws nothing at random: the seed changes nothing.
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

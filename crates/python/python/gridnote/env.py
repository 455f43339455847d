"""Learning environments: for m,n,k games Gymnasium's single-agent ``Mnk`` and the
PettingZoo AEC environment ``mnk_v0``; for tafl the PettingZoo AEC environment
``tafl_v0``.

The game's state lives on the Rust side (``gridnote.MnkGame``): a step is one call, and
the perfect opponent and the ``info["value"]`` oracle are gridnote's solver.

Actions are cell indices, row-major from the top-left cell (``action = row * n + col``).
Observations are ``int8`` planes of shape ``(2, m, n)``: the observer's pieces, then its
opponent's.

>>> from gridnote.env import Mnk
>>> env = Mnk(3, 3, 3, opponent="perfect")
>>> obs, info = env.reset(seed=7)
>>> obs.shape, info["action_mask"].tolist()
((2, 3, 3), [1, 1, 1, 1, 1, 1, 1, 1, 1])
>>> obs, reward, terminated, truncated, info = env.step(4)
>>> int(obs[0].sum()), int(obs[1].sum()), reward, terminated
(1, 1, 0.0, False)
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from gridnote._gridnote import MnkGame

__all__ = ["Mnk", "mnk_v0", "tafl_v0"]

Opponent = Union[str, Callable[[np.ndarray, np.ndarray], int]]


class Mnk(gymnasium.Env):
    """An m,n,k game (``m`` rows, ``n`` columns, ``k`` in a row wins; under ``misere``
    the player who makes a line loses) against a built-in opponent.

    ``agent`` is the side the learner plays: ``"x"`` moves first, ``"o"`` second (the
    opponent then opens at ``reset``). ``opponent`` is ``"random"`` (a uniform legal
    move), ``"perfect"`` (a uniform choice among the solver's best moves) or a callable
    ``opponent(observation, action_mask) -> action`` given the opponent's own view.
    Every random choice draws from ``self.np_random``, seeded by ``reset(seed=...)``.

    The reward comes at the end: +1 win, -1 loss, 0 draw. An illegal action ends the
    episode with reward -1 and ``info["illegal_action"] = True``. ``info["action_mask"]``
    marks the legal actions; with ``oracle=True``, ``info["value"]`` is the solver's
    value of the position for the agent, to move (+1 win, 0 draw, -1 loss).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        m: int = 3,
        n: int = 3,
        k: int = 3,
        *,
        misere: bool = False,
        diagonals: bool = True,
        opponent: Opponent = "random",
        agent: str = "x",
        oracle: bool = False,
        render_mode: Optional[str] = None,
    ) -> None:
        if agent not in ("x", "o"):
            raise ValueError(f'agent: expected "x" or "o", got {agent!r}')
        if not callable(opponent) and opponent not in ("random", "perfect"):
            raise ValueError(f'opponent: expected "random", "perfect" or a callable, got {opponent!r}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.game = MnkGame(m, n, k, misere=misere, diagonals=diagonals)
        self.m, self.n, self.k = m, n, k
        self.opponent = opponent
        self.agent_index = 0 if agent == "x" else 1
        self.oracle = oracle
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0, 1, shape=(2, m, n), dtype=np.int8)
        self.action_space = spaces.Discrete(m * n)
        self._ended = False

    def _observation(self, player: int) -> np.ndarray:
        return np.frombuffer(self.game.planes(player), dtype=np.int8).reshape(2, self.m, self.n)

    def _mask(self) -> np.ndarray:
        return np.frombuffer(self.game.legal_mask(), dtype=np.int8)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self.oracle and not self.game.over:
            info["value"] = self.game.value()
        return info

    def _opponent_move(self) -> None:
        if self.opponent == "random":
            legal = self.game.legal_actions()
            action = legal[int(self.np_random.integers(len(legal)))]
        elif self.opponent == "perfect":
            best = self.game.best_actions()
            action = best[int(self.np_random.integers(len(best)))]
        else:
            player = 1 - self.agent_index
            action = int(self.opponent(self._observation(player), self._mask()))
        if not self.game.play(action):
            raise ValueError(f"the opponent played {action}, which is not a legal action")

    def _reward(self) -> float:
        winner = self.game.winner
        if winner is None:
            return 0.0
        return 1.0 if winner == self.agent_index else -1.0

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.game.reset()
        self._ended = False
        if self.agent_index == 1:
            self._opponent_move()
        return self._observation(self.agent_index), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        if game.over or self._ended:
            raise RuntimeError("step() called on a finished game: call reset()")
        if not game.play(int(action)):
            info = self._info()
            info["illegal_action"] = True
            self._ended = True
            return self._observation(self.agent_index), -1.0, True, False, info
        if not game.over:
            self._opponent_move()
        terminated = game.over
        reward = self._reward() if terminated else 0.0
        return self._observation(self.agent_index), reward, terminated, False, self._info()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.game)
        return None


def mnk_v0(
    m: int = 3,
    n: int = 3,
    k: int = 3,
    *,
    misere: bool = False,
    diagonals: bool = True,
    render_mode: Optional[str] = None,
) -> Any:
    """The PettingZoo AEC environment of an m,n,k game for two agents, ``player_1`` (x,
    first) and ``player_2`` (o). Observations are dicts of ``observation`` (the
    ``(2, m, n)`` planes from the observer's side) and ``action_mask``; the rewards come
    at the end (+1, -1, or 0 each for a draw); an illegal action ends the game with -1
    for the player who made it and 0 for the other.

    >>> from gridnote.env import mnk_v0
    >>> env = mnk_v0()
    >>> env.reset(seed=1)
    >>> env.agent_selection
    'player_1'
    >>> for action in [0, 3, 1, 4, 2]:
    ...     env.step(action)
    >>> env.rewards
    {'player_1': 1, 'player_2': -1}
    """
    from gridnote._pettingzoo import MnkAEC

    return MnkAEC(m, n, k, misere=misere, diagonals=diagonals, render_mode=render_mode)


def tafl_v0(
    rules: str = "brandubh",
    *,
    max_moves: Optional[int] = None,
    render_mode: Optional[str] = None,
) -> Any:
    """The PettingZoo AEC environment of a tafl variant (a preset's name or an OTN rules
    record) for two agents, ``attackers`` and ``defenders``; the agent selected is the
    side to move (the same side again after a berserk capture).

    Actions are ``(from_square * 4 + direction) * (size - 1) + distance - 1``: squares
    row-major from the top-left one, directions 0 up, 1 right, 2 down, 3 left, distances
    1 to ``size - 1`` (``TaflGame.action`` and ``action_move`` translate). Observations
    are dicts of ``observation``, ``int8`` planes ``(len(gridnote.TAFL_PLANES), size,
    size)``, and ``action_mask``. Rewards come at the end: +1 and -1, 0 each for a draw;
    a side to move without a legal move loses; an illegal action ends the game with -1
    for its player and 0 for the other. ``max_moves`` truncates a game after that many
    plies.

    >>> from gridnote.env import tafl_v0
    >>> env = tafl_v0("brandubh")
    >>> env.reset(seed=0)
    >>> env.agent_selection, int(env.action_space("attackers").n)
    ('attackers', 1176)
    >>> obs = env.observe("attackers")
    >>> obs["observation"].shape, int(obs["action_mask"].sum())
    ((14, 7, 7), 40)
    >>> env.step(env.game.action("d2-c2"))
    >>> env.agent_selection
    'defenders'
    """
    from gridnote._pettingzoo import TaflAEC

    return TaflAEC(rules, max_moves=max_moves, render_mode=render_mode)

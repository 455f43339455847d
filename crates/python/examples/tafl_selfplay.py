"""Random self-play in gridnote's tafl environment, each game saved as an OTN game record.

    python tafl_selfplay.py --rules brandubh --games 100 --max-moves 500 --out games/

Both agents pick a uniform legal action from their action mask; the tally says how the
games ended, and every game is written as an `.otg` record that OpenTafl (and
`gridnote game`) replays.
"""

import argparse
import os
from collections import Counter

import numpy as np

import gridnote
from gridnote.env import tafl_v0


def play(rules: str, games: int, max_moves: int, seed: int, out: str = None) -> Counter:
    env = tafl_v0(rules, max_moves=max_moves)
    rng = np.random.default_rng(seed)
    tally: Counter = Counter()
    for number in range(games):
        env.reset(seed=seed + number)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        outcome = env.game.outcome()
        tally["unfinished" if outcome is None else f"{outcome.winner or 'draw'} ({outcome.reason})"] += 1
        if out:
            with open(os.path.join(out, f"game-{number + 1}.otg"), "w", encoding="utf-8") as f:
                f.write(env.game.record())
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="brandubh", help="a preset or an OTN rules record")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--max-moves", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="a folder for the .otg records")
    parser.add_argument("--smoke", action="store_true", help="a few games, checked")
    args = parser.parse_args()
    if args.smoke:
        env = tafl_v0("brandubh", max_moves=200)
        tally = play("brandubh", 5, 200, 0)
        assert sum(tally.values()) == 5, tally
        # A record written by the environment's game reads back as the same game.
        game = env.game
        game.push("d7-c7")
        assert gridnote.TaflGame.from_record(game.record()).move_stack == ["d7-c7"]
        print(f"tafl_selfplay: ok ({dict(tally)})")
        return
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    for result, count in sorted(play(args.rules, args.games, args.max_moves, args.seed, args.out).items()):
        print(f"{count:6d}  {result}")


if __name__ == "__main__":
    main()

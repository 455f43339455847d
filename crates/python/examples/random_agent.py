"""A random agent against gridnote's m,n,k environment: the training loop's skeleton.

    python random_agent.py --episodes 1000 --opponent perfect

Against the perfect opponent a random agent never wins; against the random one it wins
more often than it loses when it moves first.
"""

import argparse
from collections import Counter

import numpy as np

from gridnote.env import Mnk


def play(episodes: int, opponent: str, seed: int) -> Counter:
    env = Mnk(3, 3, 3, opponent=opponent, oracle=False)
    rng = np.random.default_rng(seed)
    results: Counter = Counter()
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + episode)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, done, truncated, info = env.step(action)
        results["win" if reward > 0 else "loss" if reward < 0 else "draw"] += 1
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--opponent", choices=["random", "perfect"], default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a few episodes, checked")
    args = parser.parse_args()
    if args.smoke:
        results = play(30, "perfect", 0)
        assert results["win"] == 0 and sum(results.values()) == 30, results
        print(f"random_agent: ok ({dict(results)} against the perfect opponent)")
        return
    results = play(args.episodes, args.opponent, args.seed)
    print(dict(results))


if __name__ == "__main__":
    main()

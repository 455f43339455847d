"""The goals of docs/python.md, measured: run by `cargo xtask python --bench`.

1. convert_many of N T3EN lines to TSN against the CLI on the same file (fastest of 3
   runs each, wall-clock and CPU time, outputs checked identical) and against `convert`
   in a Python loop.
2. The call overhead of read + str of one 3x3 position, and of convert.
3. A step of gridnote's m,n,k environments against PettingZoo's tictactoe_v3, and of the
   tafl environment.
4. The wheel's size.

Timings are wall-clock on whatever machine runs it: one run, a shared machine's noise
included. Prints a Markdown table.
"""

import argparse
import os
import random
import resource
import subprocess
import sys
import time
import timeit

import numpy as np

import gridnote


def positions(lines: int, seed: int) -> list:
    """Random 3x3 positions reached in play (0 to 9 random moves), as T3EN."""
    rng = random.Random(seed)
    digits = []
    for _ in range(lines):
        cells = ["0"] * 9
        order = rng.sample(range(9), rng.randint(0, 9))
        for i, cell in enumerate(order):
            cells[cell] = "1" if i % 2 == 0 else "2"
        digits.append("".join(cells))
    return list(gridnote.convert_many(digits, "t3en", from_="digits"))


def best_of(runs: int, fn) -> tuple:
    """The fastest of `runs` calls: (wall seconds, CPU seconds of this process and of the
    children it waited for, every thread included)."""
    best_wall, best_cpu = float("inf"), float("inf")
    for _ in range(runs):
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        child = (after.ru_utime - children.ru_utime) + (after.ru_stime - children.ru_stime)
        best_wall = min(best_wall, wall)
        best_cpu = min(best_cpu, time.process_time() - cpu + child)
    return best_wall, best_cpu


def games(count: int, seed: int) -> list:
    """Random legal tic-tac-toe games to their end, as action lists."""
    rng = random.Random(seed)
    out = []
    game = gridnote.MnkGame(3, 3, 3)
    for _ in range(count):
        game.reset()
        while not game.over:
            legal = game.legal_actions()
            game.play(legal[rng.randrange(len(legal))])
        out.append(game.history)
    return out


def tafl_played(count: int, seed: int) -> list:
    """Random legal Brandubh games to their end (at most 400 plies), as action lists."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game = gridnote.TaflGame("brandubh")
        actions = []
        while not game.is_game_over() and len(actions) < 400:
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
            game.play_action(action)
            actions.append(action)
        out.append(actions)
    return out


def step_time(make_env, played: list) -> float:
    """Seconds per `step` of an AEC environment replaying `played` (resets included)."""
    env = make_env()
    env.reset(seed=0)
    steps = sum(len(g) for g in played)
    start = time.perf_counter()
    for game in played:
        env.reset()
        for action in game:
            env.step(action)
    return (time.perf_counter() - start) / steps


def last_step_time(make_env, played: list) -> float:
    """Seconds per `last()` + `step` (what an agent loop calls), replaying `played`."""
    env = make_env()
    env.reset(seed=0)
    steps = sum(len(g) for g in played)
    start = time.perf_counter()
    for game in played:
        env.reset()
        for action in game:
            env.last()
            env.step(action)
    return (time.perf_counter() - start) / steps


def gym_step_time(steps: int, seed: int) -> float:
    """Seconds per step of gridnote.env.Mnk (each step also plays the random opponent)."""
    from gridnote.env import Mnk

    env = Mnk(opponent="random")
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    done_steps = 0
    start = time.perf_counter()
    while done_steps < steps:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
        done_steps += 1
        if terminated or truncated:
            obs, info = env.reset()
    return (time.perf_counter() - start) / steps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--wheel", required=True)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    source = os.path.join(args.dir, "bench-t3en.txt")
    cli_out = os.path.join(args.dir, "bench-cli.tsn")
    py_out = os.path.join(args.dir, "bench-py.tsn")
    lines = positions(args.lines, 2026)
    with open(source, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    rows = []

    def cli():
        with open(source, "rb") as stdin, open(cli_out, "wb") as stdout:
            subprocess.run(
                [args.cli, "convert", "--quiet", "--from", "t3en", "--to", "tsn"],
                stdin=stdin,
                stdout=stdout,
                check=True,
            )

    def many(jobs):
        def run():
            with open(source, encoding="utf-8") as f:
                out = list(gridnote.convert_many(f, "tsn", from_="t3en", jobs=jobs))
            with open(py_out, "w", encoding="utf-8") as f:
                f.write("\n".join(out) + "\n")

        return run

    def write_to(jobs):
        def run():
            with open(source, "rb") as f, open(py_out, "wb") as out:
                gridnote.convert_many(f, "tsn", from_="t3en", jobs=jobs).write_to(out)

        return run

    t_cli = best_of(3, cli)
    with open(cli_out, "rb") as f:
        expected = f.read()
    n = args.lines
    rows.append((f"CLI `gridnote convert --quiet --from t3en --to tsn` < file > file, {n} lines", t_cli))
    for jobs in (1, 2):
        t = best_of(3, many(jobs))
        with open(py_out, "rb") as f:
            assert f.read() == expected, "convert_many's output differs from the CLI's"
        rows.append((f"`list(convert_many(open(file), 'tsn', from_='t3en', jobs={jobs}))`, joined and written", t))
    for jobs in (1, 2):
        t = best_of(3, write_to(jobs))
        with open(py_out, "rb") as f:
            assert f.read() == expected, "write_to's output differs from the CLI's"
        rows.append((f"`convert_many(open(file, 'rb'), 'tsn', from_='t3en', jobs={jobs}).write_to(out)`", t))
    loop_lines = lines[: min(n, 100_000)]

    def loop():
        return [gridnote.convert(line, "tsn", from_="t3en").output for line in loop_lines]

    wall, cpu = best_of(3, loop)
    scale = n / len(loop_lines)
    t_loop = (wall * scale, cpu * scale)
    rows.append((f"`[convert(line, 'tsn', from_='t3en').output for line in lines]` ({len(loop_lines)} lines, scaled)", t_loop))
    print("| run | wall s | wall / CLI | CPU s | CPU / CLI | loop / this (wall, CPU) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (wall, cpu) in rows:
        print(
            f"| {name} | {wall:.3f} | {wall / t_cli[0]:.2f} | {cpu:.3f} | {cpu / t_cli[1]:.2f} "
            f"| {t_loop[0] / wall:.1f}, {t_loop[1] / cpu:.1f} |"
        )
    print()

    number = 200_000
    calls = [
        ("`gridnote.read('2_o/_x_/3_ x')`", "gridnote.read('2_o/_x_/3_ x')"),
        ("`str(gridnote.read('2_o/_x_/3_ x'))`", "str(gridnote.read('2_o/_x_/3_ x'))"),
        ("`gridnote.convert('2_o/_x_/3_ x', 'tsn')`", "gridnote.convert('2_o/_x_/3_ x', 'tsn')"),
        ("`len('2_o/_x_/3_ x')` (a builtin call, for scale)", "len('2_o/_x_/3_ x')"),
    ]
    print("| call | ns per call |")
    print("|---|---:|")
    for name, stmt in calls:
        best = min(timeit.repeat(stmt, globals={"gridnote": gridnote}, number=number, repeat=3))
        print(f"| {name} | {best / number * 1e9:.0f} |")

    from pettingzoo.classic import tictactoe_v3

    from gridnote.env import mnk_v0

    played = games(20_000, 7)
    steps = 100_000
    t_pz = min(step_time(tictactoe_v3.env, played) for _ in range(3))
    t_aec = min(step_time(mnk_v0, played) for _ in range(3))
    l_pz = min(last_step_time(tictactoe_v3.env, played) for _ in range(3))
    l_aec = min(last_step_time(mnk_v0, played) for _ in range(3))
    t_gym = min(gym_step_time(steps, s) for s in (1, 2, 3))
    moves = sum(len(g) for g in played)
    print(f"\n| environment ({len(played)} random legal games replayed, {moves} steps, resets included) | µs per step | PettingZoo / this |")
    print("|---|---:|---:|")
    print(f"| PettingZoo `tictactoe_v3`: `step` | {t_pz * 1e6:.2f} | 1.00 |")
    print(f"| gridnote `mnk_v0()`: `step` | {t_aec * 1e6:.2f} | {t_pz / t_aec:.1f} |")
    print(f"| PettingZoo `tictactoe_v3`: `last()` + `step` | {l_pz * 1e6:.2f} | 1.00 |")
    print(f"| gridnote `mnk_v0()`: `last()` + `step` | {l_aec * 1e6:.2f} | {l_pz / l_aec:.1f} |")
    print(f"| gridnote `Mnk()` (Gymnasium): `step`, the random opponent's reply included, with the agent's choice from `info['action_mask']` | {t_gym * 1e6:.2f} | {t_pz / t_gym:.1f} |")
    from gridnote.env import tafl_v0

    tafl_games = tafl_played(300, 11)
    tafl_moves = sum(len(g) for g in tafl_games)
    t_tafl = min(step_time(lambda: tafl_v0("brandubh"), tafl_games) for _ in range(3))
    l_tafl = min(last_step_time(lambda: tafl_v0("brandubh"), tafl_games) for _ in range(3))
    game = gridnote.TaflGame("brandubh")
    push_pop = min(
        timeit.repeat("g.push('d2-c2'); g.pop()", globals={"g": game}, number=number, repeat=3)
    ) / number
    legal = min(timeit.repeat("g.legal_moves", globals={"g": game}, number=20_000, repeat=3)) / 20_000
    print(f"\n| tafl ({len(tafl_games)} random Brandubh games replayed, {tafl_moves} steps) | µs |")
    print("|---|---:|")
    print(f"| `tafl_v0('brandubh')`: `step` | {t_tafl * 1e6:.2f} |")
    print(f"| `tafl_v0('brandubh')`: `last()` + `step` | {l_tafl * 1e6:.2f} |")
    print(f"| `TaflGame('brandubh')`: `push('d2-c2')` + `pop()` | {push_pop * 1e6:.2f} |")
    print(f"| `TaflGame('brandubh').legal_moves` (40 OTN move records) | {legal * 1e6:.2f} |")
    print(f"\nwheel: {os.path.basename(args.wheel)}, {os.path.getsize(args.wheel)} bytes")
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Ask Rapfi for renju's forbidden points of many positions, for gridnote's fixtures.

Usage: forbid.py RAPFI_BINARY OUTPUT.tsv [--games N] [--clusters N] [--dense N] [--seed S]

RAPFI_BINARY is a Rapfi executable you built yourself (github.com/dhbloo/rapfi,
GPL-3.0); this script only talks to it through the Gomocup protocol on its standard
input and output, with Rapfi's Yixin-protocol extensions YXBOARD (set a position
without thinking) and YXSHOWFORBID (list black's forbidden points when black is to
move, as `FORBID xxyyxxyy….`, two digits per coordinate).

It writes one line per position: the position as T3EN (15x15, black = x to move) and
the forbidden points Rapfi names, as gridnote cell names (file letter from the left,
rank from 1 at the bottom) in row-major order from the top, or `-` for none. Positions
come from four sources, each seeded:

- random renju games: each side plays a random move near the stones (black keeps close
  to its own stones, so that threes and fours are common), black never on a point Rapfi
  calls forbidden; every position with black to move is recorded until a five;
- clusters: 6 to 16 black stones and 0 to 6 white stones dropped at random in a 7x7
  square (white passing between black's stones), kept when nobody has five in a row;
- dense clusters: the same with 10 to 24 black stones and 0 to 10 white ones;
- the hand-made positions of gridnote's own tests (`EXAMPLES` below).
"""

import argparse
import random
import subprocess
import sys

SIZE = 15
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Rapfi:
    """One Rapfi process in renju mode on a 15x15 board."""

    def __init__(self, binary):
        self.process = subprocess.Popen(
            [binary],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send(f"START {SIZE}")
        self.expect("OK")
        self.send("INFO rule 4")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def expect(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f"Rapfi closed its output waiting for {word}")
            line = line.strip()
            if line.startswith(word):
                return line
            if line.startswith("ERROR"):
                sys.exit(f"Rapfi: {line}")

    def forbidden(self, moves):
        """Black's forbidden points after `moves` ((x, y, colour) in order, colour 1 for
        black and 2 for white; Rapfi inserts the passes between two moves of one side),
        with black to move."""
        self.send("YXBOARD")
        for x, y, colour in moves:
            self.send(f"{x},{y},{colour}")
        if moves and moves[-1][2] == 1:
            self.send("-1,-1,2")  # white passes: black to move
        self.send("DONE")
        self.send("YXSHOWFORBID")
        answer = self.expect("FORBID")[len("FORBID ") :].rstrip(".")
        points = set()
        for i in range(0, len(answer), 4):
            points.add((int(answer[i : i + 2]), int(answer[i + 2 : i + 4])))
        return points

    def close(self):
        self.send("END")
        self.process.wait(timeout=10)


def name(x, y):
    """gridnote's name of the point at column x, row y (row 0 at the top)."""
    return "abcdefghijklmno"[x] + str(SIZE - y)


def t3en(stones):
    """The T3EN of a 15x15 board holding `stones` ((x, y) -> 1 or 2), black to move."""
    rows = []
    for y in range(SIZE):
        row, run = "", 0
        for x in range(SIZE):
            colour = stones.get((x, y))
            if colour is None:
                run += 1
                continue
            if run:
                row += "_" if run == 1 else f"{run}_"
                run = 0
            row += "x" if colour == 1 else "o"
        if run:
            row += "_" if run == 1 else f"{run}_"
        rows.append(row)
    return "/".join(rows) + " x"


def longest_run(stones, x, y, colour):
    """The longest run of `colour` through (x, y) (which holds or would hold it)."""
    best = 0
    for dx, dy in DIRECTIONS:
        n = 1
        for sign in (1, -1):
            i = 1
            while stones.get((x + sign * dx * i, y + sign * dy * i)) == colour:
                n += 1
                i += 1
        best = max(best, n)
    return best


def has_five(stones):
    """Whether a side holds five or more in a row anywhere."""
    return any(longest_run(stones, x, y, c) >= 5 for (x, y), c in stones.items())


def near(stones, colour, reach):
    """Empty points within `reach` of a stone of `colour` (any colour when None)."""
    out = set()
    for (x, y), c in stones.items():
        if colour is not None and c != colour:
            continue
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                p = (x + dx, y + dy)
                if 0 <= p[0] < SIZE and 0 <= p[1] < SIZE and p not in stones:
                    out.add(p)
    return out


def random_game(rapfi, rng, record):
    stones, moves = {}, []
    length = rng.randint(16, 90)
    for ply in range(length):
        black = ply % 2 == 0
        if black:
            forbidden = rapfi.forbidden(moves)
            record(stones, forbidden)
            if not stones:
                choices = {(7, 7)}
            elif rng.random() < 0.8:
                choices = near(stones, 1, 1) or near(stones, None, 2)
            else:
                choices = near(stones, None, 2)
            choices -= forbidden
        else:
            choices = near(stones, 1, 1) if rng.random() < 0.5 else near(stones, None, 2)
        if not choices:
            return
        x, y = rng.choice(sorted(choices))
        colour = 1 if black else 2
        stones[(x, y)] = colour
        moves.append((x, y, colour))
        if longest_run(stones, x, y, colour) >= 5:
            return


def cluster(rapfi, rng, record, blacks, whites):
    left, top = rng.randint(0, SIZE - 7), rng.randint(0, SIZE - 7)
    square = [(left + dx, top + dy) for dx in range(7) for dy in range(7)]
    rng.shuffle(square)
    blacks, whites = rng.randint(*blacks), rng.randint(*whites)
    stones = {}
    for p in square[:blacks]:
        stones[p] = 1
    for p in square[blacks : blacks + whites]:
        stones[p] = 2
    if has_five(stones):
        return
    record(stones, rapfi.forbidden(interleaved(stones)))


def interleaved(stones):
    """The stones as moves for YXBOARD: black first (Rapfi takes the first move's side
    for black), then white and black in turn; Rapfi passes for a side that has none
    left."""
    black = sorted(p for p, c in stones.items() if c == 1)
    white = sorted(p for p, c in stones.items() if c == 2)
    moves = []
    for i in range(max(len(black), len(white))):
        if i < len(black):
            moves.append((*black[i], 1))
        if i < len(white):
            moves.append((*white[i], 2))
    return moves


# gridnote's hand-made positions (crates/board/tests/package/gomoku.rs), as black and
# white cell names.
EXAMPLES = [
    (["h8", "i8", "j9", "j10"], []),
    (["h8", "i8", "j9", "j10"], ["k8"]),
    (["h8", "j8", "k9", "k10"], []),
    (["h8", "i8", "j8", "k9", "k10", "k11"], []),
    (["d8", "e8", "f8", "j8", "k8", "l8"], []),
    (["d8", "e8", "h8", "j8", "k8"], []),
    (["h8", "i8", "j8", "k9", "k10"], []),
    (["d8", "e8", "f8", "h8", "i8"], []),
    (["d8", "e8", "f8", "g8", "h4", "h5", "h6", "h7", "h9"], []),
    (["d8", "e8", "f8", "h4", "h5", "h6", "h7", "h9"], []),
    (["d8", "e8", "f8", "g8", "h9", "h10", "h11", "i9", "j10", "k11"], []),
    (["d8", "e8", "f8", "h9", "h10", "h11", "i9", "j10", "k11"], []),
    (["f8", "g8", "h9", "h10"], []),
    (["f8", "g8", "h9", "h10", "e5", "e6", "e7", "e9", "e10", "e11",
      "i5", "i6", "i7", "i9", "i10", "i11"], []),
    (["f8", "g8", "h9", "h10", "e5", "e6", "e7", "e9", "e10", "e11"], []),
    (["c8", "f8", "g8", "k8", "h9", "h10"], []),
]


def point(cell):
    return "abcdefghijklmno".index(cell[0]), SIZE - int(cell[1:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rapfi")
    parser.add_argument("output")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--clusters", type=int, default=1500)
    parser.add_argument("--dense", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rapfi = Rapfi(args.rapfi)
    lines, seen = [], set()

    def record(stones, forbidden):
        text = t3en(stones)
        if text in seen:
            return
        seen.add(text)
        names = [name(x, y) for (x, y) in sorted(forbidden, key=lambda p: (p[1], p[0]))]
        lines.append(f"{text}\t{' '.join(names) or '-'}")

    for black, white in EXAMPLES:
        stones = {point(c): 1 for c in black}
        stones.update({point(c): 2 for c in white})
        record(stones, rapfi.forbidden(interleaved(stones)))
    for _ in range(args.games):
        random_game(rapfi, rng, record)
    for _ in range(args.clusters):
        cluster(rapfi, rng, record, (6, 16), (0, 6))
    for _ in range(args.dense):
        cluster(rapfi, rng, record, (10, 24), (0, 10))
    rapfi.close()
    with open(args.output, "w") as out:
        out.write("\n".join(lines) + "\n")
    forbidden = sum(line.split("\t")[1] != "-" for line in lines)
    print(f"{len(lines)} positions, {forbidden} with forbidden points", file=sys.stderr)


if __name__ == "__main__":
    main()

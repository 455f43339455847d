#!/usr/bin/env python3
"""Writes fixtures/tafl-rules/positions/positions.jsonl with the harness: positions of the
random games of fixtures/tafl-rules/opentafl/playouts/ with OpenTafl's legal moves and
perft counts.

usage: positions.py OPENTAFL_CHECKOUT CLASS_DIR [OUT_FILE]

For every variant of fixtures/tafl-rules/opentafl/variants.jsonl and each of the first two
games of opentafl/playouts/VARIANT.jsonl, the positions after 0, 50, 100, ... plies (the start once
per variant) are sent to the harness's `batch` command. Every figure in the output is
OpenTafl's; this script only chooses the positions and writes them compactly.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FIXTURES = os.path.join(ROOT, "fixtures", "tafl-rules")
EVERY = 50


def lines(text):
    return [json.loads(l) for l in text.splitlines() if l.strip()]


def depth(record):
    """Perft depth: 3 on boards up to 9x9, else 2 (a few seconds of OpenTafl each)."""
    dim = int(record.split()[0].split(":")[1])
    return 3 if dim <= 9 else 2


def main():
    ot, classes = sys.argv[1], sys.argv[2]
    out = sys.argv[3] if len(sys.argv) > 3 else os.path.join(FIXTURES, "positions", "positions.jsonl")
    variants = lines(open(os.path.join(FIXTURES, "opentafl", "variants.jsonl")).read())
    rows = []
    for v in variants:
        name, record = v["variant"], v["record"]
        path = os.path.join(FIXTURES, "opentafl", "playouts", f"{name}.jsonl")
        ends = [o for o in lines(open(path).read()) if "end" in o][:2]
        reqs, meta = [], []
        for end in ends:
            moves = end["moves"].split()
            for ply in range(0, len(moves) + 1, EVERY):
                if ply == 0 and end is not ends[0]:
                    continue
                played = " ".join(moves[:ply])
                reqs.append("\t".join([record, "-", "-", played or "-", str(depth(record))]))
                meta.append((end["game"], ply, played))
        cmd = [os.path.join(HERE, "run.sh"), ot, classes, "batch"]
        p = subprocess.run(cmd, input="\n".join(reqs) + "\n", capture_output=True, text=True, check=True)
        for (game, ply, played), o in zip(meta, lines(p.stdout)):
            if "error" in o:
                raise SystemExit(f"{name} game {game} ply {ply}: {o['error']}")
            legal = []
            for m in o["moves"]:
                text = m["from"] + "-" + m["to"]
                if m["captures"]:
                    text += "x" + "/".join(m["captures"])
                legal.append(text)
            rows.append({"variant": name, "game": game, "ply": ply, "played": played,
                         "position": o["position"], "to_move": o["to_move"],
                         "outcome": o["outcome"], "legal": legal, "perft": o["perft"]})
            print(f"{name} game {game} ply {ply}: {len(legal)} moves, perft {o['perft']}", file=sys.stderr)
    with open(out, "w") as f:
        for r in rows:
            f.write(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

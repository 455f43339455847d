#!/usr/bin/env python3
"""Generates fixtures/tafl-rules/opentafl/ with the harness over an OpenTafl checkout.

usage: generate.py OPENTAFL_CHECKOUT CLASS_DIR OUT_DIR [--only SLUG,...] [--step NAME,...]

Steps: variants, perft, builtin, playouts, listings, midgame, special (all by default).
Every figure in the output is OpenTafl's; this script only chooses what to ask.
"""
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# OpenTafl's variants in its own order (Variants.hardcodedRules, then external-rules.conf),
# with gridnote's preset names.
SLUGS = {
    ("builtin", 1): "sea-battle",
    ("builtin", 2): "fetlar",
    ("builtin", 3): "copenhagen",
    ("builtin", 4): "copenhagen-relaxed",
    ("builtin", 5): "berserk",
    ("builtin", 6): "brandubh",
    ("builtin", 7): "tawlbwrdd",
    ("builtin", 8): "tablut",
    ("builtin", 9): "foteviken-tablut",
    ("builtin", 10): "magpie",
    ("external", 1): "computer-fetlar",
    ("external", 2): "tablut-15",
    ("external", 3): "sea-battle-13",
    ("external", 4): "alea-evangelii",
}

# Perft depth from the start: 4 where OpenTafl takes under a minute, else 3.
PERFT_DEPTH = {
    "brandubh": 4, "magpie": 4,
}
MAX_PLIES = 200


def games_for(record):
    """8 games on boards up to 9x9, 3 on 11x11, 2 above: the files stay small."""
    dim = int(re.search(r"dim:(\d+)", record).group(1))
    return 8 if dim <= 9 else 3 if dim <= 11 else 2


def run(ot, classes, *args, stdin=None):
    cmd = [os.path.join(HERE, "run.sh"), ot, classes] + list(args)
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stderr)
        raise SystemExit(f"harness failed: {args[:1]}")
    return p.stdout


def lines(text):
    return [json.loads(l) for l in text.splitlines() if l.strip()]


def compact(listing, keep_positions):
    """Shortens a moves object: a move keeps "captures" and "position" only when it captured
    something (or always, with keep_positions), "ends" only when it ends the game; "next" is
    dropped (the other side moves next unless the move leaves a "berserker")."""
    for m in listing.get("moves", []):
        if not m["captures"]:
            del m["captures"]
            if not keep_positions:
                m.pop("position", None)
        if m.get("ends") == "none":
            del m["ends"]
        m.pop("next", None)
    return listing


def thin(plies):
    """Keeps the position after a ply only where it says something a replay cannot take for
    granted: a capture, a berserker, the end, every tenth ply."""
    for o in plies:
        if "ply" in o and not (o["captures"] or "berserker" in o or "outcome" in o or o["ply"] % 10 == 0):
            del o["position"]
    return plies


def write_jsonl(path, objs):
    with open(path, "w") as f:
        for o in objs:
            f.write(json.dumps(o, separators=(",", ":"), ensure_ascii=False) + "\n")


def variants(ot, classes, out):
    recs = lines(run(ot, classes, "records", os.path.join(ot, "unbuilt", "external-rules.conf")))
    for r in recs:
        r["variant"] = SLUGS[(r["source"], r["index"])]
    write_jsonl(os.path.join(out, "variants.jsonl"), [
        {k: r[k] for k in ("variant", "source", "index", "description", "name", "line", "record") if k in r}
        for r in recs])
    return recs


def main():
    args = sys.argv[1:]
    ot, classes, out = args[0], args[1], args[2]
    only = None
    steps = {"variants", "perft", "builtin", "compare", "playouts", "listings", "midgame", "special", "replays"}
    if "--only" in args:
        only = set(args[args.index("--only") + 1].split(","))
    if "--step" in args:
        steps = set(args[args.index("--step") + 1].split(","))
    os.makedirs(os.path.join(out, "playouts"), exist_ok=True)
    recs = variants(ot, classes, out)
    todo = [r for r in recs if only is None or r["variant"] in only]

    if "perft" in steps:
        for r in todo:
            v = r["variant"]
            depth = PERFT_DEPTH.get(v, 3)
            t0 = time.time()
            res = lines(run(ot, classes, "perft", r["record"], "--depth", str(depth)))
            print(f"perft {v} depth {depth}: {res[-1]['nodes']} ({time.time() - t0:.1f}s)", file=sys.stderr)
            write_jsonl(os.path.join(out, f"perft-{v}.jsonl"),
                        [{"variant": v, "depth": x["depth"], "nodes": x["nodes"]} for x in res])

    if "builtin" in steps:
        # The hard-coded Java class of each built-in against the rules loaded from its record.
        rows = []
        for r in todo:
            if r["source"] != "builtin":
                continue
            a = lines(run(ot, classes, "perft", f"builtin:{r['index']}", "--depth", "3"))
            b = lines(run(ot, classes, "perft", r["record"], "--depth", "3"))
            rows.append({"variant": r["variant"], "class": [x["nodes"] for x in a], "record": [x["nodes"] for x in b],
                         "agree": a == b})
            print(f"builtin {r['variant']}: class {rows[-1]['class']} record {rows[-1]['record']}", file=sys.stderr)
        write_jsonl(os.path.join(out, "builtin-class-vs-record.jsonl"), rows)

    if "compare" in steps:
        # 20 random games under each built-in's record, replayed under its Java class: the
        # first ply of each game where the two disagree.
        rows = []
        for r in recs:
            if r["source"] != "builtin":
                continue
            for o in lines(run(ot, classes, "compare", f"builtin:{r['index']}", "--games", "20", "--seed", "1")):
                rows.append(dict({"variant": r["variant"]}, **o))
            print(f"compare {r['variant']}: {rows[-1]}", file=sys.stderr)
        write_jsonl(os.path.join(out, "builtin-class-vs-record-games.jsonl"), rows)

    if "playouts" in steps:
        for r in todo:
            v = r["variant"]
            t0 = time.time()
            res = lines(run(ot, classes, "playout", r["record"], "--seed", "1", "--games", str(games_for(r["record"])),
                            "--max-plies", str(MAX_PLIES), "--label", v))
            thin(res)
            write_jsonl(os.path.join(out, "playouts", f"{v}.jsonl"), res)
            ends = [o for o in res if "end" in o]
            print(f"playouts {v}: {len(ends)} games, plies {[o['plies'] for o in ends]} ({time.time() - t0:.1f}s)",
                  file=sys.stderr)

    if "listings" in steps or "midgame" in steps:
        # (both read the playouts; midgame perft is computed only when asked for)
        listings, midgame = [], []
        for r in todo:
            v = r["variant"]
            path = os.path.join(out, "playouts", f"{v}.jsonl")
            games = {}
            for o in lines(open(path).read()):
                if "end" in o:
                    games[o["game"]] = o
            reqs, meta = [], []
            big = not r["record"].startswith(("dim:7 ", "dim:9 ", "dim:11 "))
            for g in sorted(games)[:1 if big else 2]:
                moves = games[g]["moves"].split()
                for ply in range(0, len(moves) + 1, 100 if big else 50):
                    reqs.append("\t".join([r["record"], "-", "-", " ".join(moves[:ply]) or "-", "-"]))
                    meta.append((g, ply))
            for (g, ply), o in zip(meta, lines(run(ot, classes, "batch", stdin="\n".join(reqs) + "\n"))):
                compact(o, False)
                listings.append(dict({"variant": v, "game": g, "ply": ply,
                                      "moves_from_start": " ".join(games[g]["moves"].split()[:ply])}, **o))
            if "midgame" not in steps:
                continue
            # Perft from a midgame position: game 1 after 20 plies (or its last position).
            g = sorted(games)[0]
            moves = games[g]["moves"].split()
            prefix = " ".join(moves[:min(20, max(0, len(moves) - 1))])
            depth = 3 if r["record"].startswith(("dim:7 ", "dim:9 ", "dim:11 ")) else 2
            res = lines(run(ot, classes, "perft", r["record"], "--moves", prefix or "", "--depth", str(depth)))
            pos = lines(run(ot, classes, "moves", r["record"], "--moves", prefix or ""))[0]
            midgame.append({"variant": v, "moves_from_start": prefix, "position": pos["position"],
                            "to_move": pos["to_move"], "nodes": [x["nodes"] for x in res]})
            print(f"midgame {v}: {midgame[-1]['nodes']}", file=sys.stderr)
        if "listings" in steps:
            write_jsonl(os.path.join(out, "listings.jsonl"), listings)
        if "midgame" in steps:
            write_jsonl(os.path.join(out, "perft-midgame.jsonl"), midgame)

    if "special" in steps:
        special(ot, classes, out)

    if "replays" in steps:
        # OpenTafl's own game records (.otg), main line replayed through its engine.
        rows = []
        for base in ("saved-games/replays", "unbuilt/saved-games/replays"):
            d = os.path.join(ot, base)
            for fn in sorted(os.listdir(d)):
                if fn.endswith(".otg"):
                    for o in lines(run(ot, classes, "replay", os.path.join(d, fn))):
                        rows.append(dict({"path": f"{base}/{fn}"}, **o))
                    print(f"replay {base}/{fn}: {rows[-1]}", file=sys.stderr)
        write_jsonl(os.path.join(out, "replays.jsonl"), rows)


# Hand-written positions for rules the built-in variants do not reach from their starts.
# (label, rules record, moves from its start)
HAND = [
    ("king-armed", "dim:7 name:KA atkf:n ka:y ks:w start:/3T3/7/4tK1/7/3Tt2/7/7/", ""),
    ("king-hammer-only", "dim:7 name:KA atkf:n ka:h ks:w start:/3T3/7/4tK1/7/3Tt2/7/7/", ""),
    ("king-anvil-only", "dim:7 name:KA atkf:n ka:a ks:w start:/3T3/7/4tK1/7/3Tt2/7/7/", ""),
    ("king-unarmed", "dim:7 name:KA atkf:n ka:n ks:w start:/3T3/7/4tK1/7/3Tt2/7/7/", ""),
    ("king-middleweight-edge", "dim:7 name:KS atkf:y ks:m start:/1T5/7/7/7/7/3t3/2tK1t1/", ""),
    ("king-strong-edge", "dim:7 name:KS atkf:y ks:s start:/1T5/7/7/7/7/3t3/2tK1t1/", ""),
    ("king-strong-center-near", "dim:9 name:KS esc:e atkf:y ks:c start:/9/9/9/9/9/3tKt3/9/4t4/9/", ""),
    ("king-strong-center-far", "dim:9 name:KS esc:e atkf:y ks:c start:/9/9/2t6/9/9/9/tK7/9/9/", ""),
    ("king-strong-far", "dim:9 name:KS esc:e atkf:y ks:s start:/9/9/2t6/9/9/9/tK7/9/9/", ""),
    ("knight-jump-capture", "dim:7 name:Knights atkf:n nj:c cenh: cenhe: start:/7/1t5/1N5/3tK2/7/3t3/7/", ""),
    ("commander-jump", "dim:7 name:Commanders atkf:y cj:j start:/7/3T3/3c3/1cTKT2/7/7/7/", ""),
    ("commander-jump-moved-before", "dim:7 name:Commanders atkf:y cj:j start:/7/3T3/3c3/1cTKT2/7/7/7/",
     "d3-f3 e4-e6 f3-d3 e6-e4"),
    ("king-jump-restricted", "dim:7 name:KJ_r atkf:n kj:r ks:w start:/7/7/7/2tKt2/3t3/7/7/", ""),
    ("mercenary-switch", "dim:7 name:Mercs atkf:y ks:w start:/7/2tM3/7/3K3/4t2/7/7/", ""),
    ("guard-uncapturable", "dim:7 name:Guards atkf:y ks:w start:/7/2tG3/7/3K3/4t2/7/7/", ""),
    ("guard-jump-ignored", "dim:7 name:Guards atkf:n ks:w gj:j start:/7/7/2tG3/7/5K1/7/7/", ""),
    ("speed-limit-identical", "dim:7 name:Speed atkf:y spd:2 start:/t6/7/7/3K3/7/7/7/", ""),
    ("speed-limit-two-values-ignored", "dim:7 name:Speed atkf:y spd:1,3, start:/t6/7/7/3K3/7/7/7/", ""),
    ("speed-limit-ten-values-ignored", "dim:7 name:Speed atkf:y spd:2,2,2,2,2,2,2,2,2,2, start:/t6/7/7/3K3/7/7/7/", ""),
    ("speed-limit-eight-values", "dim:7 name:Speed atkf:y spd:2,2,2,2,2,2,2,2, start:/t6/7/7/3K3/7/7/7/", ""),
    ("speed-limit-twelve-values", "dim:7 name:Speed atkf:y spd:2,2,2,2,2,2,2,2,2,2,2,2, start:/t6/7/7/3K3/7/7/7/", ""),
    ("corner-reentry-default", "dim:7 name:Re atkf:n ks:w start:/7/3t3/7/7/7/K6/7/", ""),
    ("corner-reentry-cenre-without-corre", "dim:7 name:Re atkf:n ks:w cenre:tcnkmTCNKM start:/7/3t3/7/7/7/K6/7/", ""),
    ("corner-reentry-cenre-and-corre", "dim:7 name:Re atkf:n ks:w cenre:tcnkmTCNKM corre:tcnkmTCNKM start:/7/3t3/7/7/7/K6/7/", ""),
    ("corner-reentry-corre-alone-ignored", "dim:7 name:Re atkf:n ks:w corre: start:/7/3t3/7/7/7/K6/7/", ""),
    ("hostility-corh-K-only", "dim:7 name:H atkf:y ks:w corh:K start:/1K2t2/7/7/3T3/7/7/7/", ""),
    ("hostility-corh-T", "dim:7 name:H atkf:y ks:w corh:T start:/1K2t2/7/7/3T3/7/7/7/", ""),
    ("hostility-cenhe-K-only", "dim:7 name:H atkf:y ks:s cenhe:K start:/4t2/7/7/4Kt1/4t2/7/7/", ""),
    ("hostility-cenhe-T", "dim:7 name:H atkf:y ks:s cenhe:T start:/4t2/7/7/4Kt1/4t2/7/7/", ""),
    ("strong-king-four-attackers-no-commanders", "dim:11 name:Berserk surf:n atkf:y tfr:l kj:r ber:c start:/9T1/11/11/11/2t8/11/1tKt7/2t8/11/11/11/", ""),
    ("strong-king-four-attackers-side-has-commander", "dim:11 name:Berserk surf:n atkf:y tfr:l kj:r ber:c start:/9T1/11/11/11/2t8/11/1tKt7/2t8/11/11/4c6/", ""),
    ("edge-escape-weak-king", "dim:7 name:Edge esc:e atkf:n ks:w cor: cen: start:/7/7/2t1t2/3K3/7/7/7/", ""),
    ("surrounded-not-fatal", "dim:7 name:Surf surf:n atkf:y start:/7/1ttttt1/1t3t1/1t1K1t1/1t3t1/1ttt1t1/7/", ""),
    ("surrounded-fatal", "dim:7 name:Surf surf:y atkf:y start:/7/1ttttt1/1t3t1/1t1K1t1/1t3t1/1ttt1t1/7/", ""),
    ("repetition-draw", "dim:7 name:Rep atkf:y tfr:d start:/7/1t5/7/3K3/7/5T1/7/", "b2-b3 f6-f5 b3-b2 f5-f6 b2-b3 f6-f5 b3-b2"),
    ("repetition-w-mover-loses", "dim:7 name:Rep atkf:y tfr:w start:/7/1t5/7/3K3/7/5T1/7/", "b2-b3 f6-f5 b3-b2 f5-f6 b2-b3 f6-f5 b3-b2"),
    ("repetition-l-mover-wins", "dim:7 name:Rep atkf:y tfr:l start:/7/1t5/7/3K3/7/5T1/7/", "b2-b3 f6-f5 b3-b2 f5-f6 b2-b3 f6-f5 b3-b2"),
    ("repetition-i-draws", "dim:7 name:Rep atkf:y tfr:i start:/7/1t5/7/3K3/7/5T1/7/", "b2-b3 f6-f5 b3-b2 f5-f6 b2-b3 f6-f5 b3-b2"),
    ("berserk-capture-start", "dim:9 name:B atkf:y ber:c ks:w start:/1tT6/9/1tT1Tt3/9/3t5/9/4K4/9/9/", ""),
    ("berserk-capture-continuation-any-move", "dim:9 name:B atkf:y ber:c ks:w start:/1tT6/9/1tT1Tt3/9/3t5/9/4K4/9/9/", "d5-d3"),
    ("berserk-move-continuation", "dim:9 name:B atkf:y ber:m ks:w start:/1tT6/9/1tT1Tt3/9/3t5/9/4K4/9/9/", "d5-d3"),
    ("shieldwall-weak", "dim:9 name:SW atkf:y sw:w swf:n start:/1tTTT4/2ttt4/9/9/5t3/9/4K4/9/9/", ""),
    ("shieldwall-strong-corner", "dim:9 name:SW atkf:y sw:s swf:n start:/1TTT5/1ttt5/9/9/4t4/t8/4K4/9/9/", ""),
    ("shieldwall-weak-corner", "dim:9 name:SW atkf:y sw:w swf:n start:/1TTT5/1ttt5/9/9/4t4/t8/4K4/9/9/", ""),
    ("edge-fort", "dim:9 name:EF atkf:n efe:y start:/9/1t7/9/9/4T4/9/3T5/3T1T3/3TKT3/", ""),
    ("edge-fort-disabled", "dim:9 name:EF atkf:n efe:n start:/9/1t7/9/9/4T4/9/3T5/3T1T3/3TKT3/", ""),
    ("shieldwall-corner-one-edge-attacker", "dim:9 name:SW atkf:y sw:s swf:n start:/6TT1/6tt1/9/4K4/5t3/9/9/9/9/", ""),
    ("shieldwall-corner-two-edge-attackers", "dim:9 name:SW atkf:y sw:s swf:n start:/6TT1/6tt1/9/4K4/5t3/t8/9/9/9/", ""),
    ("shieldwall-run-carried-to-next-edge", "dim:9 name:SW atkf:y sw:s swf:n start:/6TT1/6tt1/9/4K4/5t3/t8/9/1t7/9/", ""),
    ("shieldwall-flanking-first-move", "dim:9 name:SW atkf:y sw:s swf:y start:/1tTT5/2tt5/9/9/4t4/9/9/9/4K4/", ""),
    ("shieldwall-flanking-moved-before", "dim:9 name:SW atkf:y sw:s swf:y start:/1tTT5/2tt5/9/9/4t4/9/9/9/4K4/", "e5-e4 e9-f9"),
    ("shieldwall-not-flanking-first-move", "dim:9 name:SW atkf:y sw:s swf:n start:/1tTT5/2tt5/9/9/4t4/9/9/9/4K4/", ""),
]


def special(ot, classes, out):
    rows = []
    sources = []
    # The rules records OpenTafl's own rules tests load.
    testdir = os.path.join(ot, "src", "com", "manywords", "softworks", "tafl", "test", "rules")
    for fn in sorted(os.listdir(testdir)):
        text = open(os.path.join(testdir, fn)).read()
        for m in re.finditer(r'"((?:rules )?dim:[^"]*)"', text):
            sources.append((f"test/rules/{fn}", m.group(1), ""))
    for o in lines(run(ot, classes, "testrecords")):
        sources.append((o["source"], o["record"], ""))
    for label, rec, moves in HAND:
        sources.append((label, rec, moves))
    seen = set()
    for label, rec, moves in sources:
        if (rec, moves) in seen:
            continue
        seen.add((rec, moves))
        dim = int(re.search(r"dim:(\d+)", rec).group(1))
        depth = 3 if dim <= 9 else 2
        req = "\t".join([rec, "-", "-", moves or "-", str(depth)])
        o = lines(run(ot, classes, "batch", stdin=req + "\n"))[0]
        rows.append(dict({"label": label, "rules": rec, "moves_from_start": moves}, **compact(o, False)))
        print(f"special {label}: {o.get('count')} moves, perft {o.get('perft')} {o.get('error', '')}", file=sys.stderr)
        # A short seeded playout from each special start, every legal move listed.
        if moves == "" and "error" not in o:
            res = lines(run(ot, classes, "playout", rec, "--seed", "1", "--games", "2", "--max-plies", "30",
                            "--label", label))
            rows.extend(dict({"label": label}, **x) for x in thin(res))
    write_jsonl(os.path.join(out, "special.jsonl"), rows)


if __name__ == "__main__":
    main()

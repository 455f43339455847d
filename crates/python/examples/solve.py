"""Solve m,n,k positions with perfect play and draw the first one with its best moves.

    python solve.py "3_/3_/3_ x" "xo_/_x_/3_ o" --svg best.svg
"""

import argparse

import gridnote


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="*")
    parser.add_argument("--rules", help="e.g. tic-tac-toe+misere (the format's default if omitted)")
    parser.add_argument("--svg", help="write the first position's picture here")
    parser.add_argument("--smoke", action="store_true", help="solve two known positions")
    args = parser.parse_args()
    if args.smoke:
        assert str(gridnote.read("3_/3_/3_ x").solve()) == (
            "draw in 9 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3"
        )
        assert str(gridnote.read("xo_/_x_/3_ o").solve()) == "x wins in 4 plies; best: c1"
        print("solve: ok")
        return
    for text in args.positions:
        pos = gridnote.read(text)
        solution = pos.solve(rules=args.rules)
        print(f"{text}: {solution}")
    if args.svg and args.positions:
        pos = gridnote.read(args.positions[0])
        best = pos.solve(rules=args.rules).best
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(pos.svg(size=320, highlight=best))


if __name__ == "__main__":
    main()

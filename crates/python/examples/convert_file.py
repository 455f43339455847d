"""Convert a file of positions, one per line, to another format.

    python convert_file.py positions.txt converted.txt --to tsn --jobs 2

Lines that fail are reported on stderr with their line number and a caret under the
offending text, and left out of the output (as `gridnote convert` does).
"""

import argparse
import os
import sys
import tempfile

import gridnote


def convert_file(source: str, target: str, to: str, jobs: int) -> int:
    failed = 0
    with open(source, encoding="utf-8") as lines, open(target, "w", encoding="utf-8") as out:
        converted = gridnote.convert_many(lines, to, jobs=jobs)
        while True:
            try:
                text = next(converted)
            except StopIteration:
                break
            except gridnote.GridnoteError as err:
                failed += 1
                print(f"{source}:{err.index + 1}: error: {err}", file=sys.stderr)
                continue
            out.write(text + "\n")
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?")
    parser.add_argument("target", nargs="?")
    parser.add_argument("--to", default="tsn")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="convert a small file and check it")
    args = parser.parse_args()
    if args.smoke:
        with tempfile.TemporaryDirectory() as tmp:
            source, target = os.path.join(tmp, "in.txt"), os.path.join(tmp, "out.txt")
            with open(source, "w", encoding="utf-8") as f:
                f.write("2_o/_x_/3_ x\n3_/4_/3_ x\n120120000\n")
            failed = convert_file(source, target, "tsn", 2)
            with open(target, encoding="utf-8") as f:
                assert f.read() == "3 4 3/1a1/2d a 3 2\n3 4 3/ad1/ad1 a 5 4\n", "unexpected output"
            assert failed == 1
        print("convert_file: ok")
        return
    if not (args.source and args.target):
        parser.error("give SOURCE and TARGET (or --smoke)")
    sys.exit(1 if convert_file(args.source, args.target, args.to, args.jobs) else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The conformance adapter for ST3P engines (rustep, stepwise): T3EN decoding through ST3P.

    python3 adapter.py --name rustep -- /path/to/rustep
    python3 adapter.py --name stepwise -- bun run /path/to/stepwise/src/index.ts

Speaks the suite's protocol (conformance/README.md) on standard input and output and
drives the engine given after `--`. A `decode` of a T3EN text sends the engine
`move <text> time-remaining ms:<N>`: the text is accepted when the engine answers
`best …`, refused when it writes anything on standard error first, stays silent for the
time limit, or exits (the engine is then restarted). ST3P is a line protocol, so a text
holding a line break or no text at all cannot be sent: such a case is answered as
unsupported. ST3P engines report no meaning, canonical text or error offset, so only
acceptance is compared. Python 3.8+, standard library only.
"""

import argparse
import json
import os
import selectors
import subprocess
import sys
import time

THINK_MS = 300
WAIT_SECONDS = 3.0


class Engine:
    def __init__(self, command):
        self.command = command
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.selector = selectors.DefaultSelector()
        for stream in (self.process.stdout, self.process.stderr):
            os.set_blocking(stream.fileno(), False)
            self.selector.register(stream, selectors.EVENT_READ)
        self.out = b""
        self.send("st3p version 1")
        self.wait_for(lambda line: line.startswith("st3p version"), WAIT_SECONDS * 3)
        self.send("identify")
        self.version = ""
        while True:
            what, line = self.wait_for(lambda line: line.startswith("identify"), WAIT_SECONDS * 3)
            if what != "line" or line == "identify ok":
                break
            if line.startswith("identify version "):
                self.version = line[len("identify version "):]

    def stop(self):
        try:
            self.process.kill()
            self.process.wait(timeout=5)
        except Exception:
            pass
        self.selector.close()

    def restart(self):
        self.stop()
        self.start()

    def send(self, line):
        self.process.stdin.write((line + "\n").encode())
        self.process.stdin.flush()

    def wait_for(self, wanted, seconds):
        """Reads until a stdout line satisfies `wanted` ("line"), anything arrives on
        stderr ("stderr"), the engine exits ("exit") or time runs out ("timeout")."""
        deadline = time.monotonic() + seconds
        while True:
            while b"\n" in self.out:
                line, self.out = self.out.split(b"\n", 1)
                text = line.decode("utf-8", "replace").strip()
                if wanted(text):
                    return "line", text
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", ""
            for key, _ in self.selector.select(left):
                data = os.read(key.fileobj.fileno(), 65536)
                if not data:
                    return "exit", ""
                if key.fileobj is self.process.stderr:
                    return "stderr", data.decode("utf-8", "replace").strip()
                self.out += data

    def drain(self, quiet):
        """Discards what the engine writes until it has been silent for `quiet` seconds
        (the rest of an error message, a panic's backtrace); False when it exited."""
        while True:
            events = self.selector.select(quiet)
            if not events:
                return self.process.poll() is None
            for key, _ in events:
                if not os.read(key.fileobj.fileno(), 65536):
                    return False

    def decode(self, text):
        self.out = b""
        try:
            self.send(f"move {text} time-remaining ms:{THINK_MS}")
            what, said = self.wait_for(lambda line: line.startswith("best"), WAIT_SECONDS)
        except (BrokenPipeError, OSError) as err:
            what, said = "exit", str(err)
        if what == "line":
            return {"ok": True}
        if what != "stderr" or not self.drain(0.1):
            self.restart()
        self.out = b""
        return {"ok": False, "message": f"{what}: {said}"[:200]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", required=True)
    parser.add_argument("command", nargs="+")
    args = parser.parse_args()
    engine = Engine(args.command)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        op = request.get("op")
        if op == "hello":
            answer = {"name": args.name, "version": engine.version, "decode": ["t3en"], "reports": [],
                      "convert": [], "solve": [], "moves": [], "perft": []}
        elif op == "decode" and request.get("kind") == "t3en":
            text = request.get("input", "")
            if text == "" or "\n" in text or "\r" in text:
                answer = {"ok": False, "unsupported": True,
                          "message": "ST3P cannot carry an empty text or a line break"}
            else:
                answer = engine.decode(text)
        else:
            answer = {"ok": False, "unsupported": True}
        if "id" in request:
            answer["id"] = request["id"]
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    engine.stop()


if __name__ == "__main__":
    main()

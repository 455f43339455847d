#!/usr/bin/env python3
"""A scripted client of a hnefatafl-copenhagen server that plays with hnefatafl-copenhagen's
own engine (its `hnefatafl-text-protocol`, spoken to over HTP on its standard streams).

It creates the account, offers GAMES games (as the attackers and the defenders in turn,
Fischer's clock of 120 s + 1 s), accepts the first challenger of each, and answers each
`generate_move` with the engine's move. Its own lines go to standard output.

Usage: client.py --engine HTP_BIN --user NAME [--games N] [--seconds S]
"""

import argparse
import json
import socket
import subprocess
import sys

VERSION_ID = "32d9a140"


class Engine:
    """hnefatafl-text-protocol: a command, then the reply line that starts with = or ?
    (the program writes other lines between)."""

    def __init__(self, path, seconds):
        self.proc = subprocess.Popen(
            [path, "--seconds", str(seconds)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            if line.startswith("= ") or line.startswith("? ") or line.rstrip() in ("=", "?"):
                return line.rstrip("\n")

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=1)
    parser.add_argument("--port", type=int, default=49152)
    args = parser.parse_args()

    sock = socket.create_connection(("127.0.0.1", args.port))
    lines = sock.makefile("r", encoding="utf-8", errors="replace")

    def send(line):
        print(">", line, flush=True)
        sock.sendall((line + "\n").encode())

    send(f"{VERSION_ID} create_account {args.user} ")
    first = lines.readline().strip()
    if first != "= login":
        sys.exit(f"client.py: login refused: {first}")

    played = 0
    offered = 0
    engine = None
    my_role = None

    def offer():
        nonlocal offered, my_role
        my_role = "attacker" if offered % 2 == 0 else "defender"
        offered += 1
        game = {
            "role": my_role.capitalize(),
            "rated": False,
            "time_settings": {"Timed": {"add_seconds": 1, "milliseconds_left": 120000}},
            "board_size": 11,
        }
        send("new_game " + json.dumps(game, separators=(",", ":")))

    offer()
    for raw in lines:
        line = raw.strip()
        words = line.split()
        if not words:
            continue
        if words[:2] == ["=", "challenge_requested"]:
            send(f"join_game {words[2]}")
        elif words[:2] == ["=", "join_game"]:
            print("<", line, flush=True)
            engine = Engine(args.engine, args.seconds)
            engine.ask("board_size 11")
        elif words[0] == "game" and len(words) >= 4 and words[2] == "generate_move":
            if words[3] != my_role or engine is None:
                continue
            reply = engine.ask("generate_move")
            # `= play ROLE FROM TO, score: …`
            play = reply[2:].split(",")[0].split()
            if len(play) == 4 and play[0] == "play":
                send(f"game {words[1]} play {play[1]} {play[2]} {play[3]}")
            else:
                send(f"game {words[1]} play {my_role} resigns _")
        elif words[0] == "game" and len(words) >= 6 and words[2] == "play":
            print("<", line, flush=True)
            if engine is not None:
                engine.ask(" ".join(words[2:6]))
        elif words[:2] == ["=", "game_over"] or words[:3] == ["=", "draw", "accept"]:
            print("<", line, flush=True)
            played += 1
            if engine is not None:
                engine.close()
                engine = None
            if played >= args.games:
                send("logout")
                break
            offer()
        elif words[0] == "?":
            print("<", line, flush=True)
    sock.close()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""An HTP engine on standard input and output that plays with hnefatafl-copenhagen's
`hnefatafl-text-protocol` in its `--host` mode, where the program's own AI options apply
(`--ai monte-carlo --seconds S`, `--ai basic --depth D`); on its standard input the
program's `generate_move` is always its basic AI at depth 4, whatever the clock.

The bridge listens on 127.0.0.N:49152 (the first N from 2 to 254 that is free, so that
several bridges can start at once), starts `PROGRAM --host 127.0.0.N --display-game ARGS`
and accepts its connection (then closes the listener: the address is free again). Over that connection the program takes `play ROLE FROM TO`
silently and answers `generate_move` with one line `play ROLE FROM TO`; it closes it when
its game is over. Its standard output is read all the time (it would block on a full
pipe): with `--display-game` it prints `status: …` after each ply it takes, which is how
the bridge knows the program's view of the game for `final_status`.

Usage: bridge.py [--program PATH] [--log FILE|DIR] [--connect-timeout S] [-- PROGRAM_ARGS...]
e.g.   bridge.py --program hnefatafl-text-protocol -- --ai monte-carlo --seconds 1
"""

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

PORT = 49152
# Linux routes all of 127/8 to the loopback device; 127.0.0.1 is left to other users of
# the port. (A hnefatafl-server listening on [::]:49152 takes the port on every address.)
LAST_OCTETS = range(2, 255)
# How long the program's ply report (`status: …`) may take after a ply it was sent.
REPORT_SECONDS = 5.0
STATUSES = ("ongoing", "attacker_wins", "defender_wins", "draw")
STATUS_LINE = re.compile(r"^status: (\S+)\s*$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# The commands the bridge answers (list_commands, known_command).
COMMANDS = (
    "board_size",
    "final_status",
    "generate_move",
    "known_command",
    "list_commands",
    "name",
    "play",
    "protocol_version",
    "quit",
    "time_settings",
)


class Gone(Exception):
    """The program has ended or closed its connection."""


class Log:
    """The optional log: the program's output and the bridge's notes, one line each."""

    def __init__(self, path):
        if path and os.path.isdir(path):
            path = os.path.join(path, f"bridge-{os.getpid()}.log")
        self.file = open(path, "a", encoding="utf-8") if path else None
        self.lock = threading.Lock()

    def write(self, line):
        if self.file is None:
            return
        with self.lock:
            self.file.write(line + "\n")
            self.file.flush()

    def note(self, text):
        self.write(f"bridge: {time.strftime('%H:%M:%S')} {text}")


def parse_args(argv):
    """The bridge's options, and the program's arguments (everything after `--`)."""
    if "--" in argv:
        cut = argv.index("--")
        own, program_args = argv[:cut], argv[cut + 1 :]
    else:
        own, program_args = argv, []
    parser = argparse.ArgumentParser(
        description="HTP on stdin/stdout for hnefatafl-text-protocol --host (see README.md)"
    )
    parser.add_argument(
        "--program",
        default="hnefatafl-text-protocol",
        help="the program (default: hnefatafl-text-protocol on PATH)",
    )
    parser.add_argument(
        "--log",
        metavar="FILE|DIR",
        help="append the program's output and the bridge's notes to FILE "
        "(in a folder: bridge-PID.log in it); default: discarded",
    )
    parser.add_argument(
        "--connect-timeout",
        type=float,
        default=5.0,
        metavar="S",
        help="how long the program may take to connect, in seconds (default 5)",
    )
    args = parser.parse_args(own)
    return args, program_args


def listen():
    """A listener on the first free 127.0.0.N:49152 (N from 2 to 254), and its host."""
    last_error = None
    for n in LAST_OCTETS:
        host = f"127.0.0.{n}"
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # SO_REUSEADDR lets a bind succeed past connections in TIME_WAIT; on Linux it
        # never lets two listeners share an address.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, PORT))
            sock.listen(1)
            return sock, host
        except OSError as error:
            last_error = error
            sock.close()
    raise OSError(f"no free address 127.0.0.2..254 on port {PORT}: {last_error}")


def die_with_parent():
    """In the child before exec: be killed when the bridge dies (Linux's
    PR_SET_PDEATHSIG), as the referee kills an engine that does not quit in time."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


class Program:
    """The running program: its connection, and what its output says."""

    def __init__(self, path, program_args, log, connect_timeout):
        self.log = log
        self.lock = threading.Condition()
        self.status = "ongoing"
        self.reports = 0  # `status: …` lines seen: one per ply the program took
        self.output_ended = False
        self.last_error = ""  # its error message on standard error
        listener, host = listen()
        try:
            args = list(program_args)
            if "--display-game" not in args:
                args.append("--display-game")
            command = [path, "--host", host] + args
            log.note("starting " + " ".join(command))
            self.proc = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                preexec_fn=die_with_parent,
            )
            self.threads = [
                threading.Thread(target=self.read_output, daemon=True),
                threading.Thread(target=self.read_errors, daemon=True),
            ]
            for thread in self.threads:
                thread.start()
            self.sock = self.accept(listener, connect_timeout)
        finally:
            # One connection is all: later ones are refused, the address freed.
            listener.close()
        self.lines = self.sock.makefile("rb")
        log.note(f"connected on {host}:{PORT}")

    def accept(self, listener, timeout):
        """The program's connection, or OSError when it has not come within `timeout`
        or has exited first."""
        until = time.monotonic() + timeout
        # Short waits, so that a program that exits at once (bad options) is seen at once.
        listener.settimeout(0.1)
        while True:
            try:
                sock, _ = listener.accept()
                break
            except socket.timeout:
                if self.proc.poll() is not None:
                    self.proc_exit(1.0)
                    time.sleep(0.1)  # its last words on stderr
                    raise OSError(
                        f"the program exited before connecting{self.exit_text()}"
                    ) from None
                if time.monotonic() >= until:
                    self.stop()
                    raise OSError(
                        f"the program did not connect within {timeout:g} s{self.last_words()}"
                    ) from None
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def read_output(self):
        """The reader of its standard output: logged, and its `status: …` lines kept."""
        for raw in self.proc.stdout:
            line = ANSI.sub("", raw.decode("utf-8", "replace").rstrip("\r\n"))
            self.log.write(line)
            match = STATUS_LINE.match(line)
            if match and match.group(1) in STATUSES:
                with self.lock:
                    self.status = match.group(1)
                    self.reports += 1
                    self.lock.notify_all()
        with self.lock:
            self.output_ended = True
            self.lock.notify_all()

    def read_errors(self):
        """The reader of its standard error: logged, its error kept for `?` replies: an
        `Error: …` or `… panicked at …` line with the lines after it up to the backtrace
        (with RUST_BACKTRACE set one follows), else its last line."""
        message = []  # the error message's lines, once one has started
        ended = False  # the message is whole
        for raw in self.proc.stderr:
            line = raw.decode("utf-8", "replace").strip()
            self.log.write("stderr: " + line)
            if ended or not line:
                ended = ended or bool(message)
                continue
            if line.startswith("Error:") or " panicked at " in line:
                message = [line]
            elif message and line.lower().startswith("stack backtrace"):
                ended = True
                continue
            elif message:
                message.append(line)
            with self.lock:
                self.last_error = " ".join(message) if message else line

    def last_words(self):
        """`: ITS ERROR` when it has written one on standard error, for messages."""
        with self.lock:
            return f": {self.last_error}" if self.last_error else ""

    def wait_reports(self, count, timeout=REPORT_SECONDS):
        """Waits until the program has reported `count` plies or its output has ended;
        whether it has reported them."""
        until = time.monotonic() + timeout
        with self.lock:
            while self.reports < count and not self.output_ended:
                left = until - time.monotonic()
                if left <= 0:
                    break
                self.lock.wait(left)
            return self.reports >= count

    def wait_end(self, timeout=REPORT_SECONDS):
        """Waits until its output has ended (it exits after its game is over)."""
        until = time.monotonic() + timeout
        with self.lock:
            while not self.output_ended:
                left = until - time.monotonic()
                if left <= 0:
                    break
                self.lock.wait(left)

    def game_status(self):
        with self.lock:
            return self.status

    def ended(self):
        """Whether the program has exited or closed its output."""
        with self.lock:
            return self.output_ended or self.proc.poll() is not None

    def send(self, line):
        """Writes one line to the connection."""
        try:
            self.sock.sendall((line + "\n").encode())
        except OSError as error:
            raise Gone(f"the connection failed ({error}){self.last_words()}") from None

    def receive(self):
        """The program's next line on the connection, without its line break."""
        try:
            raw = self.lines.readline()
        except OSError as error:
            raise Gone(f"the connection failed ({error}){self.last_words()}") from None
        if not raw:
            self.proc_exit(1.0)
            raise Gone(f"the program closed the connection{self.exit_text()}")
        return raw.decode("utf-8", "replace").strip()

    def proc_exit(self, timeout):
        """Waits up to `timeout` seconds for the program to exit."""
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            pass

    def exit_text(self):
        """How the program ended, for messages: `, exit status 1: Error: …`."""
        code = self.proc.poll()
        text = "" if code is None else f", exit status {code}"
        return text + self.last_words()

    def stop(self):
        """Closes the connection and kills the program (it keeps nothing worth a goodbye)."""
        sock = getattr(self, "sock", None)
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc_exit(5.0)


class Bridge:
    """The HTP engine: each command's reply, from the bridge or through the program."""

    def __init__(self, program, log):
        self.program = program
        self.log = log
        self.sent = 0  # plies and generate_move sent to the program

    def answer(self, words):
        """The reply to one command, (True, text) for `=` or (False, text) for `?`."""
        handler = {
            "board_size": self.board_size,
            "final_status": self.final_status,
            "generate_move": self.generate_move,
            "known_command": self.known_command,
            "list_commands": self.list_commands,
            "name": lambda _: (True, "hnefatafl-copenhagen"),
            "play": self.play,
            "protocol_version": lambda _: (True, "1-beta"),
            "time_settings": self.time_settings,
        }.get(words[0])
        if handler is None:
            return False, f"unknown command: {words[0]}"
        return handler(words)

    def board_size(self, words):
        # The program's connected game is 11x11 from the start.
        if words[1:] == ["11"]:
            return True, ""
        return False, "the bridge plays board_size 11 only"

    def time_settings(self, words):
        # Accepted and not passed on: the program thinks as its own options say
        # (--seconds S); the host holds it to the clock.
        rest = words[1:]
        if rest == ["un-timed"] or (
            len(rest) == 3 and rest[0] == "fischer" and all(w.isdigit() for w in rest[1:])
        ):
            return True, ""
        return False, "time_settings un-timed | fischer MINUTES ADD_SECONDS"

    def known_command(self, words):
        return True, "true" if words[1:2] and words[1] in COMMANDS else "false"

    def list_commands(self, _words):
        return True, "\n".join(COMMANDS)

    def ready(self):
        """None when the program can take a ply, else why not (a `?` text)."""
        self.program.wait_reports(self.sent)
        if self.program.ended():
            self.program.proc_exit(1.0)
            return f"the program has ended{self.program.exit_text()}"
        status = self.program.game_status()
        if status != "ongoing":
            return f"the program's game is over: {status}"
        return None

    def play(self, words):
        if len(words) != 4 or words[1] not in ("attacker", "defender"):
            return False, "play ROLE FROM TO"
        why = self.ready()
        if why:
            return False, why
        line = " ".join(words)
        try:
            self.program.send(line)
        except Gone as gone:
            return False, str(gone)
        self.sent += 1
        # The program answers nothing on the connection: its report on its output says
        # that it took the ply; when it refuses one it exits.
        if not self.program.wait_reports(self.sent):
            self.program.proc_exit(1.0)
            return False, f"the program did not take `{line}`{self.program.exit_text()}"
        return True, ""

    def generate_move(self, _words):
        why = self.ready()
        if why:
            return False, why
        started = time.monotonic()
        try:
            self.program.send("generate_move")
            self.sent += 1
            line = self.program.receive()
        except Gone as gone:
            return False, str(gone)
        elapsed_ms = (time.monotonic() - started) * 1000
        self.log.note(f"generate_move -> {line} in {elapsed_ms:.0f} ms")
        # `play ROLE FROM TO`, or `play ROLE resigns _` (the host takes that as resigning).
        if len(line.split()) != 4 or not line.startswith("play "):
            return False, f"the program sent `{line}` (expected play ROLE FROM TO)"
        # Its report after the move (printed just after the move is sent), so that the
        # next command knows whether that move ended the program's game.
        self.program.wait_reports(self.sent)
        return True, line

    def final_status(self, _words):
        self.program.wait_reports(self.sent)
        if self.program.ended():
            # Its last report may still be in the pipe.
            self.program.wait_end()
        return True, self.program.game_status()


def write_reply(ok, text):
    """`= TEXT` or `? TEXT`, then the blank line that ends an HTP reply."""
    mark = "=" if ok else "?"
    sys.stdout.write(f"{mark} {text}\n\n" if text else f"{mark}\n\n")
    sys.stdout.flush()


def commands():
    """The host's commands, each as its words (`#` comments and empty lines skipped)."""
    for line in sys.stdin:
        words = line.split("#", 1)[0].split()
        if words:
            yield words


def serve(bridge, log):
    """Answers commands until `quit` or the end of the input."""
    for words in commands():
        log.note("<- " + " ".join(words))
        if words[0] == "quit":
            bridge.program.stop()
            write_reply(True, "")
            return
        ok, text = bridge.answer(words)
        log.note(("= " if ok else "? ") + text.replace("\n", " "))
        write_reply(ok, text)


def refuse_all(error):
    """When the program could not be started or did not connect: every command but
    `quit` is answered `? ERROR`, the first one ending the bridge."""
    for words in commands():
        if words[0] == "quit":
            write_reply(True, "")
        else:
            write_reply(False, error)
        return


def main():
    args, program_args = parse_args(sys.argv[1:])
    log = Log(args.log)
    # The host may stop the bridge with SIGTERM: end as after `quit`.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        program = Program(args.program, program_args, log, args.connect_timeout)
    except OSError as error:
        message = f"cannot start {args.program}: {error}"
        log.note(message)
        print(f"bridge.py: {message}", file=sys.stderr)
        refuse_all(message)
        sys.exit(1)
    try:
        serve(Bridge(program, log), log)
    finally:
        program.stop()


if __name__ == "__main__":
    main()

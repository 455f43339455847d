"""Fuzzing the Python boundary: every function and method of the package called with
arbitrary arguments (texts, names, numbers, arrays, keyword options, sequences of moves)
gives a value or raises a Python exception; it never crashes the interpreter and never
lets a Rust panic through (pyo3's ``PanicException`` is a ``BaseException``, so it is
caught here apart from the ordinary exceptions and fails the test).

``cargo xtask python`` runs a short version (``GRIDNOTE_FUZZ_EXAMPLES`` examples per
test, 60 by default); docs/robustness.md records a long run. Two things are kept small on
purpose, since they are slow but not wrong: the solver is only asked about positions with
at most ten empty cells (it solves up to 128 cells, which takes as long as it takes), and
tafl perft about depths 0 to 2 (the depth is not bounded: perft(30) runs for ages).
"""

import os

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gridnote

EXAMPLES = int(os.environ.get("GRIDNOTE_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=os.environ.get("GRIDNOTE_FUZZ_RANDOM") is None,
)

FORMATS = [f.name for f in gridnote.formats()]
EXAMPLE_TEXTS = [f.example for f in gridnote.formats()] + [
    "3_/3_/3_ x",
    "xxx/oo_/3_ o",
    ".3_./5_/.3_./5_/.3_. o",
    "120120000",
    "0x20b",
    "(x ____ ____ ____)",
    "3 4 3/1a1/2d a 3 2 example:1:escape=corners",
    "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "dim:7 name:Brandub start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
]
RULES = ["tic-tac-toe", "tomorrows", "tic-tac-toe+misere", "tomorrows+diagonals+k=4"]
RULES += list(gridnote.TAFL_PRESETS)
NAMES = FORMATS + RULES + ["", "T3EN", "x", "o", "a", "d", "1", "2", "attackers", "défenseurs"]


class Crash(AssertionError):
    """A call let a Rust panic (or another BaseException) through."""


def call(function, *args, **kwargs):
    """``function(*args, **kwargs)``: its value, or ``None`` when it raised an ordinary
    exception; a ``BaseException`` that is not one (a Rust panic) fails the test."""
    try:
        return function(*args, **kwargs)
    except Exception:  # noqa: BLE001 - any Python exception is an acceptable answer
        return None
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as err:  # noqa: BLE001
        raise Crash(f"{getattr(function, '__name__', function)}{args!r} {kwargs!r}: {err!r}") from err


def mutated(text: str, edits: list[tuple[int, int, str]]) -> str:
    """``text`` with each edit (position, bytes to drop, text to insert) applied."""
    for at, drop, insert in edits:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + drop :]
    return text


odd_text = st.text(
    alphabet=st.sampled_from(list("_.xoXOadkKtTcnmgG0123456789/ :-^=+#()[]{}\n\r\t\x00\ufeffé")),
    max_size=60,
)
texts = st.one_of(
    st.text(max_size=80),
    odd_text,
    st.sampled_from(EXAMPLE_TEXTS),
    st.builds(
        mutated,
        st.sampled_from(EXAMPLE_TEXTS),
        st.lists(st.tuples(st.integers(0, 200), st.integers(0, 3), odd_text), max_size=4),
    ),
)
names = st.one_of(st.sampled_from(NAMES), st.text(max_size=12))
numbers = st.one_of(
    st.integers(-3, 300),
    st.integers(-(2**70), 2**70),
    st.sampled_from([2**31, 2**32, 2**63 - 1, 2**63, 2**64, -(2**63)]),
)
values = st.one_of(
    st.none(), st.booleans(), numbers, names, st.floats(allow_nan=True), st.binary(max_size=8)
)
# The keywords the calls below pass themselves are left out (Python would refuse the
# call before it reaches the package).
EXPLICIT = {"from_", "lossless", "jobs", "errors"}
options = st.dictionaries(
    st.one_of(st.sampled_from(list(gridnote.FORMAT_OPTIONS) + ["colour", "to"]), st.text(max_size=6)).filter(
        lambda key: key not in EXPLICIT and key != "to"
    ),
    values,
    max_size=3,
)
cells = st.one_of(
    st.sampled_from(["a1", "b2", "c3", "z9", "aa1", "a0", "A1", ""]), st.text(max_size=4)
)


def small_enough_to_solve(position) -> bool:
    """At most ten empty cells: a solve that finishes quickly."""
    rows = call(lambda: position.rows) or []
    return sum(row.count("_") for row in rows) <= 10


def exercise_position(position, data) -> None:
    """Every property and method of a ``Position``, with arbitrary arguments."""
    for name in ["text", "format", "game", "shape", "rows", "to_move", "turn", "counters", "rules", "extension"]:
        call(getattr, position, name)
    call(str, position)
    call(repr, position)
    call(hash, position)
    call(position.convert, data.draw(names), lossless=data.draw(st.booleans()), **data.draw(options))
    call(position.check, data.draw(st.one_of(st.none(), names)))
    if small_enough_to_solve(position):
        call(position.solve, data.draw(st.one_of(st.none(), names)))
    call(
        position.svg,
        data.draw(st.one_of(st.none(), numbers)),
        coordinates=data.draw(st.booleans()),
        flip=data.draw(st.booleans()),
        highlight=data.draw(st.lists(cells, max_size=3)),
        last_move=data.draw(st.lists(cells, max_size=3)),
        arrows=data.draw(st.lists(st.tuples(cells, cells), max_size=2)),
        rules=data.draw(st.one_of(st.none(), names)),
        theme=data.draw(st.one_of(st.none(), st.sampled_from(["default", "high-contrast"]), names)),
        title=data.draw(st.one_of(st.none(), st.text(max_size=20))),
    )
    call(position._repr_svg_)
    array = call(position.to_array)
    if array is not None:
        call(
            gridnote.Position.from_array,
            array,
            to_move=data.draw(st.one_of(st.none(), names)),
            format=data.draw(st.one_of(st.none(), names)),
        )


@FUZZ
@given(st.data())
def test_reading_converting_and_checking_never_crash(data):
    text = data.draw(texts)
    call(gridnote.detect, text)
    call(gridnote.convert, text, data.draw(names), from_=data.draw(st.one_of(st.none(), names)),
         lossless=data.draw(st.booleans()), **data.draw(options))
    position = call(gridnote.read, text, data.draw(st.one_of(st.none(), names)))
    if position is None:
        position = call(gridnote.Position, text, data.draw(st.one_of(st.none(), names)))
    if position is not None:
        exercise_position(position, data)


@FUZZ
@given(st.data())
def test_convert_many_never_crashes(data):
    items = data.draw(st.lists(st.one_of(texts, st.binary(max_size=30), st.none(), numbers), max_size=8))
    result = call(
        gridnote.convert_many,
        items,
        data.draw(names),
        from_=data.draw(st.one_of(st.none(), names)),
        lossless=data.draw(st.booleans()),
        jobs=data.draw(st.one_of(st.integers(-2, 4), numbers)),
        errors=data.draw(st.one_of(st.sampled_from(["raise", "none", "skip"]), names)),
        **data.draw(options),
    )
    if result is not None:
        for _ in range(len(items) + 1):
            if call(next, result, None) is None:
                break


@FUZZ
@given(st.data())
def test_arrays_never_crash(data):
    shape = data.draw(st.lists(st.integers(0, 12), min_size=0, max_size=4))
    dtype = data.draw(st.sampled_from([np.int8, np.int64, np.uint8, np.float64, np.bool_, object]))
    content = data.draw(st.integers(-3, 300))
    array = call(np.full, shape, content, dtype=dtype)
    if array is not None:
        position = call(
            gridnote.Position.from_array,
            array,
            to_move=data.draw(st.one_of(st.none(), names)),
            format=data.draw(st.one_of(st.none(), names)),
        )
        if position is not None:
            exercise_position(position, data)
    call(gridnote.Position.from_array, data.draw(st.one_of(names, numbers, st.lists(numbers, max_size=4))))


@FUZZ
@given(st.data())
def test_mnk_games_never_crash(data):
    game = call(
        gridnote.MnkGame,
        data.draw(st.one_of(st.integers(-1, 8), numbers)),
        data.draw(st.one_of(st.integers(-1, 8), numbers)),
        data.draw(st.one_of(st.integers(-1, 6), numbers)),
        misere=data.draw(st.booleans()),
        diagonals=data.draw(st.booleans()),
    )
    if game is None:
        return
    for name in ["shape", "rules", "to_move", "over", "winner", "history"]:
        call(getattr, game, name)
    for _ in range(data.draw(st.integers(0, 30))):
        action = data.draw(st.one_of(st.integers(-2, 70), numbers))
        step = data.draw(st.sampled_from(["play", "undo", "is_legal", "legal", "mask", "planes", "reset", "legal_play"]))
        if step == "play":
            call(game.play, action)
        elif step == "legal_play":
            legal = call(game.legal_actions) or []
            if legal:
                call(game.play, legal[action % len(legal)])
        elif step == "undo":
            call(game.undo)
        elif step == "is_legal":
            call(game.is_legal, action)
        elif step == "legal":
            call(game.legal_actions)
        elif step == "mask":
            call(game.legal_mask)
        elif step == "planes":
            call(game.planes, action)
        else:
            call(game.reset)
    history = call(lambda: game.history) or []
    shape = call(lambda: game.shape) or (99, 99)
    if shape[0] * shape[1] - len(history) <= 10:
        call(game.value)
        call(game.best_actions)


@FUZZ
@given(st.data())
def test_tafl_games_never_crash(data):
    rules = data.draw(st.one_of(st.sampled_from(list(gridnote.TAFL_PRESETS)), texts))
    game = call(
        gridnote.TaflGame,
        rules,
        data.draw(st.one_of(st.none(), texts)),
        data.draw(st.one_of(st.none(), names)),
    )
    if game is None:
        game = call(gridnote.TaflGame.from_record, data.draw(texts))
    if game is None:
        return
    for name in ["rules", "name", "turn", "ply", "size", "position", "legal_moves", "move_stack", "action_count"]:
        call(getattr, game, name)
    board = call(lambda: game.board)
    if board is not None:
        call(str, board)
    for _ in range(data.draw(st.integers(0, 25))):
        step = data.draw(st.sampled_from(["push_legal", "push", "pop", "action", "play_action", "planes", "perft", "copy", "record"]))
        number = data.draw(st.one_of(st.integers(-2, 4000), numbers))
        if step == "push_legal":
            legal = call(lambda: game.legal_moves) or []
            if legal:
                call(game.push, legal[number % len(legal)])
        elif step == "push":
            move = data.draw(st.one_of(st.text(max_size=12), odd_text))
            call(game.is_legal, move)
            call(game.push, move)
            call(game.action, move)
        elif step == "pop":
            call(game.pop)
        elif step == "action":
            call(game.action_move, number)
        elif step == "play_action":
            call(game.play_action, number)
            call(game.legal_actions)
            call(game.legal_mask)
        elif step == "planes":
            call(game.planes, data.draw(names))
        elif step == "perft":
            call(game.perft, data.draw(st.integers(0, 2)))
        elif step == "copy":
            copied = call(game.copy)
            if copied is not None:
                call(copied.outcome)
        else:
            record = call(game.record)
            if record is not None:
                call(gridnote.TaflGame.from_record, mutated(record, data.draw(
                    st.lists(st.tuples(st.integers(0, 5000), st.integers(0, 3), odd_text), max_size=2))))
    outcome = call(game.outcome)
    if outcome is not None:
        call(outcome.result)
    call(game.is_game_over)
    # Depths that do not fit an unsigned 32-bit number are refused at once.
    call(game.perft, -1)
    call(game.perft, 2**40)


def test_a_panic_fails_the_fuzz():
    """What ``call`` does with a Rust panic: pyo3 raises ``PanicException``, a
    ``BaseException``, which fails the test; an ordinary exception is an answer."""

    class PanicException(BaseException):
        pass

    def panics():
        raise PanicException("called `Option::unwrap()` on a `None` value")

    def refuses():
        raise ValueError("no")

    assert call(refuses) is None
    assert call(len, "abc") == 3
    try:
        call(panics)
    except Crash as crash:
        assert "unwrap" in str(crash)
    else:
        raise AssertionError("a panic went through")


"""gridnote: positions of small grid games (tic-tac-toe, m,n,k, tafl) in seven notations.

Read any position, convert it between formats with a note of what was dropped or derived,
check its legality, solve m,n,k positions with perfect play and draw them as SVG:

>>> import gridnote
>>> pos = gridnote.read("2_o/_x_/3_ x")
>>> pos.format, pos.to_move, pos.rows
('t3en', 'x', ['__o', '_x_', '___'])
>>> print(pos)
3 _ _ o
2 _ x _
1 _ _ _
  a b c
x to move
>>> gridnote.convert("2_o/_x_/3_ x", "tsn").output
'3 4 3/1a1/2d a 3 2'
>>> pos.solve().best
['a1', 'a2', 'a3', 'b1', 'b3', 'c1', 'c2']

Errors are exceptions that point at the offending text:

>>> try:
...     gridnote.read("3_/4_/3_ x")
... except gridnote.ParseError as err:
...     print(err)
...     print(err.span)
row 2 has 4 cells, expected 3: the grid has 3 rows and must be square
  | 3_/4_/3_ x
  |    ^^
(3, 5)

Tafl games are played by gridnote's rules engine, moves in OTN move notation:

>>> game = gridnote.TaflGame("brandubh")
>>> len(game.legal_moves), game.turn
(40, 'attackers')
>>> game.push("d2-c2")
'd2-c2'
>>> game.perft(2)
975
>>> game.pop()
'd2-c2'

The learning environments are in ``gridnote.env`` (Gymnasium and PettingZoo).
"""

from __future__ import annotations

from typing import Iterable, Union

from gridnote._gridnote import (
    FORMAT_OPTIONS,
    PLANES,
    Check,
    ConversionError,
    ConversionNote,
    Converted,
    ConvertMany,
    FormatInfo,
    GridnoteError,
    IllegalMoveError,
    MnkGame,
    ParseError,
    Position,
    Problem,
    Solution,
    SolveError,
    TAFL_PLANES,
    TAFL_PRESETS,
    TaflGame,
    TaflOutcome,
    convert,
    formats,
    read,
)
from gridnote._gridnote import convert_many as _convert_many
from gridnote._gridnote import detect_format as _detect_format

__all__ = [
    "FORMAT_OPTIONS",
    "PLANES",
    "Check",
    "ConversionError",
    "ConversionNote",
    "Converted",
    "ConvertMany",
    "FormatInfo",
    "GridnoteError",
    "IllegalMoveError",
    "MnkGame",
    "ParseError",
    "Position",
    "Problem",
    "Solution",
    "SolveError",
    "TAFL_PLANES",
    "TAFL_PRESETS",
    "TaflGame",
    "TaflOutcome",
    "convert",
    "convert_many",
    "detect",
    "formats",
    "read",
]


def detect(text: str) -> str:
    """The name of the format ``text`` looks like.

    >>> detect("120120000")
    'digits'
    >>> detect("(x ____ ____ ____)")
    'tuple'

    Raises ``ParseError`` (spanning the whole text) when no format fits.
    """
    return _detect_format(text)


def convert_many(
    texts: Iterable[Union[str, bytes]],
    to: str,
    *,
    from_: str | None = None,
    lossless: bool = False,
    jobs: int = 1,
    errors: str = "raise",
    **format_options: object,
) -> ConvertMany:
    """Converts every text of ``texts`` to ``to``, lazily and in input order.

    The texts are taken from the iterable in chunks and converted on the Rust side,
    off the interpreter's lock and on ``jobs`` threads (0: one per core), so a large
    batch costs no Python loop per position. An item may be ``str`` or UTF-8 ``bytes``;
    one trailing ``\\n`` or ``\\r\\n`` is removed, so an open file can be passed as it
    is. As the command line does with lines, blank inputs, ``#`` comment lines and a
    byte-order mark at the very start are skipped (they still count for ``.index``).
    ``write_to(file)`` on the result writes the outputs a chunk at a time. A failing input raises its error (``.index`` is its position in the input; the
    iterator stays usable) with ``errors="raise"``, gives ``None`` with
    ``errors="none"`` and is left out with ``errors="skip"``.

    >>> list(convert_many(["2_o/_x_/3_ x", "120120000\\n"], "tuple"))
    ['(x __o _x_ ___)', '(x xo_ xo_ ___)']
    >>> list(convert_many(["3_/3_/3_ x", "nonsense"], "digits", errors="none"))
    ['000000000', None]
    >>> list(convert_many(["# a comment", "", "3_/3_/3_ x"], "digits"))
    ['000000000']
    """
    return _convert_many(
        texts,
        to,
        from_=from_,
        lossless=lossless,
        jobs=jobs,
        errors=errors,
        **format_options,
    )

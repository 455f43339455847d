"""Types of gridnote's Rust extension module (re-exported by ``gridnote``)."""

from typing import Iterable, Iterator, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

PLANES: tuple[str, ...]
FORMAT_OPTIONS: list[str]

class GridnoteError(ValueError):
    """Base of gridnote's errors about an input."""

    message: str
    span: tuple[int, int]
    text: str
    format: Optional[str]
    caret: str
    index: Optional[int]

class ParseError(GridnoteError): ...
class ConversionError(GridnoteError): ...
class SolveError(GridnoteError): ...

class FormatInfo:
    name: str
    description: str
    example: str
    game: str
    detection: str
    extensions: list[str]

class ConversionNote:
    kind: str
    field: str
    value: Union[int, str]
    reason: str

class Converted:
    @property
    def output(self) -> str: ...
    @property
    def notes(self) -> list[ConversionNote]: ...
    @property
    def from_format(self) -> str: ...
    @property
    def to_format(self) -> str: ...

class Problem:
    name: str
    message: str

class Check:
    legal: bool
    problems: list[Problem]
    rules: Optional[str]
    outcome: Optional[str]
    winner: Optional[str]
    to_move: Optional[str]
    def __bool__(self) -> bool: ...

class Solution:
    winner: Optional[str]
    value: str
    plies: int
    to_move: str
    best: list[str]
    nodes: int
    rules: str

class Position:
    def __init__(self, text: str, format: Optional[str] = None) -> None: ...
    @property
    def text(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    @property
    def rows(self) -> list[str]: ...
    @property
    def to_move(self) -> Optional[str]: ...
    @property
    def turn(self) -> Optional[str]: ...
    @property
    def counters(self) -> Optional[tuple[int, int, int]]: ...
    @property
    def rules(self) -> Optional[str]: ...
    @property
    def extension(self) -> Optional[str]: ...
    def convert(
        self, to: str, *, lossless: bool = False, **format_options: object
    ) -> Converted: ...
    def check(self, rules: Optional[str] = None) -> Check: ...
    def solve(self, rules: Optional[str] = None) -> Solution: ...
    def svg(
        self,
        size: Optional[int] = None,
        *,
        coordinates: bool = True,
        flip: bool = False,
        highlight: Sequence[str] = ...,
        last_move: Sequence[str] = ...,
        arrows: Sequence[tuple[str, str]] = ...,
        rules: Optional[str] = None,
        theme: Optional[str] = None,
        title: Optional[str] = None,
    ) -> str: ...
    def _repr_svg_(self) -> str: ...
    def to_array(self) -> npt.NDArray[np.int8]: ...
    @staticmethod
    def from_array(
        array: npt.ArrayLike, *, to_move: Optional[str] = None, format: Optional[str] = None
    ) -> Position: ...
    def __hash__(self) -> int: ...

class ConvertMany(Iterator[Optional[str]]):
    def __iter__(self) -> ConvertMany: ...
    def __next__(self) -> Optional[str]: ...

class MnkGame:
    def __init__(
        self, rows: int, cols: int, k: int, *, misere: bool = False, diagonals: bool = True
    ) -> None: ...
    def reset(self) -> None: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    @property
    def rules(self) -> str: ...
    @property
    def to_move(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> Optional[int]: ...
    @property
    def history(self) -> list[int]: ...
    def is_legal(self, action: int) -> bool: ...
    def play(self, action: int) -> bool: ...
    def undo(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def legal_mask(self) -> bytes: ...
    def planes(self, player: int) -> bytes: ...
    def value(self) -> int: ...
    def best_actions(self) -> list[int]: ...

def read(text: str, format: Optional[str] = None) -> Position: ...
def detect_format(text: str) -> str: ...
def formats() -> list[FormatInfo]: ...
def convert(
    text: str,
    to: str,
    *,
    from_: Optional[str] = None,
    lossless: bool = False,
    **format_options: object,
) -> Converted: ...
def convert_many(
    texts: Iterable[Union[str, bytes]],
    to: str,
    *,
    from_: Optional[str] = None,
    lossless: bool = False,
    jobs: int = 1,
    errors: str = "raise",
    **format_options: object,
) -> ConvertMany: ...

"""The gridnote package's API: reading, converting, checking, solving, drawing, arrays,
errors. Run by `cargo xtask python` against the installed wheel."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gridnote

TABLUT_LIKE = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0"


def test_formats_list_the_registry_in_order():
    names = [f.name for f in gridnote.formats()]
    assert names[:3] == ["t3en", "tsn", "ten"]
    assert len(set(names)) == len(names)
    for f in gridnote.formats():
        # Each example reads as its own format.
        assert gridnote.detect(f.example) == f.name
    t3en = gridnote.formats()[0]
    assert (t3en.example, t3en.game, t3en.extensions) == ("2_o/_x_/3_ x", "mnk", ["t3en"])
    assert str(t3en) == "t3en"
    assert gridnote.formats()[1].game == "tafl"


def test_detect():
    assert gridnote.detect("2_o/_x_/3_ x") == "t3en"
    assert gridnote.detect("120120000") == "digits"
    assert gridnote.detect(TABLUT_LIKE) == "tsn"
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.detect("hello")
    assert info.value.span == (0, 5)
    assert info.value.format is None
    assert info.value.caret == "  | hello\n  | ^^^^^\n"


def test_read_gives_the_board_and_what_the_text_carries():
    pos = gridnote.read("2_o/_x_/3_ x")
    assert (pos.format, pos.game, pos.shape) == ("t3en", "mnk", (3, 3))
    assert pos.rows == ["__o", "_x_", "___"]
    assert (pos.to_move, pos.turn, pos.counters, pos.rules, pos.extension) == (
        "x",
        "x",
        None,
        None,
        None,
    )
    assert pos.text == "2_o/_x_/3_ x"
    digits = gridnote.read("120120000")
    assert (digits.to_move, digits.turn) == (None, "1")  # digits spells the sides 1 and 2
    tafl = gridnote.read(TABLUT_LIKE)
    assert (tafl.game, tafl.to_move, tafl.counters) == ("tafl", "a", (8, 1, 0))
    assert tafl.rows[3] == "aadkdaa"
    ten = gridnote.read("3 4 3/1a1/2d a 3 2 example:1:escape=corners")
    assert (ten.format, ten.extension) == ("ten", "example:1:escape=corners")


def test_read_with_a_format_forces_the_reader():
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.read("2_o/_x_/3_ x", format="bits")
    assert info.value.format == "bits"
    with pytest.raises(ValueError, match="unknown format `fen`"):
        gridnote.read("2_o/_x_/3_ x", format="fen")


def test_str_and_repr_as_python_chess_does():
    pos = gridnote.Position("2_o/_x_/3_ x")
    assert str(pos) == "3 _ _ o\n2 _ x _\n1 _ _ _\n  a b c\nx to move"
    assert repr(pos) == "Position('2_o/_x_/3_ x', format='t3en')"
    assert eval(repr(pos), {"Position": gridnote.Position}) == pos
    assert str(gridnote.read(TABLUT_LIKE)).endswith("\n  a b c d e f g\na (attackers) to move")
    assert hash(pos) == hash(gridnote.read("2_o/_x_/3_ x"))
    assert pos != gridnote.read("2_o/_x_/3_ o")
    assert pos != "2_o/_x_/3_ x"


def test_convert_gives_output_and_notes():
    out = gridnote.convert("2_o/_x_/3_ x", "TSN")
    assert out.output == "3 4 3/1a1/2d a 3 2"
    assert (out.from_format, out.to_format) == ("t3en", "tsn")
    assert [(n.kind, n.field, n.value) for n in out.notes] == [
        ("derived", "defenders", 4),
        ("derived", "ply", 3),
        ("derived", "since-capture", 2),
    ]
    assert out.notes[1].reason == "pieces on the board + 1"
    assert str(out.notes[1]) == "derived ply 3 (pieces on the board + 1)"
    assert str(out) == "3 4 3/1a1/2d a 3 2"
    tuple_out = gridnote.convert("120120000", "tuple")
    assert tuple_out.output == "(x xo_ xo_ ___)"
    assert str(tuple_out.notes[0]) == (
        "derived side-to-move x (from the counts: equal counts, the first player moves)"
    )
    dropped = gridnote.convert("2_o/_x_/3_ x", "digits", from_="t3en")
    assert (dropped.output, dropped.notes) == ("002010000", [])


def test_convert_options_reach_the_converter():
    assert gridnote.convert("2_o/_x_/3_ x", "tsn", ply=9, since_capture=1).output == (
        "3 4 3/1a1/2d a 9 1"
    )
    dec = int(gridnote.convert("2_o/_x_/3_ x", "bits").output)
    assert gridnote.convert("2_o/_x_/3_ x", "bits", radix="bin").output == f"0b{dec:013b}"
    assert gridnote.convert("3 4 3/1a1/2d a 3 2", "digits", lossless=True).output == "002010000"
    with pytest.raises(gridnote.ConversionError) as info:
        gridnote.convert("__o/3_/3_ x", "digits", lossless=True)
    assert info.value.message == "lossless conversion to digits would drop: side-to-move x"
    assert (info.value.span, info.value.format) == ((0, 11), "t3en")
    with pytest.raises(gridnote.ParseError):
        gridnote.convert("1_2_/3_/3_ x", "digits", strict=True)
    assert gridnote.convert("1_2_/3_/3_ x", "digits").output == "000000000"


def test_bad_options_are_type_and_value_errors():
    with pytest.raises(TypeError, match="unexpected keyword argument 'foo'"):
        gridnote.convert("2_o/_x_/3_ x", "tsn", foo=1)
    with pytest.raises(ValueError, match="defenders: expected a positive multiple of 4, got 6"):
        gridnote.convert("2_o/_x_/3_ x", "tsn", defenders=6)
    with pytest.raises(ValueError, match="ply: expected a whole number from 1"):
        gridnote.convert("2_o/_x_/3_ x", "tsn", ply=0)
    with pytest.raises(ValueError, match="is not below ply 3"):
        gridnote.convert("2_o/_x_/3_ x", "tsn", ply=3, since_capture=3)
    with pytest.raises(ValueError, match="radix: unknown radix `hex`"):
        gridnote.convert("2_o/_x_/3_ x", "bits", radix="hex")
    with pytest.raises(ValueError, match="to: unknown format `fen`"):
        gridnote.convert("2_o/_x_/3_ x", "fen")


def test_format_options_are_the_declared_options():
    # The tafl counters, then each format's own options (T3EN's strict, bits' code and
    # radix, ...), by their Python names.
    assert gridnote.FORMAT_OPTIONS[:3] == ["defenders", "ply", "since_capture"]
    assert {"strict", "code", "radix"} <= set(gridnote.FORMAT_OPTIONS[3:])
    with pytest.raises(TypeError) as info:
        gridnote.convert("2_o/_x_/3_ x", "tsn", since_capture_=1)
    assert str(info.value) == (
        "unexpected keyword argument 'since_capture_': the format options are "
        + ", ".join(gridnote.FORMAT_OPTIONS)
    )
    with pytest.raises(ValueError) as info:
        gridnote.convert("2_o/_x_/3_ x", "bits", code="sparse")
    assert str(info.value) == "code: unknown code `sparse`: expected one of ranked, naive, dense, symmetric"
    with pytest.raises(TypeError, match="since_capture: expected an int"):
        gridnote.convert("2_o/_x_/3_ x", "tsn", since_capture="1")


def test_parse_errors_carry_span_message_and_caret():
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.read("3_/4_/3_ x")
    err = info.value
    assert isinstance(err, ValueError) and isinstance(err, gridnote.GridnoteError)
    assert err.span == (3, 5)
    assert err.message == "row 2 has 4 cells, expected 3: the grid has 3 rows and must be square"
    assert str(err) == err.message + "\n  | 3_/4_/3_ x\n  |    ^^"
    assert (err.text, err.format, err.index) == ("3_/4_/3_ x", "t3en", None)


def test_unrepresentable_is_a_conversion_error():
    with pytest.raises(gridnote.ConversionError) as info:
        gridnote.convert("4_/4_/4_/4_ x", "digits")
    assert info.value.message == (
        "cannot write digits: a 4x4 board cannot be a digit string, which holds a 3x3 board"
    )
    assert info.value.span == (0, 13)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_no_input_escapes_as_anything_but_a_gridnote_error(text):
    # Any text either reads or raises ParseError: never a panic, never another exception.
    try:
        pos = gridnote.read(text)
    except gridnote.ParseError as err:
        start, end = err.span
        assert 0 <= start <= end <= len(text.encode())
        return
    for target in [f.name for f in gridnote.formats()]:
        try:
            pos.convert(target)
        except gridnote.GridnoteError:
            pass


def test_check_lists_every_problem_and_the_outcome():
    legal = gridnote.read("2_o/_x_/3_ x").check()
    assert (legal.legal, bool(legal), legal.problems) == (True, True, [])
    assert (legal.rules, legal.outcome, legal.winner, legal.to_move) == (
        "tic-tac-toe",
        "in-progress",
        None,
        "x",
    )
    bad = gridnote.read("3x/3_/3_ o").check()
    assert [(p.name, p.message) for p in bad.problems] == [
        ("too-many-one", "Player One has more than one piece more than Player Two")
    ]
    assert (bad.legal, bad.outcome, bad.winner) == (False, "won", "x")
    misere = gridnote.read("2_o/_x_/3_ x").check(rules="tic-tac-toe+misere")
    assert misere.rules == "tic-tac-toe+misere"
    tafl = gridnote.read(TABLUT_LIKE).check()
    assert (tafl.legal, tafl.rules, tafl.outcome, tafl.to_move) == (True, None, None, "a")
    with pytest.raises(ValueError, match="m,n,k rules do not apply to a tafl position"):
        gridnote.read(TABLUT_LIKE).check(rules="tic-tac-toe")
    with pytest.raises(ValueError, match="rules: "):
        gridnote.read("2_o/_x_/3_ x").check(rules="chess")


def test_solve_gives_winner_plies_and_best_moves():
    start = gridnote.read("3_/3_/3_ x").solve()
    assert (start.winner, start.value, start.plies) == (None, "draw", 9)
    assert start.best == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    won = gridnote.read("3_/x2_/xo_ o").solve()
    assert (won.winner, won.value, won.plies, won.best, won.to_move) == ("x", "loss", 4, ["a3"], "o")
    assert str(won) == "x wins in 4 plies; best: a3"
    assert gridnote.read("(x ____ ____ ____)").solve().rules == "tomorrows"
    with pytest.raises(gridnote.SolveError, match="a tsn position is tafl"):
        gridnote.read(TABLUT_LIKE).solve()
    with pytest.raises(gridnote.SolveError):
        gridnote.read("111111000").solve()


def test_svg_draws_itself_for_jupyter():
    pos = gridnote.read("2_o/_x_/3_ x")
    picture = pos.svg()
    assert picture.startswith("<svg ")
    assert "<title>2_o/_x_/3_ x</title>" in picture
    assert picture.endswith("</svg>\n")
    assert pos._repr_svg_() == picture
    assert ' width="120"' in pos.svg(120, highlight=["b2"])
    with pytest.raises(ValueError, match="^highlight: "):
        pos.svg(highlight=["d4"])
    with pytest.raises(ValueError, match="unknown theme `neon`"):
        pos.svg(theme="neon")
    assert gridnote.read(TABLUT_LIKE).svg(size=200).startswith("<svg ")


def test_arrays_of_planes_round_trip():
    pos = gridnote.read("2_o/_x_/3_ x")
    array = pos.to_array()
    assert gridnote.PLANES == (
        "one_man",
        "one_king",
        "two_man",
        "two_king",
        "one_commander",
        "one_knight",
        "one_mercenary",
        "one_guard",
        "two_commander",
        "two_knight",
        "two_mercenary",
        "two_guard",
        "void",
    )
    assert (array.shape, array.dtype) == ((13, 3, 3), np.int8)
    assert array[0].tolist() == [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    assert array[2].tolist() == [[0, 0, 1], [0, 0, 0], [0, 0, 0]]
    assert int(array.sum()) == 2
    assert gridnote.Position.from_array(array, to_move="x") == pos
    assert gridnote.Position.from_array(array).text == "2_o/_x_/3_ x"
    rect = gridnote.read("(o x___ ____ ____)")
    assert gridnote.Position.from_array(rect.to_array()).text == "(o x___ ____ ____)"
    tafl = gridnote.read(TABLUT_LIKE)
    assert gridnote.Position.from_array(tafl.to_array()).rows == tafl.rows
    with pytest.raises(ValueError, match="set in two planes"):
        both = array.copy()
        both[1, 1, 1] = 1
        gridnote.Position.from_array(both)
    with pytest.raises(ValueError, match="expected 0 or 1"):
        bad = array.copy()
        bad[0, 0, 0] = 2
        gridnote.Position.from_array(bad)
    with pytest.raises(ValueError, match="expected the values 0 and 1, got dtype float64"):
        gridnote.Position.from_array(array * 0.5)
    with pytest.raises(ValueError, match="expected the values 0 and 1"):
        gridnote.Position.from_array(array.astype(np.int16) * 256)
    assert gridnote.Position.from_array(array.astype(bool)) == gridnote.Position.from_array(array)
    with pytest.raises(ValueError, match="expected 13 planes"):
        gridnote.Position.from_array(array[:2])
    with pytest.raises(ValueError, match="to_move: t3en spells the sides x and o"):
        gridnote.Position.from_array(array, to_move="a")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("012"), min_size=9, max_size=9))
def test_every_3x3_board_survives_the_array_round_trip(cells):
    pos = gridnote.read("".join(cells), format="digits")
    again = gridnote.Position.from_array(pos.to_array(), format="digits")
    assert again.text == pos.text
    assert again.rows == pos.rows


def test_convert_many_streams_in_order():
    texts = ["2_o/_x_/3_ x", "120120000\n", b"3_/3_/3_ x\r\n"]
    assert list(gridnote.convert_many(texts, "tsn")) == [
        "3 4 3/1a1/2d a 3 2",
        "3 4 3/ad1/ad1 a 5 4",
        "3 4 3/3/3 a 1 0",
    ]
    assert list(gridnote.convert_many(iter([]), "tsn")) == []


def test_convert_many_errors():
    items = ["3_/3_/3_ x", "zz", b"\xff", "120120000"]
    assert list(gridnote.convert_many(items, "digits", errors="none")) == [
        "000000000",
        None,
        None,
        "120120000",
    ]
    assert list(gridnote.convert_many(items, "digits", errors="skip")) == [
        "000000000",
        "120120000",
    ]
    it = gridnote.convert_many(items, "digits")
    assert next(it) == "000000000"
    with pytest.raises(gridnote.ParseError) as info:
        next(it)
    assert (info.value.index, info.value.span, info.value.text) == (1, (0, 2), "zz")
    with pytest.raises(gridnote.ParseError) as info:
        next(it)
    assert (info.value.index, info.value.span) == (2, (0, 1))
    assert next(it) == "120120000"
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(TypeError, match="item 0 is int, expected str or bytes"):
        list(gridnote.convert_many([1], "tsn"))
    with pytest.raises(ValueError, match="errors: expected"):
        gridnote.convert_many([], "tsn", errors="ignore")


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from("012"), min_size=9, max_size=9).map("".join), max_size=60),
    st.integers(min_value=0, max_value=4),
    st.sampled_from(["t3en", "tsn", "tuple", "bits"]),
)
def test_convert_many_agrees_with_convert(texts, jobs, to):
    expected = []
    for text in texts:
        try:
            expected.append(gridnote.convert(text, to).output)
        except gridnote.GridnoteError:
            expected.append(None)
    assert list(gridnote.convert_many(texts, to, jobs=jobs, errors="none")) == expected


def test_convert_many_crosses_chunks_on_threads():
    texts = ["3_/3_/3_ x", "2_o/_x_/3_ x", "xo_/_x_/3_ o"] * 20_000
    expected = [gridnote.convert(t, "tsn").output for t in texts[:3]] * 20_000
    assert list(gridnote.convert_many(texts, "tsn", from_="t3en", jobs=2)) == expected
    assert list(gridnote.convert_many(iter(texts), "tsn", jobs=0)) == expected



def test_convert_many_reads_files_in_blocks():
    import io

    text = "2_o/_x_/3_ x\r\n120120000\n\n3_/3_/3_ x"
    expected = ["3 4 3/1a1/2d a 3 2", "3 4 3/ad1/ad1 a 5 4", "3 4 3/3/3 a 1 0"]
    assert list(gridnote.convert_many(io.StringIO(text), "tsn", errors="none")) == expected
    raw = text.encode().replace(b"120120000", b"12012000\xff")
    out = gridnote.convert_many(io.BytesIO(raw), "tsn")
    assert next(out) == "3 4 3/1a1/2d a 3 2"
    with pytest.raises(gridnote.ParseError) as info:
        next(out)
    assert (info.value.index, info.value.span) == (1, (8, 9))
    assert info.value.message.startswith("not UTF-8 text")
    assert next(out) == "3 4 3/3/3 a 1 0"
    # Over a megabyte: lines cut by the block boundary are joined again.
    many = ["xo_/_x_/3_ o", "2_o/_x_/3_ x", "3_/3_/3_ x"] * 40_000
    converted = [gridnote.convert(t, "tsn").output for t in many[:3]] * 40_000
    source = io.StringIO("\n".join(many) + "\n")
    assert list(gridnote.convert_many(source, "tsn", jobs=2)) == converted
    with pytest.raises(TypeError, match="read\\(\\) gave int"):

        class Odd:
            def read(self, n):
                return 1

        list(gridnote.convert_many(Odd(), "tsn"))


def test_otn_rules_records_and_tafl_conversions():
    brandub = gridnote.read("dim:7 name:Brandub start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/")
    assert (brandub.format, brandub.shape, brandub.to_move, brandub.turn) == ("otn", (7, 7), None, "t")
    assert brandub.rules == "dim:7 name:Brandub start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    with pytest.raises(gridnote.ConversionError) as info:
        gridnote.read(TABLUT_LIKE).convert("t3en")
    assert info.value.message == "cannot write t3en: the king at d4 cannot be written in T3EN"
    assert (info.value.span, info.value.format) == ((0, len(TABLUT_LIKE)), "tsn")
    digits = gridnote.read("120120000")
    assert digits.convert("bits", code="dense").output == "374"
    assert digits.convert("otn").output == "/3/tT1/tT1/"
    assert digits.svg().startswith("<svg ")


def test_convert_many_skips_blank_and_comment_lines_as_the_cli_does():
    import io

    # A byte-order mark at the start, blank lines (whitespace only) and lines whose
    # first non-blank character is `#` are skipped; indices still count every input.
    text = "\ufeff# positions\n3_/3_/3_ x\n   \n\t# indented comment\nzz\n\n120120000\n"
    expected = ["000000000", "120120000"]
    assert list(gridnote.convert_many(io.StringIO(text), "digits", errors="skip")) == expected
    assert list(gridnote.convert_many(io.BytesIO(text.encode()), "digits", errors="skip")) == expected
    items = text.split("\n")
    assert list(gridnote.convert_many(items, "digits", errors="none")) == [
        "000000000",
        None,
        "120120000",
    ]
    out = gridnote.convert_many(items, "digits")
    assert next(out) == "000000000"
    with pytest.raises(gridnote.ParseError) as info:
        next(out)
    assert (info.value.index, info.value.text) == (4, "zz")
    assert next(out) == "120120000"
    with pytest.raises(StopIteration):
        next(out)
    # Only the first input loses a byte-order mark; a blank item is skipped in lists too.
    assert list(gridnote.convert_many(["", "\ufeff3_/3_/3_ x"], "digits", errors="none")) == [None]
    assert list(gridnote.convert_many([" ", "#", b"# \xff"], "digits")) == []


def test_undetected_format_names_the_python_argument():
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.convert("hello", "tsn")
    assert info.value.message.startswith("cannot tell the format (give one with from_=...): tried ")
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.read("hello")
    assert info.value.message.startswith("cannot tell the format (give one with format=...): tried ")
    with pytest.raises(gridnote.ParseError) as info:
        gridnote.detect("hello")
    assert "--from" not in info.value.message
    with pytest.raises(gridnote.ParseError) as info:
        list(gridnote.convert_many(["hello"], "tsn"))
    assert "(give one with from_=...)" in info.value.message


def test_convert_many_writes_to_files():
    import io

    text = "# a comment\n2_o/_x_/3_ x\nzz\n120120000\n"
    expected = "3 4 3/1a1/2d a 3 2\n3 4 3/ad1/ad1 a 5 4\n"
    out = io.StringIO()
    assert gridnote.convert_many(io.StringIO(text), "tsn", errors="skip").write_to(out) == 2
    assert out.getvalue() == expected
    binary = io.BytesIO()
    many = gridnote.convert_many(io.BytesIO(text.encode()), "tsn", errors="none")
    assert many.write_to(binary) == 2
    assert binary.getvalue() == expected.encode()
    # errors="raise": what precedes the failure is written, then it is raised; the
    # iterator goes on after it.
    out = io.StringIO()
    many = gridnote.convert_many(text.splitlines(), "tsn")
    with pytest.raises(gridnote.ParseError) as info:
        many.write_to(out)
    assert (info.value.index, out.getvalue()) == (2, "3 4 3/1a1/2d a 3 2\n")
    assert many.write_to(out) == 1
    assert out.getvalue() == expected
    assert many.write_to(out) == 0
    # Across chunks and threads, the same text as the iterator's lines.
    lines = ["xo_/_x_/3_ o", "2_o/_x_/3_ x", "3_/3_/3_ x"] * 30_000
    out = io.StringIO()
    assert gridnote.convert_many(lines, "tsn", jobs=2).write_to(out) == len(lines)
    assert out.getvalue() == "".join(t + "\n" for t in gridnote.convert_many(lines, "tsn"))

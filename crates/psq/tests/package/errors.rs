//! Every kind of error, its message and the span of the offending text.

use gridnote_board::report::Spanned;
use gridnote_psq::{MoveList, Psq, PsqError};

fn psq_error(text: &str) -> (String, core::ops::Range<usize>) {
    let err = text.parse::<Psq>().unwrap_err();
    (err.to_string(), err.span())
}

#[test]
fn record_errors_name_the_line_and_carry_the_span() {
    let header = "Piskvorky 20x20, 11:11, 0\n";
    for (text, message, span) in [
        (
            "",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found an empty text",
            0..0,
        ),
        (
            "Gomoku 20x20, 11:11, 0",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found no `Piskvorky` at its start",
            0..9,
        ),
        (
            // Found by the fuzz target: the span stops before a character it would split.
            "@Piskvo\u{feff}o 15x15, 0:3, 1",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found no `Piskvorky` at its start",
            0..7,
        ),
        (
            "Piskvorky20x20, 11:11, 0",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found no space after `Piskvorky`",
            9..9,
        ),
        (
            "Piskvorky 20*20, 11:11, 0",
            "line 1: expected a board side (1 to 255), found `20*20`",
            10..15,
        ),
        (
            "Piskvorky 0x20, 11:11, 0",
            "line 1: a board side of 0 is out of range: each side must be 1 to 255",
            10..11,
        ),
        (
            "Piskvorky 20x300, 11:11, 0",
            "line 1: a board side of 300 is out of range: each side must be 1 to 255",
            13..16,
        ),
        (
            "Piskvorky 20x20 11:11, 0",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found no `,` after the board's size",
            15..16,
        ),
        (
            "Piskvorky 20x20, 11-11, 0",
            "line 1: expected the first player's level, found `11-11,`",
            17..23,
        ),
        (
            "Piskvorky 20x20, 11:11, 2",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found an opener other than 0 (the first player) or 1 (the second)",
            24..25,
        ),
        (
            "Piskvorky 20x20, 11:11, 0 x",
            "line 1: expected the header `Piskvorky WIDTHxHEIGHT, LEVEL:LEVEL, OPENER`, found more after the opener",
            26..27,
        ),
    ] {
        assert_eq!(psq_error(text), (message.to_owned(), span), "{text:?}");
    }
    for (body, message, span) in [
        ("21,3,0\n", "line 2: move 21,3 is off the 20x20 board (x and y run from 1 to 20)", 26..32),
        (
            "10,10,0\n0,5,0\n",
            "line 3: move 0,5 is off the 20x20 board (x and y run from 1 to 20)",
            34..39,
        ),
        ("10;10,0\n", "line 2: expected the move's x (its column from 1), found `10;10`", 26..31),
        ("10,10,x\n", "line 2: expected the move's time in milliseconds, found `x`", 32..33),
        ("10,10,0,4\n", "line 2: expected the line's end after a move's time", 33..35),
        (
            "10,10,0\n\n-1\n",
            "line 3: expected a move, a player's name or the end code, found a blank line",
            34..34,
        ),
        (
            "10,10,0\nbrain\n",
            "line 3: expected the end code (a whole number such as -1 or 0) or both players' names",
            34..39,
        ),
        (
            "10,10,0\na\nb\nc\n",
            "line 5: expected the end code, a whole number such as -1 or 0",
            38..39,
        ),
        ("10,10,0\na\nb\n-1\nmore\n", "line 6: expected nothing after the end code", 41..45),
        (
            // Found by the fuzz target: a stray CR before CR LF would stay in the name.
            "10,10,0\nbrain-a.exe\r\r\nbrain-b\n",
            "line 3: expected a player's name without a carriage return in it",
            45..46,
        ),
    ] {
        let text = format!("{header}{body}");
        assert_eq!(psq_error(&text), (message.to_owned(), span), "{text:?}");
    }
}

#[test]
fn move_list_errors_name_the_move_and_carry_the_span() {
    for (text, message, span) in [
        ("h8 i9 9", "move 3: expected a cell name such as `h8`, found `9`", 6..7),
        ("h8i0", "move 2: expected a cell name such as `h8`, found `i0`", 2..4),
        ("h8 abc3", "move 2: expected a cell name such as `h8`, found `abc3`", 3..7),
        ("h8,,i9", "move 2: expected a cell name such as `h8`, found `,`", 3..4),
        ("h8,", "move 2: expected a cell name such as `h8`, found ``", 3..3),
        ("h8 i9!", "move 3: expected a cell name such as `h8`, found `!`", 5..6),
    ] {
        let err = text.parse::<MoveList>().unwrap_err();
        assert_eq!((err.to_string(), err.span()), (message.to_owned(), span), "{text:?}");
    }
    assert_eq!("".parse::<MoveList>(), Ok(MoveList::default()));
    assert_eq!(" \n".parse::<MoveList>(), Ok(MoveList::default()));
}

#[test]
fn names_a_record_cannot_hold_are_refused() {
    let mut record = Psq::new(15, 15).unwrap();
    for (name, why) in [
        ("", "it is empty"),
        ("a\nb", "it holds a line break"),
        ("1,2", "it would read back as a move"),
    ] {
        let err = record.set_players(Some([name.to_owned(), "b".to_owned()])).unwrap_err();
        assert_eq!(err, PsqError::Name { name: name.to_owned(), why }, "{name:?}");
    }
    assert_eq!(record.players(), None);
}

/// Any text either reads or gets an error whose span lies inside it on character
/// boundaries, as a record and as a move list; also after a header's first letters, where
/// the header's error spans begin.
#[quickcheck_macros::quickcheck]
fn any_text_gets_a_span_on_character_boundaries(text: String) -> bool {
    [text.clone(), format!("Piskvo{text}"), format!("Piskvorky {text}")].iter().all(|text| {
        let inside = |span: core::ops::Range<usize>| text.get(span).is_some();
        text.parse::<Psq>().err().is_none_or(|e| inside(e.span()))
            && text.parse::<MoveList>().err().is_none_or(|e| inside(e.span()))
    })
}

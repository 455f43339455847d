//! quickcheck round trips: codes through their text, boards through their codes, and
//! arbitrary text never panics.

use gridnote_bits::Spanned;
use gridnote_bits::{
    CodeKind, Layout, MAX_CELLS, Radix, decode, decode_rect, encode, encode_rect, parse_code,
    read_board, write_code,
};
use gridnote_board::Board;
use gridnote_board::arbitrary::{MARKS, board_with, in_range, shrink_board};
use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

/// A 3×3 board of blank, X and O cells.
#[derive(Clone, Debug)]
struct Board3(Board);

impl Arbitrary for Board3 {
    fn arbitrary(g: &mut Gen) -> Self {
        Board3(board_with(g, 3, 3, &MARKS))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_board(&self.0).filter(|b| b.rows() == 3 && b.cols() == 3).map(Board3))
    }
}

/// A board of marks with 1 to MAX_CELLS cells.
#[derive(Clone, Debug)]
struct Small(Board);

impl Arbitrary for Small {
    fn arbitrary(g: &mut Gen) -> Self {
        let rows = in_range(g, 1, MAX_CELLS);
        let cols = in_range(g, 1, MAX_CELLS / rows);
        Small(board_with(g, rows, cols, &MARKS))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_board(&self.0).map(Small))
    }
}

fn kind(g: u8) -> CodeKind {
    CodeKind::ALL[usize::from(g) % 4]
}

#[quickcheck]
fn code_text_round_trips(code: u32, binary: bool, k: u8) -> bool {
    let radix = if binary { Radix::Binary } else { Radix::Decimal };
    let mut out = String::new();
    write_code(kind(k), code, radix, &mut out);
    parse_code(&out) == Ok(code)
}

#[quickcheck]
fn hex_reads_as_written_by_std(code: u32, upper: bool) -> bool {
    let text = if upper { format!("0x{code:X}") } else { format!("0x{code:x}") };
    parse_code(&text) == Ok(code) && parse_code(&code.to_string()) == Ok(code)
}

#[quickcheck]
fn arbitrary_text_never_panics(text: String) -> bool {
    match parse_code(&text) {
        Ok(code) => {
            // Whatever reads, reads as the number it spells.
            let digits = text
                .strip_prefix("0b")
                .map(|d| (d, 2))
                .or(text.strip_prefix("0x").map(|d| (d, 16)));
            match digits {
                Some((d, radix)) => u32::from_str_radix(d, radix) == Ok(code),
                None => text == code.to_string(),
            }
        }
        Err(err) => text.get(err.span()).is_some(),
    }
}

#[quickcheck]
fn arbitrary_text_reads_into_boards_or_errors(text: String, k: u8) -> bool {
    match read_board(kind(k), &text) {
        Ok(board) => board.rows() == 3 && board.cols() == 3,
        Err(err) => text.get(err.span()).is_some(),
    }
}

#[quickcheck]
fn boards_round_trip_through_every_code(board: Board3) -> bool {
    let board = board.0;
    CodeKind::ALL.into_iter().all(|kind| match encode(kind, &board) {
        Ok(code) => {
            let back = decode(kind, code).unwrap();
            if kind == CodeKind::Symmetric { back == board.canonical().0 } else { back == board }
        }
        Err(_) => kind != CodeKind::Ranked || board.counts().side_to_move().is_none(),
    })
}

#[quickcheck]
fn small_boards_round_trip_through_the_layout(board: Small) -> bool {
    let board = board.0;
    let layout = Layout::new(board.rows() * board.cols()).unwrap();
    [CodeKind::Ranked, CodeKind::Naive].into_iter().all(|kind| match encode_rect(kind, &board) {
        Ok(code) => {
            let max = if kind == CodeKind::Ranked { layout.max() } else { layout.naive_max() };
            code <= max && decode_rect(kind, board.rows(), board.cols(), code) == Ok(board.clone())
        }
        Err(_) => board.counts().side_to_move().is_none(),
    })
}

#[quickcheck]
fn any_number_decodes_or_errors(code: u32, k: u8, cells: u8) -> bool {
    let kind = kind(k);
    let ok3 = match decode(kind, code) {
        Ok(board) => encode(kind, &board) == Ok(code),
        Err(_) => code > kind.max() || kind == CodeKind::Naive,
    };
    let cells = usize::from(cells) % MAX_CELLS + 1;
    let okn = match decode_rect(CodeKind::Ranked, 1, cells, code) {
        Ok(board) => encode_rect(CodeKind::Ranked, &board) == Ok(code),
        Err(_) => code > Layout::new(cells).unwrap().max(),
    };
    ok3 && okn
}

/// Text over an alphabet of number-ish characters, so most paths of the reader are hit.
#[derive(Clone, Debug)]
struct NumberLike(String);

impl Arbitrary for NumberLike {
    fn arbitrary(g: &mut Gen) -> Self {
        const ALPHABET: &[char] = &[
            '0', '0', '1', '1', '2', '5', '9', 'a', 'f', 'F', 'g', 'b', 'x', 'B', 'X', '+', '-',
            ' ', 'é',
        ];
        let len = in_range(g, 0, 12);
        NumberLike((0..len).map(|_| *g.choose(ALPHABET).unwrap()).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(NumberLike))
    }
}

/// A plain model of the number rule: what should read, and as what.
fn model(text: &str) -> Option<u32> {
    let all = |s: &str, radix: u32| !s.is_empty() && s.chars().all(|c| c.is_digit(radix));
    if let Some(d) = text.strip_prefix("0b") {
        all(d, 2).then(|| u32::from_str_radix(d, 2).ok()).flatten()
    } else if let Some(d) = text.strip_prefix("0x") {
        all(d, 16).then(|| u32::from_str_radix(d, 16).ok()).flatten()
    } else if all(text, 10) && (text == "0" || !text.starts_with('0')) {
        text.parse().ok()
    } else {
        None
    }
}

#[quickcheck]
fn number_like_text_reads_as_the_model_says(text: NumberLike) -> bool {
    let text = text.0;
    match (parse_code(&text), model(&text)) {
        (Ok(code), Some(expected)) => code == expected,
        (Err(err), None) => text.get(err.span()).is_some(),
        _ => false,
    }
}

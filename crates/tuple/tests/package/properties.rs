//! Property tests: every rectangular position survives write then read, noisy but valid
//! spellings read to the same position, and no input makes the reader panic.

use gridnote_board::arbitrary::{MARKS, board_with, in_range, shrink_board};
use gridnote_board::{Player, Position};
use gridnote_tuple::Spanned;
use gridnote_tuple::Tuple;
use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

/// Any position the tuple format holds: a rectangle of empty cells, `x` and `o`.
#[derive(Clone, Debug)]
struct AnyTuple(Tuple);

impl Arbitrary for AnyTuple {
    fn arbitrary(g: &mut Gen) -> Self {
        // Mostly small shapes, now and then up to the largest.
        let max = if in_range(g, 0, 9) == 0 { 255 } else { 12 };
        let rows = in_range(g, 1, max);
        let cols = in_range(g, 1, max);
        let board = board_with(g, rows, cols, &MARKS);
        let position = Position::new(board, Player::arbitrary(g));
        AnyTuple(Tuple::new(position).expect("MARKS are tuple cells"))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let to_move = self.0.position().to_move;
        Box::new(shrink_board(&self.0.position().board).map(move |board| {
            AnyTuple(Tuple::new(Position::new(board, to_move)).expect("shrinking keeps cells"))
        }))
    }
}

#[quickcheck]
fn read_of_write_is_identity(t: AnyTuple) -> bool {
    let text = t.0.to_string();
    text.parse::<Tuple>().as_ref() == Ok(&t.0)
}

#[quickcheck]
fn write_to_appends_exactly_the_display_text(t: AnyTuple, prefix: String) -> bool {
    let mut out = prefix.clone();
    t.0.write_to(&mut out);
    out == format!("{prefix}{}", t.0)
}

#[quickcheck]
fn write_is_canonical(t: AnyTuple) -> bool {
    let text = t.0.to_string();
    let board = &t.0.position().board;
    text.len() == 3 + board.rows() * (board.cols() + 1)
        && text.starts_with('(')
        && text.ends_with(')')
        && !text.contains("  ")
        && !text.contains('-')
}

/// The canonical text respelt: `-` for some blanks, several spaces between words and
/// some just inside the parentheses.
fn respell(text: &str, g: &mut Gen) -> String {
    let inner = &text[1..text.len() - 1];
    let mut out = String::from("(");
    out.push_str(&" ".repeat(in_range(g, 0, 2)));
    for (i, word) in inner.split(' ').enumerate() {
        if i > 0 {
            out.push_str(&" ".repeat(in_range(g, 1, 3)));
        }
        for c in word.chars() {
            out.push(if c == '_' && bool::arbitrary(g) { '-' } else { c });
        }
    }
    out.push_str(&" ".repeat(in_range(g, 0, 2)));
    out.push(')');
    out
}

#[quickcheck]
fn respelt_text_reads_the_same(t: AnyTuple, seed: u64) -> bool {
    let mut g = Gen::new(seed as usize % 64 + 1);
    let text = respell(&t.0.to_string(), &mut g);
    text.parse::<Tuple>().as_ref() == Ok(&t.0)
}

/// Checks what any input must give: a tuple whose canonical text reads back to it, or
/// an error whose span lies in the input on character boundaries.
fn reads_soundly(text: &str) -> bool {
    match text.parse::<Tuple>() {
        Ok(tuple) => tuple.to_string().parse::<Tuple>().as_ref() == Ok(&tuple),
        Err(err) => {
            let span = err.span();
            span.start <= span.end
                && span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end)
                && !err.to_string().is_empty()
        }
    }
}

#[quickcheck]
fn arbitrary_strings_never_panic(text: String) -> bool {
    reads_soundly(&text)
}

/// Strings over the format's own characters and its likely mistakes, so the reader's
/// deeper paths are reached.
#[derive(Clone, Debug)]
struct NearTuple(String);

impl Arbitrary for NearTuple {
    fn arbitrary(g: &mut Gen) -> Self {
        const ALPHABET: &[char] = &[
            '(', ')', 'x', 'o', '_', '-', ' ', ' ', '_', 'x', 'o', 'X', 'O', '\t', '\n', '.', 'é',
        ];
        let mut text = String::from("(");
        text.push(*g.choose(&['x', 'o', 'x', 'X', '_']).unwrap());
        for _ in 0..in_range(g, 0, 40) {
            text.push(*g.choose(ALPHABET).unwrap());
        }
        if bool::arbitrary(g) {
            text.push(')');
        }
        NearTuple(text)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(NearTuple))
    }
}

#[quickcheck]
fn near_tuple_strings_never_panic(text: NearTuple) -> bool {
    reads_soundly(&text.0)
}

#[quickcheck]
fn mutated_valid_text_never_panics(t: AnyTuple, at: usize, c: char) -> bool {
    let mut text = t.0.to_string();
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    text.insert(at, c);
    reads_soundly(&text)
}

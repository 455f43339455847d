//! Property tests: reading what was written gives the value back (boards up to 25 × 25),
//! any way of splitting empty runs reads the same, and no input makes the readers panic.

use gridnote_board::arbitrary::{board_with, in_range, shrink_board};
use gridnote_board::{Board, Cell, Player};
use gridnote_tafl::Spanned;
use gridnote_tafl::{Extension, ParseError, Ten, Tsn};
use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

/// A valid [`Tsn`] with a board of 1 to 25 squares a side.
#[derive(Clone, Debug)]
struct AnyTsn(Tsn);

/// A counter: small numbers most of the time, anything up to `u32::MAX` sometimes.
fn counter(g: &mut Gen) -> u32 {
    match in_range(g, 0, 3) {
        0 => u32::arbitrary(g),
        1 => u32::MAX - in_range(g, 0, 3) as u32,
        _ => in_range(g, 0, 300) as u32,
    }
}

impl Arbitrary for AnyTsn {
    fn arbitrary(g: &mut Gen) -> Self {
        let size = in_range(g, 1, 25);
        // 0 pieces per 4 empties gives all-empty boards (long `Z` runs), 4 a crowded one.
        let weight = in_range(g, 0, 4);
        let mut palette = vec![Cell::Empty; 4];
        palette.extend(std::iter::repeat_n(Cell::ONE, weight));
        palette.extend(std::iter::repeat_n(Cell::TWO, weight));
        let mut board = board_with(g, size, size, &palette);
        if bool::arbitrary(g) {
            let i = in_range(g, 0, size * size - 1);
            board.cells_mut()[i] = Cell::TWO_KING;
        }
        let defenders = (counter(g) / 4).max(1) * 4;
        let ply = counter(g).max(1);
        let tsn = Tsn::new(board, defenders, Player::arbitrary(g), ply, counter(g))
            .expect("generated parts are valid");
        AnyTsn(tsn)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let tsn = self.0.clone();
        let board = tsn.board().clone();
        let size = board.rows();
        let smaller = (size > 1).then(|| {
            Board::from_fn(size - 1, size - 1, |r, c| board.get(r, c).unwrap_or(Cell::Empty))
                .expect("smaller square")
        });
        let boards = smaller.into_iter().chain(shrink_board(&board).filter(Board::is_square));
        let counters = [(4, tsn.ply(), tsn.since_capture()), (tsn.defenders(), 1, 0)]
            .into_iter()
            .filter(move |&c| c != (tsn.defenders(), tsn.ply(), tsn.since_capture()));
        let this = self.0.clone();
        let with_counters = counters.map(move |(d, p, s)| {
            AnyTsn(Tsn::new(this.board().clone(), d, this.to_move(), p, s).expect("valid"))
        });
        let this = self.0.clone();
        let with_boards = boards.map(move |b| {
            AnyTsn(
                Tsn::new(b, this.defenders(), this.to_move(), this.ply(), this.since_capture())
                    .expect("valid"),
            )
        });
        Box::new(with_counters.chain(with_boards))
    }
}

/// A valid [`Ten`]: an [`AnyTsn`] and no data or custom data.
#[derive(Clone, Debug)]
struct AnyTen(Ten);

fn text_from(g: &mut Gen, alphabet: &[char], min: usize, max: usize) -> String {
    let len = in_range(g, min, max);
    (0..len).map(|_| *g.choose(alphabet).expect("alphabet")).collect()
}

impl Arbitrary for AnyTen {
    fn arbitrary(g: &mut Gen) -> Self {
        let tsn = AnyTsn::arbitrary(g).0;
        let extension = if bool::arbitrary(g) {
            Extension::None
        } else {
            let ident: Vec<char> =
                ('a'..='z').chain('A'..='Z').chain('0'..='9').chain("_.-".chars()).collect();
            let digits: Vec<char> = ('0'..='9').collect();
            let data: String =
                String::arbitrary(g).chars().filter(|c| !c.is_whitespace()).collect();
            Extension::custom(text_from(g, &ident, 1, 10), text_from(g, &digits, 1, 4), data)
                .expect("generated extension is valid")
        };
        AnyTen(Ten::new(tsn, extension).expect("valid"))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let extension = self.0.extension().clone();
        let none =
            (extension != Extension::None).then(|| AnyTen(Ten::from_tsn(self.0.tsn().clone())));
        let smaller = AnyTsn(self.0.tsn().clone())
            .shrink()
            .map(move |t| AnyTen(Ten::new(t.0, extension.clone()).expect("valid")));
        Box::new(none.into_iter().chain(smaller))
    }
}

/// A span is inside the input and on character boundaries.
fn span_ok(text: &str, err: &ParseError) -> bool {
    let span = err.span();
    span.start <= span.end
        && span.end <= text.len()
        && text.is_char_boundary(span.start)
        && text.is_char_boundary(span.end)
}

#[quickcheck]
fn tsn_reads_back_what_it_writes(tsn: AnyTsn) -> bool {
    let text = tsn.0.to_string();
    text.parse::<Tsn>() == Ok(tsn.0)
}

#[quickcheck]
fn ten_reads_back_what_it_writes(ten: AnyTen) -> bool {
    let text = ten.0.to_string();
    text.parse::<Ten>().as_ref() == Ok(&ten.0) && text.parse::<Tsn>().as_ref() == Ok(ten.0.tsn())
}

#[quickcheck]
fn write_to_appends_the_display_text(ten: AnyTen) -> bool {
    let mut out = String::from(">");
    ten.0.write_to(&mut out);
    out[1..] == ten.0.to_string()
}

/// Canonical rows use the fewest count characters: in a run of count characters every
/// one but the last is `Z`.
#[quickcheck]
fn written_runs_are_minimal(tsn: AnyTsn) -> bool {
    let text = tsn.0.to_string();
    let rows = text.split(' ').nth(2).expect("rows field");
    let mut previous: Option<char> = None;
    for c in rows.chars() {
        let is_count = c.is_ascii_digit() || c.is_ascii_uppercase();
        if is_count
            && previous.is_some_and(|p| p != 'Z' && (p.is_ascii_digit() || p.is_ascii_uppercase()))
        {
            return false;
        }
        previous = Some(c);
    }
    true
}

/// Splitting every empty run into arbitrary smaller counts (`3` as `111` or `12`) reads
/// the same position.
#[quickcheck]
fn split_runs_read_the_same(tsn: AnyTsn, seed: u64) -> bool {
    let text = tsn.0.to_string();
    let mut state = seed;
    let mut next = |bound: usize| {
        // A small deterministic generator from the seed, so failures reproduce.
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % bound
    };
    let mut fields = text.splitn(4, ' ');
    let (size, defenders, rows, rest) = (
        fields.next().unwrap(),
        fields.next().unwrap(),
        fields.next().unwrap(),
        fields.next().unwrap(),
    );
    let mut split = String::new();
    for c in rows.chars() {
        // Counts are digits and uppercase letters; pieces are lowercase.
        match c.to_digit(36).filter(|_| !c.is_ascii_lowercase()) {
            Some(mut n) => {
                while n > 0 {
                    let part = 1 + next(n as usize) as u32;
                    split.push(char::from_digit(part, 36).unwrap().to_ascii_uppercase());
                    n -= part;
                }
            }
            _ => split.push(c),
        }
    }
    let noncanonical = format!("{size} {defenders} {split} {rest}");
    noncanonical.parse::<Tsn>() == Ok(tsn.0)
}

/// After the sixth field the TSN reader ignores one space and further fields, and
/// whitespace to the end; any other whitespace followed by text is an error.
#[quickcheck]
fn tsn_ignores_what_follows_the_sixth_field(tsn: AnyTsn, tail: String, tab: bool) -> bool {
    let text = format!("{}{}{tail}", tsn.0, if tab { '\t' } else { ' ' });
    let blank_to_end = tail.chars().all(char::is_whitespace);
    let more_fields = !tab && !tail.starts_with(char::is_whitespace);
    if blank_to_end || more_fields {
        text.parse::<Tsn>() == Ok(tsn.0)
    } else {
        text.parse::<Tsn>().is_err()
    }
}

/// Both readers on `text`: a value writes back and reads the same; an error has a
/// message and a span inside the text.
fn reads_safely(text: &str) -> bool {
    let tsn_ok = match text.parse::<Tsn>() {
        Ok(tsn) => tsn.to_string().parse::<Tsn>() == Ok(tsn),
        Err(err) => span_ok(text, &err) && !err.to_string().is_empty(),
    };
    let ten_ok = match text.parse::<Ten>() {
        Ok(ten) => ten.to_string().parse::<Ten>() == Ok(ten),
        Err(err) => span_ok(text, &err) && !err.to_string().is_empty(),
    };
    tsn_ok && ten_ok
}

#[quickcheck]
fn arbitrary_strings_never_panic(text: String) -> bool {
    reads_safely(&text)
}

/// Near-valid text: a written position with a few characters inserted, removed or
/// replaced by characters the grammar cares about. Every outcome is a value that writes
/// back, or an error with a span inside the text.
#[quickcheck]
fn mutated_text_never_panics(ten: AnyTen, edits: Vec<(u16, u8, bool)>) -> bool {
    const ALPHABET: &[char] =
        &['a', 'd', 'k', 'x', '0', '1', '9', 'A', 'Z', '/', ' ', '\t', '-', ':', '+', 'é', '\n'];
    let mut chars: Vec<char> = ten.0.to_string().chars().collect();
    for (at, what, insert) in edits.into_iter().take(4) {
        let at = usize::from(at) % (chars.len() + 1);
        let c = ALPHABET[usize::from(what) % ALPHABET.len()];
        if insert || at == chars.len() {
            chars.insert(at, c);
        } else if what % 3 == 0 {
            chars.remove(at);
        } else {
            chars[at] = c;
        }
    }
    let text: String = chars.into_iter().collect();
    reads_safely(&text)
}

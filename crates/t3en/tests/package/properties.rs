//! Property tests: writing then reading gives the position back; reading any accepted
//! text then writing gives canonical text, idempotently; no input makes the reader panic,
//! and every error's span lies within its input.

use gridnote_board::arbitrary::{board_with, in_range, shrink_board};
use gridnote_board::report::render;
use gridnote_board::{Board, Cell, Player, Position, Role};
use gridnote_t3en::Spanned;
use gridnote_t3en::{ModelError, ParseOptions, T3en};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use quickcheck_macros::quickcheck;

/// The cells T3EN can write.
const T3EN_CELLS: [Cell; 4] = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];

/// Every character T3EN uses, the uppercase pieces, and a few that it does not.
const ALPHABET: [char; 22] = [
    '_', '.', 'x', 'o', '/', ' ', '0', '1', '2', '3', '5', '9', '_', '.', 'x', 'o', '/', 'X', 'O',
    '\t', 'k', 'é',
];

/// A square position of side 1 to 16, any T3EN cells.
#[derive(Clone, Debug)]
struct Square(Position);

impl Arbitrary for Square {
    fn arbitrary(g: &mut Gen) -> Square {
        let side = in_range(g, 1, 16);
        let board = board_with(g, side, side, &T3EN_CELLS);
        Square(Position::new(board, Player::arbitrary(g)))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Square>> {
        let Position { board, to_move, .. } = self.0.clone();
        let n = board.rows();
        let smaller = (n > 1).then(|| {
            Board::from_fn(n - 1, n - 1, |r, c| board.get(r, c).unwrap_or(Cell::Empty)).unwrap()
        });
        let emptied = shrink_board(&board).filter(Board::is_square);
        Box::new(
            smaller
                .into_iter()
                .chain(emptied)
                .map(move |board| Square(Position::new(board, to_move))),
        )
    }
}

/// A square position and one of its many T3EN spellings: every maximal run split into
/// random parts, each written as `c`, `1c` (length 1) or `mc`.
#[derive(Clone, Debug)]
struct Spelled {
    position: Position,
    text: String,
}

impl Arbitrary for Spelled {
    fn arbitrary(g: &mut Gen) -> Spelled {
        let Square(position) = Square::arbitrary(g);
        let mut text = String::new();
        for (r, row) in position.board.iter_rows().enumerate() {
            if r > 0 {
                text.push('/');
            }
            for run in row.chunk_by(|a, b| a == b) {
                let c = char_of(run[0]);
                let mut left = run.len();
                while left > 0 {
                    let part = in_range(g, 1, left);
                    match (part, bool::arbitrary(g)) {
                        (1, false) => text.push(c),
                        (m, _) => {
                            text.push_str(&m.to_string());
                            text.push(c);
                        }
                    }
                    left -= part;
                }
            }
        }
        text.push(' ');
        text.push(if position.to_move == Player::One { 'x' } else { 'o' });
        Spelled { position, text }
    }
}

fn char_of(cell: Cell) -> char {
    match cell {
        Cell::Void => '.',
        Cell::Empty => '_',
        _ if cell.player() == Some(Player::One) => 'x',
        _ => 'o',
    }
}

/// A string of up to 40 characters of [`ALPHABET`].
#[derive(Clone, Debug)]
struct AlphabetText(String);

impl Arbitrary for AlphabetText {
    fn arbitrary(g: &mut Gen) -> AlphabetText {
        let len = in_range(g, 0, 40);
        AlphabetText((0..len).map(|_| *g.choose(&ALPHABET).unwrap()).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = AlphabetText>> {
        Box::new(self.0.shrink().map(AlphabetText))
    }
}

/// A spelling of a position with one to three random edits (insert, delete or replace a
/// character of [`ALPHABET`]): mostly near-valid text.
#[derive(Clone, Debug)]
struct Mutated(String);

impl Arbitrary for Mutated {
    fn arbitrary(g: &mut Gen) -> Mutated {
        let mut chars: Vec<char> = Spelled::arbitrary(g).text.chars().collect();
        for _ in 0..in_range(g, 1, 3) {
            let at = in_range(g, 0, chars.len());
            let c = *g.choose(&ALPHABET).unwrap();
            match in_range(g, 0, 2) {
                0 => chars.insert(at, c),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => chars[at] = c,
                _ => chars.push(c),
            }
        }
        Mutated(chars.into_iter().collect())
    }
}

/// Reads `text` leniently and checks everything that must hold whatever the text:
/// accepted text writes back canonical, idempotently, and strict mode accepts exactly
/// the canonical texts; a rejected text's span lies inside it on character boundaries.
fn reads_sanely(text: &str) -> bool {
    let strict = T3en::parse_with(text, ParseOptions::strict());
    match T3en::parse_with(text, ParseOptions::default()) {
        Ok(parsed) => {
            let canonical = parsed.t3en.to_string();
            let Ok(again) = T3en::parse_with(&canonical, ParseOptions::strict()) else {
                return false;
            };
            again.canonical
                && again.t3en == parsed.t3en
                && again.t3en.to_string() == canonical
                && parsed.canonical == (canonical == text)
                && strict.is_ok() == parsed.canonical
                && parsed.t3en.position().board.is_square()
        }
        Err(err) => {
            let span = err.span();
            let rendered = render(text, span.clone(), &err.to_string());
            strict.is_err()
                && span.start <= span.end
                && span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end)
                && rendered.contains('^')
        }
    }
}

#[quickcheck]
fn written_positions_read_back(square: Square) -> bool {
    let t3en = T3en::new(square.0.clone()).unwrap();
    let text = t3en.to_string();
    match T3en::parse_with(&text, ParseOptions::strict()) {
        Ok(parsed) => {
            parsed.canonical && parsed.t3en == t3en && parsed.t3en.position() == &square.0
        }
        Err(_) => false,
    }
}

#[quickcheck]
fn write_to_appends(square: Square, prefix: String) -> bool {
    let t3en = T3en::new(square.0).unwrap();
    let mut out = prefix.clone();
    t3en.write_to(&mut out);
    out.strip_prefix(prefix.as_str()) == Some(t3en.to_string().as_str())
}

#[quickcheck]
fn every_spelling_reads_to_its_position(spelled: Spelled) -> bool {
    let Ok(parsed) = T3en::parse_with(&spelled.text, ParseOptions::default()) else {
        return false;
    };
    let canonical = parsed.t3en.to_string();
    parsed.t3en.position() == &spelled.position
        && parsed.canonical == (canonical == spelled.text)
        && reads_sanely(&spelled.text)
}

#[test]
fn arbitrary_strings_never_panic() {
    fn prop(text: String) -> bool {
        reads_sanely(&text)
    }
    QuickCheck::new().tests(2000).quickcheck(prop as fn(String) -> bool);
}

#[test]
fn alphabet_strings_never_panic() {
    fn prop(text: AlphabetText) -> bool {
        reads_sanely(&text.0)
    }
    QuickCheck::new().tests(5000).quickcheck(prop as fn(AlphabetText) -> bool);
}

#[test]
fn near_valid_strings_never_panic() {
    fn prop(text: Mutated) -> bool {
        reads_sanely(&text.0)
    }
    QuickCheck::new().tests(5000).quickcheck(prop as fn(Mutated) -> bool);
}

/// Any position of the board crate's generator (any shape, kings included) is accepted
/// exactly when it is square and has no king, and then round-trips.
#[quickcheck]
fn model_errors_match_the_model(position: Position) -> bool {
    let square = position.board.is_square();
    let king = position.board.cells().iter().any(|cell| cell.is_king());
    match T3en::try_from(position.clone()) {
        Ok(t3en) => {
            square && !king && t3en.to_string().parse::<T3en>().map(Position::from) == Ok(position)
        }
        Err(ModelError::NotSquare { rows, cols }) => {
            !square && (rows, cols) == (position.board.rows(), position.board.cols())
        }
        Err(ModelError::King { cell }) => {
            square && king && {
                let (row, col) = position.board.parse_cell_name(&cell.to_string()).unwrap();
                position.board.get(row, col).and_then(Cell::piece).map(|p| p.role)
                    == Some(Role::King)
            }
        }
        Err(_) => false,
    }
}

#[cfg(feature = "serde")]
#[quickcheck]
fn serde_round_trips_through_the_text(square: Square) -> bool {
    let t3en = T3en::new(square.0).unwrap();
    let json = serde_json::to_string(&t3en).unwrap();
    json == format!("\"{t3en}\"") && serde_json::from_str::<T3en>(&json).ok() == Some(t3en)
}

#[cfg(feature = "serde")]
#[test]
fn serde_rejects_bad_text_with_the_span() {
    let err = serde_json::from_str::<T3en>(r#""3_/4_/3_ x""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 2 has 4 cells, expected 3: the grid has 3 rows and must be square \
         (at bytes 3..5) at line 1 column 12"
    );
    // Lenient: a non-canonical string is read, and written back canonical.
    let t3en: T3en = serde_json::from_str(r#""1_1_1_/3_/3_ x""#).unwrap();
    assert_eq!(serde_json::to_string(&t3en).unwrap(), r#""3_/3_/3_ x""#);
    assert!(serde_json::from_str::<T3en>("3").is_err());
}

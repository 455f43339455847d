#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod error;
mod notation;
mod parse;

use core::fmt;
use core::str::FromStr;

/// The shared board model (gridnote-board), re-exported so that a program depending on
/// this crate alone can name the types its functions take and return.
pub use gridnote_board as board;
pub use gridnote_board::report::Spanned;
pub use gridnote_board::{
    Board, BoardError, Cell, MoveError, Outcome, Player, Position, Rules, UnknownName,
};

use gridnote_text::sink::Sink;

pub use crate::error::{ModelError, ParseError};

/// The four rule sets of Tomorrow's Tic-Tac-Toe, with names: the game itself, and its
/// two compulsory variants, misère play ("3-in-a-row loses") and diagonal lines, alone
/// and together. Each name reads back with [`Rules`]' `FromStr`.
///
/// ```
/// use gridnote_tuple::board::Rules;
/// use gridnote_tuple::VARIANTS;
///
/// for (name, rules) in VARIANTS {
///     assert_eq!(name.parse::<Rules>(), Ok(rules));
///     assert_eq!(rules.in_a_row, 3);
/// }
/// assert_eq!(VARIANTS[0], ("tomorrows", Rules::TOMORROWS));
/// assert!(VARIANTS[3].1.misere && VARIANTS[3].1.diagonals);
/// ```
pub const VARIANTS: [(&str, Rules); 4] = [
    ("tomorrows", Rules::TOMORROWS),
    ("tomorrows+misere", Rules::TOMORROWS.with_misere(true)),
    ("tomorrows+diagonals", Rules::TOMORROWS.with_diagonals(true)),
    ("tomorrows+misere+diagonals", Rules::TOMORROWS.with_misere(true).with_diagonals(true)),
];

/// A position of Tomorrow's Tic-Tac-Toe as the tuple format holds it: a rectangle of
/// 1..=255 rows and columns whose cells are only empty, `x` ([`Cell::ONE`]) or `o`
/// ([`Cell::TWO`]), and the side to move.
///
/// Any well-formed position is accepted, legal or not: legality is the board model's
/// business ([`Position::problems`]).
///
/// ```
/// use gridnote_tuple::board::{Cell, Player};
/// use gridnote_tuple::Tuple;
///
/// let tuple: Tuple = "(o x___ ____ ____)".parse()?;
/// assert_eq!(tuple.position().to_move, Player::Two);
/// assert_eq!(tuple.position().board.get(0, 0), Some(Cell::ONE));
/// assert_eq!(tuple.to_string(), "(o x___ ____ ____)");
/// # Ok::<(), gridnote_tuple::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tuple {
    position: Position,
}

impl Tuple {
    /// Wraps a position, checking that the format can hold it.
    ///
    /// # Errors
    /// [`ModelError`] naming the first cell (in reading order, top row first) that is
    /// non-playable or holds a king.
    ///
    /// ```
    /// use gridnote_tuple::board::{Board, Cell, Player, Position};
    /// use gridnote_tuple::Tuple;
    ///
    /// let board = Board::from_cells(2, 2, vec![Cell::ONE, Cell::Empty, Cell::Empty, Cell::TWO])?;
    /// let tuple = Tuple::new(Position::new(board, Player::One))?;
    /// assert_eq!(tuple.to_string(), "(x x_ _o)");
    ///
    /// let board = Board::from_cells(1, 2, vec![Cell::Empty, Cell::TWO_KING])?;
    /// let err = Tuple::new(Position::new(board, Player::One)).unwrap_err();
    /// assert_eq!(err.to_string(), "b1 holds a king: the tuple format has only `x` and `o`");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(position: Position) -> Result<Tuple, ModelError> {
        let board = &position.board;
        for ((row, col), cell) in board.iter() {
            match cell {
                Cell::Empty | Cell::OneMan | Cell::TwoMan => {}
                Cell::Void => return Err(ModelError::Void { cell: board.cell_name(row, col) }),
                // A king: the one piece today that is not a man.
                _ => return Err(ModelError::King { cell: board.cell_name(row, col) }),
            }
        }
        Ok(Tuple { position })
    }

    /// The start of a game on a `rows × cols` board: every cell empty, `x` to move.
    ///
    /// # Errors
    /// [`BoardError::Side`] when a side is 0 or more than 255.
    ///
    /// ```
    /// use gridnote_tuple::Tuple;
    /// assert_eq!(Tuple::start(2, 5)?.to_string(), "(x _____ _____)");
    /// assert!(Tuple::start(0, 3).is_err());
    /// # Ok::<(), gridnote_tuple::board::BoardError>(())
    /// ```
    pub fn start(rows: usize, cols: usize) -> Result<Tuple, BoardError> {
        Ok(Tuple { position: Position::start(rows, cols)? })
    }

    /// The position.
    ///
    /// ```
    /// use gridnote_tuple::Tuple;
    /// assert_eq!(Tuple::default().position().board.cols(), 4);
    /// ```
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The position, by value.
    ///
    /// ```
    /// use gridnote_tuple::board::Player;
    /// use gridnote_tuple::Tuple;
    /// assert_eq!(Tuple::default().into_position().to_move, Player::One);
    /// ```
    #[must_use]
    pub fn into_position(self) -> Position {
        self.position
    }

    /// The position after the side to move places a piece at (row, col), row 0 at the
    /// top: [`Position::play`].
    ///
    /// # Errors
    /// [`MoveError`] for a cell off the board or taken, or a game already over under
    /// `rules`.
    ///
    /// ```
    /// use gridnote_tuple::board::Rules;
    /// use gridnote_tuple::Tuple;
    ///
    /// let next = Tuple::default().play(0, 3, Rules::TOMORROWS)?;
    /// assert_eq!(next.to_string(), "(o ___x ____ ____)");
    /// assert_eq!(next.play(0, 3, Rules::TOMORROWS).unwrap_err().to_string(), "d3 is already taken");
    /// # Ok::<(), gridnote_tuple::board::MoveError>(())
    /// ```
    pub fn play(&self, row: usize, col: usize, rules: Rules) -> Result<Tuple, MoveError> {
        // Playing only ever places a man on an empty cell: the result stays a tuple.
        Ok(Tuple { position: self.position.play(row, col, rules)? })
    }

    /// [`Tuple::play`] by algebraic cell name: files `a`, `b`, … from the left, ranks
    /// from 1 at the bottom row ([`Position::play_name`]).
    ///
    /// # Errors
    /// As [`Tuple::play`], and [`MoveError::Name`] for a name that is not a cell of
    /// this board.
    ///
    /// ```
    /// use gridnote_tuple::board::Rules;
    /// use gridnote_tuple::Tuple;
    ///
    /// let next = Tuple::default().play_name("a1", Rules::TOMORROWS)?;
    /// assert_eq!(next.to_string(), "(o ____ ____ x___)");
    /// assert!(next.play_name("e1", Rules::TOMORROWS).is_err());
    /// # Ok::<(), gridnote_tuple::board::MoveError>(())
    /// ```
    pub fn play_name(&self, name: &str, rules: Rules) -> Result<Tuple, MoveError> {
        Ok(Tuple { position: self.position.play_name(name, rules)? })
    }

    /// The outcome under `rules` ([`Position::outcome`]): in progress, won (under misère
    /// the player who made three in a row loses), or drawn on a full board.
    ///
    /// ```
    /// use gridnote_tuple::board::{Outcome, Player};
    /// use gridnote_tuple::{Tuple, VARIANTS};
    ///
    /// // x holds the diagonal a3-b2-c1: a win only where diagonals count.
    /// let tuple: Tuple = "(o x_o_ _x__ o_x_)".parse()?;
    /// let outcomes: Vec<Outcome> = VARIANTS.iter().map(|&(_, r)| tuple.outcome(r)).collect();
    /// assert_eq!(
    ///     outcomes,
    ///     [Outcome::InProgress, Outcome::InProgress, Outcome::Won(Player::One), Outcome::Won(Player::Two)]
    /// );
    /// # Ok::<(), gridnote_tuple::ParseError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, rules: Rules) -> Outcome {
        self.position.outcome(rules)
    }

    /// The cells the side to move may play, row-major, or none once the game is over
    /// under `rules` ([`Position::moves`]).
    ///
    /// ```
    /// use gridnote_tuple::board::Rules;
    /// use gridnote_tuple::Tuple;
    ///
    /// let tuple: Tuple = "(o xxx_ oo__ ____)".parse()?;
    /// assert!(tuple.moves(Rules::TOMORROWS).is_empty());
    /// assert_eq!(Tuple::start(1, 2)?.moves(Rules::TOMORROWS), [(0, 0), (0, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn moves(&self, rules: Rules) -> Vec<(usize, usize)> {
        self.position.moves(rules)
    }

    /// Appends the canonical text to `out`: `(`, the side to move, one word per row top
    /// to bottom with `_` for an empty cell, single spaces, `)`.
    ///
    /// ```
    /// use gridnote_tuple::Tuple;
    ///
    /// let tuple: Tuple = "(  x  x--o  ----  )".parse()?;
    /// let mut out = String::from("position: ");
    /// tuple.write_to(&mut out);
    /// assert_eq!(out, "position: (x x__o ____)");
    /// # Ok::<(), gridnote_tuple::ParseError>(())
    /// ```
    pub fn write_to(&self, out: &mut String) {
        self.append_to(out);
    }

    /// Appends the canonical text to any [`Sink`] (a `String`, a `Vec<u8>`, or a
    /// formatter through [`FmtSink`](gridnote_text::sink::FmtSink), as `Display` does).
    ///
    /// ```
    /// let mut bytes = Vec::new();
    /// gridnote_tuple::Tuple::default().append_to(&mut bytes);
    /// assert_eq!(bytes, b"(x ____ ____ ____)");
    /// ```
    pub fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
        let board = &self.position.board;
        out.reserve(self.text_len());
        out.push('(');
        out.push(player_char(self.position.to_move));
        for row in board.iter_rows() {
            out.push(' ');
            for &cell in row {
                out.push(cell.player().map_or('_', player_char));
            }
        }
        out.push(')');
    }
}

impl Tuple {
    /// The canonical text's length: `(`, the side, then a space and the cells for each
    /// row, then `)`.
    fn text_len(&self) -> usize {
        let board = &self.position.board;
        3 + board.rows() * (board.cols() + 1)
    }
}

/// `x` for Player One, `o` for Player Two.
const fn player_char(player: Player) -> char {
    match player {
        Player::One => 'x',
        Player::Two => 'o',
    }
}

impl Default for Tuple {
    /// The start of the default game: 3 rows × 4 columns ([`Rules::TOMORROWS_SHAPE`]),
    /// `x` to move.
    ///
    /// ```
    /// use gridnote_tuple::Tuple;
    /// assert_eq!(Tuple::default().to_string(), "(x ____ ____ ____)");
    /// ```
    fn default() -> Self {
        let (rows, cols) = Rules::TOMORROWS_SHAPE;
        Tuple::start(rows, cols).expect("the default 3 x 4 shape is in range")
    }
}

impl FromStr for Tuple {
    type Err = ParseError;

    /// Reads tuple text (see the crate docs and docs/tuple.md for the grammar).
    ///
    /// ```
    /// use gridnote_tuple::{Spanned, Tuple};
    /// let tuple: Tuple = "(x ____ ____ ____)".parse()?;
    /// assert_eq!(tuple, Tuple::default());
    /// assert_eq!("(x ____ ____ ____) ".parse::<Tuple>().unwrap_err().span(), 18..19);
    /// # Ok::<(), gridnote_tuple::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Tuple, ParseError> {
        parse::parse(s).map(|position| Tuple { position })
    }
}

impl fmt::Display for Tuple {
    /// The canonical text, as [`Tuple::write_to`] writes it.
    ///
    /// ```
    /// use gridnote_tuple::Tuple;
    /// let tuple: Tuple = "(o -x- ---)".parse()?;
    /// assert_eq!(format!("{tuple}"), "(o _x_ ___)");
    /// # Ok::<(), gridnote_tuple::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text_len() <= 128 {
            let mut text = gridnote_text::sink::StackText::<128>::new();
            self.append_to(&mut text);
            if let Some(text) = text.as_str() {
                return f.write_str(text);
            }
        }
        let mut sink = gridnote_text::sink::FmtSink::new(f);
        self.append_to(&mut sink);
        sink.finish()
    }
}

impl TryFrom<Position> for Tuple {
    type Error = ModelError;

    /// [`Tuple::new`].
    ///
    /// ```
    /// use gridnote_tuple::board::Position;
    /// use gridnote_tuple::Tuple;
    /// let tuple = Tuple::try_from(Position::start(1, 3)?)?;
    /// assert_eq!(tuple.to_string(), "(x ___)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(position: Position) -> Result<Tuple, ModelError> {
        Tuple::new(position)
    }
}

impl From<Tuple> for Position {
    /// [`Tuple::into_position`].
    ///
    /// ```
    /// use gridnote_tuple::board::Position;
    /// use gridnote_tuple::Tuple;
    /// assert_eq!(Position::from(Tuple::default()), Position::start(3, 4)?);
    /// # Ok::<(), gridnote_tuple::board::BoardError>(())
    /// ```
    fn from(tuple: Tuple) -> Position {
        tuple.position
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! Serialized as its canonical text.

    use core::fmt;

    use super::Tuple;

    impl serde::Serialize for Tuple {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            gridnote_text::sink::serialize_text::<S, 128>(
                serializer,
                self,
                self.text_len(),
                |text| self.append_to(text),
            )
        }
    }

    impl<'de> serde::Deserialize<'de> for Tuple {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Tuple, D::Error> {
            deserializer.deserialize_str(TextVisitor)
        }
    }

    struct TextVisitor;

    impl serde::de::Visitor<'_> for TextVisitor {
        type Value = Tuple;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a Tomorrow's Tic-Tac-Toe position such as \"(x ____ ____ ____)\"")
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Tuple, E> {
            text.parse().map_err(|err: crate::ParseError| {
                let span = crate::Spanned::span(&err);
                E::custom(format_args!("{err} (bytes {}..{})", span.start, span.end))
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use core::fmt::{self, Write as _};

    use super::*;

    /// A board of `rows` x `cols` with x, o and empty cells in a fixed pattern.
    fn patterned(rows: usize, cols: usize, to_move: Player) -> Tuple {
        let cells = [Cell::Empty, Cell::ONE, Cell::Empty, Cell::TWO, Cell::ONE];
        let board = Board::from_fn(rows, cols, |r, c| cells[(r * 7 + c) % 5]).unwrap();
        Tuple::new(Position::new(board, to_move)).unwrap()
    }

    /// A writer that takes `room` calls, then fails.
    struct Calls {
        got: String,
        room: usize,
    }

    impl fmt::Write for Calls {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if self.room == 0 {
                return Err(fmt::Error);
            }
            self.room -= 1;
            self.got.push_str(s);
            Ok(())
        }
    }

    /// Texts of every length around the 128 bytes `Display` and serde gather on the
    /// stack (127, 128, 129), the shortest and the longest: `Display` and serde give the
    /// writer's text, the short ones to the formatter in one call.
    #[test]
    fn display_and_serde_give_the_writers_text_on_either_side_of_the_stack_buffer() {
        for (rows, cols) in [(1, 1), (1, 123), (1, 124), (1, 125), (5, 24), (2, 62), (255, 255)] {
            for to_move in Player::BOTH {
                let tuple = patterned(rows, cols, to_move);
                let mut written = String::new();
                tuple.write_to(&mut written);
                assert_eq!(written.len(), tuple.text_len(), "{rows}x{cols}");
                assert_eq!(tuple.to_string(), written, "{rows}x{cols}");
                let mut calls = Calls { got: String::new(), room: usize::MAX };
                write!(calls, "{tuple}").unwrap();
                assert_eq!(calls.got, written);
                if written.len() <= 128 {
                    let mut once = Calls { got: String::new(), room: 1 };
                    write!(once, "{tuple}").unwrap();
                    assert_eq!(once.got, written, "{rows}x{cols}: one call");
                }
                #[cfg(feature = "serde")]
                assert_eq!(
                    serde_json::to_string(&tuple).unwrap(),
                    serde_json::to_string(&written).unwrap(),
                    "{rows}x{cols}"
                );
            }
        }
    }

    #[test]
    fn display_returns_the_formatter_error() {
        for (rows, cols) in [(3, 4), (255, 255)] {
            let tuple = patterned(rows, cols, Player::One);
            let mut none = Calls { got: String::new(), room: 0 };
            assert_eq!(write!(none, "{tuple}"), Err(fmt::Error));
            assert_eq!(none.got, "");
        }
    }
}

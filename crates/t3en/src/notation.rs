//! T3EN as a [`Notation`]: what the converter's registry knows of it.

use std::borrow::Cow;

use gridnote_board::notation::Notation;
use gridnote_board::notes::{Field, Note};
use gridnote_board::options::{NotationOptions, OptionError, OptionSpec};
use gridnote_board::setup::{Carries, Setup};
use gridnote_board::{Board, Cell, Position};
use gridnote_text::sink::Sink;

use crate::{ModelError, ParseError, ParseOptions, T3en};

/// T3EN's one option, `strict`: reject non-canonical run lengths.
///
/// ```
/// use gridnote_t3en::board::options::NotationOptions;
/// use gridnote_t3en::ParseOptions;
///
/// assert_eq!(ParseOptions::DECLARED.iter().map(|o| o.name).collect::<Vec<_>>(), ["strict"]);
/// let mut options = ParseOptions::default();
/// options.set("strict", "true")?;
/// assert_eq!(options, ParseOptions::strict());
/// assert_eq!(options.get("strict").as_deref(), Some("true"));
/// # Ok::<(), gridnote_t3en::board::options::OptionError>(())
/// ```
impl NotationOptions for ParseOptions {
    const DECLARED: &'static [OptionSpec] = &[OptionSpec::flag(
        "strict",
        "Read T3EN strictly: reject non-canonical run lengths such as `1_` or `__`",
    )];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match name {
            "strict" => self.strict = Self::DECLARED[0].flag_value(value)?,
            _ => return Err(OptionError::unknown::<Self>(name)),
        }
        Ok(())
    }

    fn get(&self, name: &str) -> Option<Cow<'static, str>> {
        match name {
            "strict" => Some(Cow::Borrowed(if self.strict { "true" } else { "false" })),
            _ => None,
        }
    }
}

/// ```
/// use gridnote_t3en::board::notation::{Notation, NotationExt};
/// use gridnote_t3en::board::Player;
/// use gridnote_t3en::{ParseOptions, T3en};
///
/// assert_eq!(T3en::NAME, "t3en");
/// assert!(T3en::sniff("2_o/_x_/3_ x"));
/// let setup = T3en::read("2_o/_x_/3_ x", &ParseOptions::default())?;
/// assert_eq!(setup.to_move, Some(Player::One));
///
/// // A rectangle is padded into a square grid, and the padding is noted.
/// let tall = gridnote_t3en::board::Board::new(3, 2)?;
/// let mut notes = Vec::new();
/// let text = T3en::write(gridnote_t3en::board::setup::Setup::new(tall).with_to_move(Player::One), &ParseOptions::default(), &mut notes)?;
/// assert_eq!(text, "2_./2_./2_. x");
/// assert_eq!(notes[0].to_string(), "derived shape 3x3 (T3EN grids are square: the 3x2 board is padded with `.` on the right columns)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for T3en {
    const NAME: &'static str = "t3en";
    const EXAMPLE: &'static str = "2_o/_x_/3_ x";
    const DESCRIPTION: &'static str =
        "Tic-Tac-Toe Extensible Notation: square grid, run lengths, . for void, side to move";
    const SNIFF_RULE: &'static str = "2 fields";
    const DETECT_PRIORITY: u8 = 40;
    const CARRIES: Carries = Carries::BOARD.with_side_to_move();
    const SIDE_LETTERS: [&'static str; 2] = ["x", "o"];

    type Options = ParseOptions;
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Two whitespace-separated fields.
    fn sniff(text: &str) -> bool {
        text.split_ascii_whitespace().count() == 2
    }

    fn parse_with(text: &str, options: &ParseOptions) -> Result<T3en, ParseError> {
        T3en::parse_with(text, *options).map(|parsed| parsed.t3en)
    }

    fn to_setup(self, _: &ParseOptions) -> Result<Setup, ModelError> {
        let position = self.into_position();
        Ok(Setup::new(position.board).with_to_move(position.to_move))
    }

    /// A rectangle becomes a square of side max(rows, cols), padded with `.` on the bottom
    /// rows (wider than tall) or the right columns (taller than wide), noted as a derived
    /// shape.
    fn from_setup(
        setup: Setup,
        _: &ParseOptions,
        notes: &mut Vec<Note>,
    ) -> Result<T3en, ModelError> {
        let to_move = setup
            .side_to_move()
            .map_err(|e| ModelError::NoSideToMove { one: e.one, two: e.two })?;
        let board = pad_to_square(setup.board, notes);
        T3en::new(Position::new(board, to_move))
    }

    fn append_to<S: Sink + ?Sized>(&self, _: &ParseOptions, out: &mut S) {
        T3en::append_to(self, out);
    }
}

/// A rectangle padded into a square with void cells: bottom rows when it is wider than
/// tall, right columns when taller than wide (noted).
fn pad_to_square(board: Board, notes: &mut Vec<Note>) -> Board {
    let (rows, cols) = (board.rows(), board.cols());
    if rows == cols {
        return board;
    }
    let side = rows.max(cols);
    let where_ = if rows < cols { "bottom rows" } else { "right columns" };
    notes.push(Note::derived(
        Field::Shape,
        format!("{side}x{side}"),
        format!(
            "T3EN grids are square: the {rows}x{cols} board is padded with `.` on the {where_}"
        ),
    ));
    match Board::from_fn(side, side, |r, c| board.get(r, c).unwrap_or(Cell::Void)) {
        Ok(square) => square,
        // The side is the larger of two valid sides, so this cannot fail; keep the board
        // and let `T3en::new` name the shape.
        Err(_) => board,
    }
}

#[cfg(test)]
mod tests {
    use gridnote_board::options::{NotationOptions, OptionKind};

    use crate::ParseOptions;

    #[test]
    fn t3en_declares_strict() {
        let declared: Vec<_> =
            ParseOptions::DECLARED.iter().map(|o| (o.name, o.kind, o.default, o.help)).collect();
        assert_eq!(
            declared,
            [(
                "strict",
                OptionKind::Flag,
                Some("false"),
                "Read T3EN strictly: reject non-canonical run lengths such as `1_` or `__`"
            )]
        );
        let mut options = ParseOptions::default();
        options.set("strict", "false").unwrap();
        assert_eq!(options, ParseOptions::lenient());
        assert_eq!(
            options.set("strict", "on").unwrap_err().to_string(),
            "unknown strict `on`: expected false or true"
        );
        assert_eq!(
            options.set("code", "dense").unwrap_err().to_string(),
            "unknown option `code`: expected strict"
        );
        assert_eq!(options, ParseOptions::lenient());
    }
}

//! The digit string as a [`Notation`]: what the converter's registry knows of it.

use gridnote_board::notation::Notation;
use gridnote_board::notes::Note;
use gridnote_board::setup::{Carries, Setup};
use gridnote_text::sink::Sink;

use crate::{Digits, ModelError, ParseError};

/// ```
/// use gridnote_digits::board::notation::{Notation, NotationExt};
/// use gridnote_digits::Digits;
///
/// assert!(Digits::sniff("120120000"));
/// let setup = Digits::read("120120000", &())?;
/// assert_eq!(setup.to_move, None); // a digit string carries no side to move
/// assert_eq!(Digits::write(setup, &(), &mut Vec::new())?, "120120000");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for Digits {
    const NAME: &'static str = "digits";
    const EXAMPLE: &'static str = "120120000";
    const DESCRIPTION: &'static str = "9 digits 0/1/2, rows top to bottom, no side to move";
    const SNIFF_RULE: &'static str = "9 characters 0/1/2";
    const DETECT_PRIORITY: u8 = 50;
    const CARRIES: Carries = Carries::BOARD;
    const SIDE_LETTERS: [&'static str; 2] = ["1", "2"];

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Nine characters, each `0`, `1` or `2`.
    fn sniff(text: &str) -> bool {
        text.len() == 9 && text.bytes().all(|b| matches!(b, b'0'..=b'2'))
    }

    fn parse_with(text: &str, _: &()) -> Result<Digits, ParseError> {
        text.parse()
    }

    fn to_setup(self, _: &()) -> Result<Setup, ModelError> {
        Ok(Setup::new(self.board()))
    }

    fn from_setup(setup: Setup, _: &(), _: &mut Vec<Note>) -> Result<Digits, ModelError> {
        Digits::try_from(&setup.board)
    }

    fn append_to<S: Sink + ?Sized>(&self, _: &(), out: &mut S) {
        Digits::append_to(self, out);
    }
}

//! [`Source`]: a position as read from any format.

use gridnote_board::setup::Setup;

use crate::format::Format;

/// A position as read from any format: the format, the [`Setup`] it carried, and the
/// input's length. It dereferences to the [`Setup`], so `source.board` and
/// `source.to_move` read the setup's fields.
///
/// ```
/// use gridnote_convert::{read, Format, Options};
/// use gridnote_board::Player;
/// let source = read("120120000", Some(Format::Digits), &Options::default())?;
/// assert_eq!(source.format, Format::Digits);
/// assert_eq!(source.to_move, None); // digit strings carry no side to move
/// assert_eq!(source.side_from_counts(), Some(Player::One));
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Source {
    /// The format it was read from.
    pub format: Format,
    /// What the text carried.
    pub setup: Setup,
    /// Length of the input in bytes (errors about the whole input span it).
    pub input_len: usize,
}

impl Source {
    /// A position built rather than read: `setup` as if read from `format`, so that a
    /// program holding a [`Setup`] (a replayed game, a board of its own) writes or checks
    /// it without a text round trip. There is no input: errors about the whole input
    /// span nothing (`0..0`).
    ///
    /// ```
    /// use gridnote_convert::{write, Format, Options, Source};
    /// use gridnote_convert::board::{Board, Player, setup::Setup};
    ///
    /// let setup = Setup::new(Board::new(3, 3)?).with_to_move(Player::Two);
    /// let source = Source::new(Format::T3en, setup);
    /// assert_eq!(source.input_len, 0);
    /// let written = write(&source, Format::T3en, &Options::default())?;
    /// assert_eq!(written.output, "3_/3_/3_ o");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(format: Format, setup: Setup) -> Source {
        Source { format, setup, input_len: 0 }
    }
}

impl core::ops::Deref for Source {
    type Target = Setup;

    fn deref(&self) -> &Setup {
        &self.setup
    }
}

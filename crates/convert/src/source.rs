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

impl core::ops::Deref for Source {
    type Target = Setup;

    fn deref(&self) -> &Setup {
        &self.setup
    }
}

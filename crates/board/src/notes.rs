//! What a conversion dropped or derived: the notes every [`Notation`](crate::notation::Notation)
//! conversion reports.

use std::borrow::Cow;

use core::fmt;

/// Whether a note is about information lost or information made up.
///
/// ```
/// use gridnote_board::notes::NoteKind;
/// assert_eq!(NoteKind::Dropped.to_string(), "dropped");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum NoteKind {
    /// The target cannot carry this information from the source.
    Dropped,
    /// The target needs this and the source lacks it: a value was derived by a rule.
    Derived,
}

impl fmt::Display for NoteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoteKind::Dropped => "dropped",
            NoteKind::Derived => "derived",
        })
    }
}

/// The piece of information a note is about.
///
/// ```
/// use gridnote_board::notes::Field;
/// assert_eq!(Field::SinceCapture.name(), "since-capture");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Field {
    /// Whose turn it is.
    SideToMove,
    /// TSN/TEN: defenders at the start of the game.
    Defenders,
    /// TSN/TEN: the current ply.
    Ply,
    /// TSN/TEN: plies since the last capture.
    SinceCapture,
    /// TEN: the extension field.
    Extension,
    /// The board's shape (a rectangle padded into a square T3EN grid).
    Shape,
    /// The board's orientation (the symmetric code keeps only the canonical image).
    Orientation,
    /// A variant's rules (an OpenTafl rules record).
    Rules,
    /// A piece the target has no letter for (OpenTafl's commander, knight, mercenary,
    /// guard), written as a plain man of its side.
    Piece,
}

impl Field {
    /// The field's stable name (kebab-case), as in JSON output.
    ///
    /// ```
    /// use gridnote_board::notes::Field;
    /// assert_eq!(Field::SideToMove.name(), "side-to-move");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Field::SideToMove => "side-to-move",
            Field::Defenders => "defenders",
            Field::Ply => "ply",
            Field::SinceCapture => "since-capture",
            Field::Extension => "extension",
            Field::Shape => "shape",
            Field::Orientation => "orientation",
            Field::Rules => "rules",
            Field::Piece => "piece",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One note of a conversion: a field dropped or derived, its value, and why.
///
/// ```
/// use gridnote_board::notes::{Field, Note, NoteKind};
/// let ply = Note::derived(Field::Ply, 2, "pieces on the board + 1");
/// assert_eq!(ply.kind, NoteKind::Derived);
/// assert_eq!(ply.value, "2");
/// assert_eq!(ply.to_string(), "derived ply 2 (pieces on the board + 1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Note {
    /// Dropped or derived.
    pub kind: NoteKind,
    /// Which field.
    pub field: Field,
    /// The value dropped (in the source's spelling) or derived (in the target's).
    pub value: NoteValue,
    /// Why: the rule used or the reason the target cannot carry it.
    pub reason: Cow<'static, str>,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} ({})", self.kind, self.field, self.value, self.reason)
    }
}

impl Note {
    /// A note that `field`, with `value` as the source spells it, could not be carried.
    ///
    /// ```
    /// use gridnote_board::notes::{Field, Note};
    /// let note = Note::dropped(Field::Ply, 7, "t3en does not carry it");
    /// assert_eq!(note.to_string(), "dropped ply 7 (t3en does not carry it)");
    /// ```
    pub fn dropped(
        field: Field,
        value: impl Into<NoteValue>,
        reason: impl Into<Cow<'static, str>>,
    ) -> Note {
        Note { kind: NoteKind::Dropped, field, value: value.into(), reason: reason.into() }
    }

    /// A note that `field` was made up as `value` (in the target's spelling) by a rule.
    ///
    /// ```
    /// use gridnote_board::notes::{Field, Note};
    /// let note = Note::derived(Field::SideToMove, "x", "from the counts");
    /// assert_eq!(note.to_string(), "derived side-to-move x (from the counts)");
    /// ```
    pub fn derived(
        field: Field,
        value: impl Into<NoteValue>,
        reason: impl Into<Cow<'static, str>>,
    ) -> Note {
        Note { kind: NoteKind::Derived, field, value: value.into(), reason: reason.into() }
    }
}

/// The value of a [`Note`]: a number or a piece of text, shown as the target or source
/// format spells it. Kept typed so that a conversion whose notes nobody reads formats
/// nothing.
///
/// ```
/// use gridnote_board::notes::NoteValue;
/// assert_eq!(NoteValue::Number(12).to_string(), "12");
/// assert_eq!(NoteValue::from("x"), NoteValue::Text("x".into()));
/// assert_eq!(NoteValue::Number(3), "3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoteValue {
    /// A number field (defenders, ply, plies since capture).
    Number(u32),
    /// Any other value (a side to move, an extension, a shape, a symmetry).
    Text(Cow<'static, str>),
}

impl fmt::Display for NoteValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoteValue::Number(n) => write!(f, "{n}"),
            NoteValue::Text(text) => f.write_str(text),
        }
    }
}

impl From<u32> for NoteValue {
    fn from(n: u32) -> Self {
        NoteValue::Number(n)
    }
}

impl From<&'static str> for NoteValue {
    fn from(text: &'static str) -> Self {
        NoteValue::Text(Cow::Borrowed(text))
    }
}

impl From<String> for NoteValue {
    fn from(text: String) -> Self {
        NoteValue::Text(Cow::Owned(text))
    }
}

impl PartialEq<&str> for NoteValue {
    fn eq(&self, other: &&str) -> bool {
        match self {
            NoteValue::Text(text) => text == other,
            NoteValue::Number(n) => {
                let mut buf = String::new();
                gridnote_text::number::push_decimal(&mut buf, *n);
                buf == *other
            }
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for NoteValue {
    /// As a string, the way it is shown.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for NoteValue {
    /// From the string [`Serialize`](serde::Serialize) writes: a number in the one
    /// decimal spelling gridnote writes (no sign, no leading zero) is read back as
    /// [`NoteValue::Number`], anything else as text.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        Ok(match gridnote_text::number::parse_decimal(&text).ok() {
            Some(n) => NoteValue::Number(n),
            None => NoteValue::Text(Cow::Owned(text)),
        })
    }
}

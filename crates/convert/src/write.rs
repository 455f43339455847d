//! Writing a [`Source`] as any format, with notes.
//!
//! What is dropped and what is derived is computed here once, from what the source
//! carries against what the target [`carries`](crate::Format::carries); what only a
//! format knows (a shape padded, an orientation lost) it notes itself in
//! [`Notation::from_setup`].

use gridnote_board::Game;
use gridnote_board::notation::Notation;
use gridnote_board::setup::{Setup, TaflFields};
use gridnote_board::{Board, Cell, Player, Role};

use crate::error::{ConvertError, ModelError, SyntaxError};
use crate::format::{Format, Visit};
use crate::options::Options;
use crate::source::Source;
use gridnote_board::notes::{Field, Note, NoteKind};

/// The result of a conversion: the output text and the notes.
///
/// ```
/// use gridnote_convert::{convert, Format, Options};
/// let out = convert("(x ____ ____ ____)", None, Format::T3en, &Options::default())?;
/// assert_eq!(out.output, "4_/4_/4_/4. x");
/// assert_eq!(out.notes.len(), 1); // the shape was padded
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Converted {
    /// The position in the target format (canonical form).
    pub output: String,
    /// What was dropped or derived, in field order.
    pub notes: Vec<Note>,
}

/// Writes `source` as `to`, with a note for every field dropped or derived.
///
/// # Errors
/// [`ConvertError::Unrepresentable`] when `to` cannot express the position,
/// [`ConvertError::NoSideToMove`] when `to` needs a side and none can be had,
/// [`ConvertError::Lossy`] when `options.lossless` is set and something would be dropped.
///
/// ```
/// use gridnote_convert::{read, write, Format, Options};
/// let options = Options::default();
/// let source = read("(o x___ ____ ____)", None, &options)?;
/// let out = write(&source, Format::Tuple, &options)?;
/// assert_eq!(out.output, "(o x___ ____ ____)");
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
pub fn write(source: &Source, to: Format, options: &Options) -> Result<Converted, ConvertError> {
    let mut output = String::new();
    let notes = write_into(source.clone(), to, options, &mut output)?;
    Ok(Converted { output, notes })
}

/// Writes `source` as `to`, appending the text to `out`, and returns the notes. On error
/// nothing is appended. This is [`write()`] for callers that convert many positions and
/// reuse one buffer; it consumes the source so its board moves into the target model.
///
/// # Errors
/// As [`write()`].
///
/// ```
/// use gridnote_convert::{read, write_into, Format, Options};
/// let options = Options::default();
/// let mut out = String::new();
/// for text in ["120000000", "3_/_x_/3_ o"] {
///     let source = read(text, None, &options)?;
///     write_into(source, Format::Bits, &options, &mut out)?;
///     out.push('\n');
/// }
/// assert_eq!(out, "11\n5\n");
/// # Ok::<(), gridnote_convert::ConvertError>(())
/// ```
pub fn write_into(
    source: Source,
    to: Format,
    options: &Options,
    out: &mut String,
) -> Result<Vec<Note>, ConvertError> {
    let start = out.len();
    let Source { format, setup, input_len } = source;
    let result =
        to.visit(&options.formats, Writer { to, from: format, setup, input_len, options, out });
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// Writing one setup with the target format's notation.
struct Writer<'a> {
    to: Format,
    from: Format,
    setup: Setup,
    input_len: usize,
    options: &'a Options,
    out: &'a mut String,
}

impl Visit for Writer<'_> {
    type Output = Result<Vec<Note>, ConvertError>;

    fn visit<N: Notation>(
        self,
        notation_options: &N::Options,
        _: fn(N::ParseError) -> SyntaxError,
        model: fn(N::ModelError) -> ModelError,
    ) -> Self::Output {
        write_with::<N>(self, notation_options, model)
    }
}

/// The one writer behind every format: notes what `N` cannot carry, derives what it
/// needs, and lets `N` build and write its value.
fn write_with<N: Notation>(
    writer: Writer<'_>,
    notation_options: &N::Options,
    model: fn(N::ModelError) -> ModelError,
) -> Result<Vec<Note>, ConvertError> {
    let Writer { to, from, mut setup, input_len, options, out } = writer;
    let span = 0..input_len;
    let carries = N::CARRIES;
    let mut notes = Vec::new();
    // What the target cannot carry.
    if !carries.tafl {
        drop_tafl_fields(&setup, to, &mut notes);
        setup.tafl = None;
    }
    if !carries.rules {
        if let Some(rules) = setup.rules.take() {
            notes.push(Note::dropped(
                Field::Rules,
                rules.to_string(),
                format!("{to} cannot carry a variant's rules"),
            ));
        }
    }
    if !carries.taflmen {
        degrade_taflmen(&mut setup.board, to, &mut notes);
    }
    if !carries.extension {
        if let Some(extension) = setup.extension.take().filter(|e| !e.is_empty()) {
            notes.push(Note::dropped(
                Field::Extension,
                extension.to_string(),
                format!("{to} has no extension field"),
            ));
        }
    }
    // What it needs and the source lacks.
    let source_side = setup.to_move;
    // For a target without a side: what converting back would derive if the written
    // value implies none (the attackers for a tafl target, else the counts).
    let mut back = None;
    if carries.side_to_move {
        let side = side_to_move(&setup, from, to, N::SIDE_LETTERS, &span, &mut notes)?;
        setup.to_move = Some(side);
    } else if source_side.is_some() {
        back = Some(if to.game() == Game::Tafl {
            Back::Derived(Player::One)
        } else {
            Back::Counts(setup.side_from_counts())
        });
        setup.to_move = None;
    }
    if carries.tafl && setup.tafl.is_none() {
        setup.tafl = Some(derive_tafl(&setup.board, from.game(), options, &mut notes));
    }
    let value = N::from_setup(setup, notation_options, &mut notes)
        .map_err(|e| ConvertError::Unrepresentable { to, source: model(e), span: span.clone() })?;
    if let (Some(side), Some(back)) = (source_side, back) {
        let back = value.implied_to_move().map_or(back, |implied| Back::Derived(implied.side));
        if back.side() != Some(side) {
            drop_side(side, back, from, to, &mut notes);
        }
    }
    notes.sort_by_key(|note| note.field);
    if options.lossless && notes.iter().any(|n| n.kind == NoteKind::Dropped) {
        let dropped = notes.into_iter().filter(|n| n.kind == NoteKind::Dropped).collect();
        return Err(ConvertError::Lossy { to, dropped, span });
    }
    value.append_to(notation_options, out);
    Ok(notes)
}

/// Writes each of OpenTafl's commanders, knights, mercenaries and guards as a plain man of
/// its side, for a target without them, noting each (role and square) as dropped.
#[inline]
fn degrade_taflmen(board: &mut Board, to: Format, notes: &mut Vec<Note>) {
    // Most boards hold only men and kings, whose cells rank below every other role's:
    // one pass over the bytes, inlined here, settles it without taking cells apart.
    if board.cells().iter().any(|cell| cell.rank() > Cell::TwoKing.rank()) {
        degrade_other_roles(board, to, notes);
    }
}

/// [`degrade_taflmen`] once a cell of another role than man or king is on the board.
#[cold]
#[inline(never)]
fn degrade_other_roles(board: &mut Board, to: Format, notes: &mut Vec<Note>) {
    let mut degraded = Vec::new();
    for ((row, col), cell) in board.iter() {
        let Some(piece) = cell.piece() else { continue };
        if !matches!(piece.role, Role::Man | Role::King) {
            degraded.push((row, col, piece));
        }
    }
    for (row, col, piece) in degraded {
        notes.push(Note::dropped(
            Field::Piece,
            format!("{} {}", piece.role, board.cell_name(row, col)),
            format!("{to} has no {}: written as a plain man of the same side", piece.role),
        ));
        // In bounds: the cell was just read there.
        let _ = board.set(row, col, Cell::man(piece.player));
    }
}

/// The side to move for a target that carries one: the source's, else the one the source
/// implies, else the attackers for a tafl source, else the counts' (each derived one
/// noted in the target's spelling, with its rule), else an error.
fn side_to_move(
    setup: &Setup,
    from: Format,
    to: Format,
    letters: [&'static str; 2],
    span: &core::ops::Range<usize>,
    notes: &mut Vec<Note>,
) -> Result<Player, ConvertError> {
    if let Some(side) = setup.to_move {
        return Ok(side);
    }
    if let Some(implied) = setup.implied_to_move {
        // The source implies a side without carrying it (an OpenTafl rules record's
        // `atkf`), and says why.
        notes.push(Note::derived(Field::SideToMove, letters[implied.side.index()], implied.rule));
        return Ok(implied.side);
    }
    let counts = setup.board.counts();
    if from.game() == Game::Tafl {
        // A tafl position without a side to move, and no rules saying otherwise: the
        // attackers open a tafl game.
        let side = Player::One;
        notes.push(Note::derived(
            Field::SideToMove,
            letters[side.index()],
            "tafl: the attackers move first",
        ));
        return Ok(side);
    }
    match counts.side_to_move() {
        Some(side) => {
            let rule = if side == Player::One {
                "from the counts: equal counts, the first player moves"
            } else {
                "from the counts: the first player is one ahead, the second moves"
            };
            notes.push(Note::derived(Field::SideToMove, letters[side.index()], rule));
            Ok(side)
        }
        None => Err(ConvertError::NoSideToMove {
            to,
            one: counts.of(Player::One),
            two: counts.of(Player::Two),
            span: span.clone(),
        }),
    }
}

/// What converting back from a target without a side to move would give.
#[derive(Clone, Copy)]
enum Back {
    /// The side the written value implies ([`Notation::implied_to_move`]), or, for a tafl
    /// target implying none, the attackers.
    Derived(Player),
    /// Another target: the side the counts give, if any.
    Counts(Option<Player>),
}

impl Back {
    /// The side converting back gives, if any.
    const fn side(self) -> Option<Player> {
        match self {
            Back::Derived(side) => Some(side),
            Back::Counts(side) => side,
        }
    }
}

/// For targets without a side to move, when converting back does not give the source's
/// `side` again: the note that drops it (spelled as the source spells it).
#[cold]
fn drop_side(side: Player, back: Back, from: Format, to: Format, notes: &mut Vec<Note>) {
    let letters = from.side_letters();
    let reason = match back {
        Back::Derived(other) => format!(
            "{to} carries no side to move; converting back would give {}",
            letters[other.index()]
        ),
        Back::Counts(Some(other)) => {
            format!("{to} carries no side to move; the counts give {}", letters[other.index()])
        }
        Back::Counts(None) => format!("{to} carries no side to move and the counts fit none"),
    };
    notes.push(Note::dropped(Field::SideToMove, letters[side.index()], reason));
}

/// The TSN/TEN fields a source lacks: given by options, else derived (noted).
fn derive_tafl(board: &Board, game: Game, options: &Options, notes: &mut Vec<Note>) -> TaflFields {
    let derived = TaflFields::derived_for(board, game);
    let (ply_rule, since_rule) = match game {
        Game::Tafl => ("a tafl position without counters: the start of a game", "no capture yet"),
        _ => ("pieces on the board + 1", "pieces on the board: tic-tac-toe has no captures"),
    };
    let mut pick = |given: Option<u32>, value: u32, field: Field, rule: &'static str| {
        given.unwrap_or_else(|| {
            notes.push(Note::derived(field, value, rule));
            value
        })
    };
    TaflFields::new(
        pick(
            options.defenders,
            derived.defenders,
            Field::Defenders,
            "the least positive multiple of 4 at least max(defenders, half the attackers rounded up)",
        ),
        pick(options.ply, derived.ply, Field::Ply, ply_rule),
        pick(options.since_capture, derived.since_capture, Field::SinceCapture, since_rule),
    )
}

/// A source's tafl fields are dropped where a target without them would not derive them
/// back.
#[inline]
fn drop_tafl_fields(setup: &Setup, to: Format, notes: &mut Vec<Note>) {
    // Most sources have none: that is settled here, inlined, without a call.
    if let Some(fields) = &setup.tafl {
        drop_these_tafl_fields(fields, &setup.board, to, notes);
    }
}

/// [`drop_tafl_fields`] once the source has them.
#[inline(never)]
fn drop_these_tafl_fields(fields: &TaflFields, board: &Board, to: Format, notes: &mut Vec<Note>) {
    // What converting back from `to` would derive.
    let derived = TaflFields::derived_for(board, to.game());
    if *fields != derived {
        drop_differing_tafl_fields(*fields, derived, to, notes);
    }
}

/// The notes of [`drop_tafl_fields`]: one for each of `fields` that differs from the
/// `derived` one.
#[inline(never)]
fn drop_differing_tafl_fields(
    fields: TaflFields,
    derived: TaflFields,
    to: Format,
    notes: &mut Vec<Note>,
) {
    // `{to} does not carry it; converting back would give {rule}`, put together without
    // the formatting machinery (which costs more than the rest of the note).
    let reason = |rule: u32| {
        let mut reason = String::with_capacity(64);
        reason.push_str(to.name());
        reason.push_str(" does not carry it; converting back would give ");
        push_decimal(&mut reason, rule);
        reason
    };
    if fields.defenders != derived.defenders {
        notes.push(Note::dropped(Field::Defenders, fields.defenders, reason(derived.defenders)));
    }
    if fields.ply != derived.ply {
        notes.push(Note::dropped(Field::Ply, fields.ply, reason(derived.ply)));
    }
    if fields.since_capture != derived.since_capture {
        notes.push(Note::dropped(
            Field::SinceCapture,
            fields.since_capture,
            reason(derived.since_capture),
        ));
    }
}

/// Appends `n` in decimal.
fn push_decimal(out: &mut String, n: u32) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_decimal_writes_what_display_writes() {
        for n in [0, 7, 9, 10, 11, 99, 100, 1234, 65_536, 999_999_999, 1_000_000_000, u32::MAX] {
            let mut out = String::from("x");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
        let mut out = String::new();
        push_decimal(&mut out, 4_294_967_295);
        assert_eq!(out, "4294967295");
    }
}

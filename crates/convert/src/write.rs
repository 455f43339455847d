//! Writing the intermediate [`Source`] as any format, with notes.

use gridnote_board::{Board, Cell, Player, Position};

use crate::error::ConvertError;
use crate::format::Format;
use crate::notes::{Field, Note, NoteKind};
use crate::{CodeKind, Converted, Extension, Options, Source, TaflFields};

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
    let result = write_owned(source, to, options, out);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

fn write_owned(
    source: Source,
    to: Format,
    options: &Options,
    output: &mut String,
) -> Result<Vec<Note>, ConvertError> {
    let span = 0..source.input_len;
    let unrepresentable =
        |reason: String| ConvertError::Unrepresentable { to, reason, span: span.clone() };
    let mut notes = Vec::new();
    // What a target without the tafl fields or the extension loses.
    if !matches!(to, Format::Tsn | Format::Ten) {
        drop_tafl_fields(&source, to, &mut notes);
    }
    if to != Format::Ten {
        if let Some(extension @ Extension::Custom { .. }) = &source.extension {
            notes.push(Note::dropped(
                Field::Extension,
                extension.to_string(),
                format!("{to} has no extension field"),
            ));
        }
    }
    match to {
        Format::T3en => {
            let to_move = side_to_move(&source, to, &mut notes)?;
            let board = pad_to_square(source.board, &mut notes);
            let t3en = gridnote_t3en::T3en::new(Position::new(board, to_move))
                .map_err(|e| unrepresentable(e.to_string()))?;
            t3en.write_to(output);
        }
        Format::Tuple => {
            let to_move = side_to_move(&source, to, &mut notes)?;
            let board = crop_margins(source.board).map_err(unrepresentable)?;
            let tuple = gridnote_tuple::Tuple::new(Position::new(board, to_move))
                .map_err(|e| unrepresentable(e.to_string()))?;
            tuple.write_to(output);
        }
        Format::Tsn | Format::Ten => {
            if !source.board.is_square() {
                return Err(unrepresentable(format!(
                    "the board is {}x{}; tafl boards are square",
                    source.board.rows(),
                    source.board.cols()
                )));
            }
            let to_move = side_to_move(&source, to, &mut notes)?;
            let fields = match source.tafl {
                Some(fields) => fields,
                None => derive_tafl(&source.board, options, &mut notes),
            };
            let tsn = gridnote_tafl::Tsn::new(
                source.board,
                fields.defenders,
                to_move,
                fields.ply,
                fields.since_capture,
            )
            .map_err(|e| unrepresentable(e.to_string()))?;
            if to == Format::Ten {
                let extension = source.extension.unwrap_or_else(|| {
                    notes.push(Note::derived(Field::Extension, "-", "no custom data"));
                    Extension::None
                });
                let ten = gridnote_tafl::Ten::new(tsn, extension)
                    .map_err(|e| unrepresentable(e.to_string()))?;
                ten.write_to(output);
            } else {
                tsn.write_to(output);
            }
        }
        Format::Digits => {
            let digits = gridnote_digits::Digits::try_from(&source.board)
                .map_err(|e| unrepresentable(e.to_string()))?;
            drop_side(&source, to, &mut notes);
            digits.write_to(output);
        }
        Format::Bits => {
            let code = gridnote_bits::encode(options.code, &source.board)
                .map_err(|e| unrepresentable(e.to_string()))?;
            if options.code == CodeKind::Symmetric {
                let (canonical, symmetry) = source.board.canonical();
                if canonical != source.board {
                    notes.push(Note::dropped(
                        Field::Orientation,
                        format!("{symmetry:?}"),
                        "the symmetric code keeps only the canonical image of the board",
                    ));
                }
            }
            drop_side(&source, to, &mut notes);
            gridnote_bits::write_code(options.code, code, options.radix, output);
        }
    }
    notes.sort_by_key(|note| note.field);
    if options.lossless && notes.iter().any(|n| n.kind == NoteKind::Dropped) {
        let dropped = notes.into_iter().filter(|n| n.kind == NoteKind::Dropped).collect();
        return Err(ConvertError::Lossy { to, dropped, span });
    }
    Ok(notes)
}

/// How `format` spells `player` as the side to move.
fn side_letter(format: Format, player: Player) -> &'static str {
    match (format, player) {
        (Format::Tsn | Format::Ten, Player::One) => "a",
        (Format::Tsn | Format::Ten, Player::Two) => "d",
        (Format::Digits | Format::Bits, Player::One) => "1",
        (Format::Digits | Format::Bits, Player::Two) => "2",
        (_, Player::One) => "x",
        (_, Player::Two) => "o",
    }
}

/// The side to move for a target that carries one: the source's, else derived from the
/// counts (noted), else an error.
fn side_to_move(
    source: &Source,
    to: Format,
    notes: &mut Vec<Note>,
) -> Result<Player, ConvertError> {
    if let Some(side) = source.to_move {
        return Ok(side);
    }
    let counts = source.board.counts();
    match counts.side_to_move() {
        Some(side) => {
            let rule = if side == Player::One {
                "from the counts: equal counts, the first player moves"
            } else {
                "from the counts: the first player is one ahead, the second moves"
            };
            notes.push(Note::derived(Field::SideToMove, side_letter(to, side), rule));
            Ok(side)
        }
        None => Err(ConvertError::NoSideToMove {
            to,
            one: counts.of(Player::One),
            two: counts.of(Player::Two),
            span: 0..source.input_len,
        }),
    }
}

/// For targets without a side to move: the source's side is dropped unless the counts
/// give it back.
fn drop_side(source: &Source, to: Format, notes: &mut Vec<Note>) {
    let Some(side) = source.to_move else { return };
    let implied = source.side_from_counts();
    if implied != Some(side) {
        let reason = match implied {
            Some(other) => format!(
                "{to} carries no side to move; the counts give {}",
                side_letter(source.format, other)
            ),
            None => format!("{to} carries no side to move and the counts fit none"),
        };
        notes.push(Note::dropped(Field::SideToMove, side_letter(source.format, side), reason));
    }
}

/// The TSN/TEN fields a tic-tac-toe source lacks: given by options, else derived (noted).
fn derive_tafl(board: &Board, options: &Options, notes: &mut Vec<Note>) -> TaflFields {
    let derived = derived_tafl(board);
    let mut pick = |given: Option<u32>, value: u32, field: Field, rule: &'static str| {
        given.unwrap_or_else(|| {
            notes.push(Note::derived(field, value, rule));
            value
        })
    };
    TaflFields {
        defenders: pick(
            options.defenders,
            derived.defenders,
            Field::Defenders,
            "the least positive multiple of 4 at least max(defenders, half the attackers rounded up)",
        ),
        ply: pick(options.ply, derived.ply, Field::Ply, "pieces on the board + 1"),
        since_capture: pick(
            options.since_capture,
            derived.since_capture,
            Field::SinceCapture,
            "pieces on the board: tic-tac-toe has no captures",
        ),
    }
}

/// The derivation rule of design.md: `ply` = pieces + 1, `since_capture` = pieces,
/// `defenders` = least positive multiple of 4 ≥ max(#d, ⌈#a/2⌉).
fn derived_tafl(board: &Board) -> TaflFields {
    let counts = board.counts();
    let pieces = u32::try_from(counts.occupied()).unwrap_or(u32::MAX);
    let attackers = counts.of(Player::One);
    let defenders = counts.of(Player::Two) - counts.kings[Player::Two.index()];
    let need = defenders.max(attackers.div_ceil(2)).max(1);
    let defenders = u32::try_from(need.div_ceil(4) * 4).unwrap_or(u32::MAX);
    TaflFields { defenders, ply: pieces.saturating_add(1), since_capture: pieces }
}

/// A tafl source's fields are dropped where a non-tafl target would not derive them back.
fn drop_tafl_fields(source: &Source, to: Format, notes: &mut Vec<Note>) {
    let Some(fields) = source.tafl else { return };
    let derived = derived_tafl(&source.board);
    let reason = |rule: &str| format!("{to} does not carry it; converting back would give {rule}");
    if fields.defenders != derived.defenders {
        notes.push(Note::dropped(
            Field::Defenders,
            fields.defenders,
            reason(&derived.defenders.to_string()),
        ));
    }
    if fields.ply != derived.ply {
        notes.push(Note::dropped(
            Field::Ply,
            fields.ply.to_string(),
            reason(&derived.ply.to_string()),
        ));
    }
    if fields.since_capture != derived.since_capture {
        notes.push(Note::dropped(
            Field::SinceCapture,
            fields.since_capture,
            reason(&derived.since_capture.to_string()),
        ));
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
    Board::from_fn(side, side, |r, c| board.get(r, c).unwrap_or(Cell::Void))
        .expect("side is at most 255")
}

/// The inverse of [`pad_to_square`]: full void bottom rows, or full void right columns,
/// are cut off. Any other void layout cannot become a rectangle.
fn crop_margins(board: Board) -> Result<Board, String> {
    let (rows, cols) = (board.rows(), board.cols());
    let void_rows =
        board.iter_rows().rev().take_while(|row| row.iter().all(|c| c.is_void())).count();
    let void_cols = (0..cols)
        .rev()
        .take_while(|&c| (0..rows).all(|r| board.get(r, c) == Some(Cell::Void)))
        .count();
    if void_rows == rows {
        return Err(
            "every cell is non-playable; the tuple format needs at least one playable cell".into(),
        );
    }
    let (keep_rows, keep_cols) = match (void_rows, void_cols) {
        (0, 0) if !board.cells().contains(&Cell::Void) => return Ok(board),
        (0, 0) => (rows, cols),
        (r, 0) => (rows - r, cols),
        (0, c) => (rows, cols - c),
        (r, c) => {
            return Err(format!(
                "non-playable cells fill both the bottom {r} row(s) and the right {c} column(s); only one margin can be cropped to a rectangle"
            ));
        }
    };
    let cropped =
        Board::from_fn(keep_rows, keep_cols, |r, c| board.get(r, c).unwrap_or(Cell::Void))
            .expect("smaller than the board");
    if let Some(((r, c), _)) = cropped.iter().find(|(_, cell)| cell.is_void()) {
        return Err(format!(
            "{} is not playable: the tuple format has no non-playable cells (only full bottom rows or full right columns of `.` are cropped)",
            board.cell_name(r, c)
        ));
    }
    Ok(cropped)
}

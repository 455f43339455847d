//! The writer: the one-line JSON the server writes (its serializer's field order and
//! escapes), straight into the formatter.

use core::fmt::{self, Write};

use gridnote_board::tafl::{MoveRecord, PositionRecord, Square};
use gridnote_board::{Player, Role};

use crate::{Message, ServerGame, TimeControl, TimeRemaining};

impl fmt::Display for ServerGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{\"id\":{},\"attackers\":", self.id)?;
        string(f, &self.attackers)?;
        f.write_str(",\"defenders\":")?;
        string(f, &self.defenders)?;
        write!(f, ",\"dim\":{},\"start\":\"", self.dim())?;
        start(f, &self.start)?;
        f.write_str("\",\"time_control\":")?;
        match &self.time_control {
            Some(clock) => time_control(f, clock)?,
            None => f.write_str("null")?,
        }
        f.write_str(",\"time_remaining_ms\":")?;
        match &self.time_remaining {
            Some(left) => time_remaining(f, left)?,
            None => f.write_str("null")?,
        }
        f.write_str(",\"moves\":\"")?;
        moves(f, &self.moves, self.dim())?;
        write!(f, "\",\"rated\":{},\"messages\":[", self.rated)?;
        for (i, message) in self.messages.iter().enumerate() {
            if i > 0 {
                f.write_char(',')?;
            }
            write_message(f, message)?;
        }
        f.write_str("]}")
    }
}

/// A JSON string as the server's serializer escapes it: `"` and `\`, the control
/// characters (`\b \f \n \r \t`, the others `\u00XX`); everything else verbatim.
pub(crate) fn string(f: &mut impl Write, text: &str) -> fmt::Result {
    f.write_char('"')?;
    let mut run = 0;
    for (i, b) in text.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0x00..=0x1f => "",
            _ => continue,
        };
        f.write_str(&text[run..i])?;
        if escape.is_empty() {
            write!(f, "\\u{b:04x}")?;
        } else {
            f.write_str(escape)?;
        }
        run = i + 1;
    }
    f.write_str(&text[run..])?;
    f.write_char('"')
}

/// `start`: rows top first, each after a `/`, a final `/`; `A` an attacker, `D` a
/// defender, `K` a king (other pieces as their side's man: the server has none).
fn start(f: &mut impl Write, position: &PositionRecord) -> fmt::Result {
    let size = position.size();
    for rank in (0..size).rev() {
        f.write_char('/')?;
        let mut empty = 0;
        for file in 0..size {
            let piece = position.get(Square::new(file as u8, rank as u8));
            let Some(piece) = piece else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                write!(f, "{empty}")?;
                empty = 0;
            }
            f.write_char(match (piece.role, piece.player) {
                (Role::King, _) => 'K',
                (_, Player::One) => 'A',
                (_, Player::Two) => 'D',
            })?;
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
    }
    f.write_char('/')
}

fn time_control(f: &mut impl Write, clock: &TimeControl) -> fmt::Result {
    write!(
        f,
        "{{\"main_time_seconds\":{},\"increment_length\":{}}}",
        clock.main_time_seconds, clock.increment_seconds
    )
}

fn time_remaining(f: &mut impl Write, left: &TimeRemaining) -> fmt::Result {
    write!(
        f,
        "{{\"attackers\":{},\"defenders\":{},\"last_move\":\"{}\"}}",
        left.attackers_ms, left.defenders_ms, left.last_move
    )
}

/// `moves`: one space between moves; a move `from-to` and `x` before each capture (no
/// piece letters, move kinds or info symbols: the server has none), a resignation `---`.
/// Files are capitals on a 13×13 board, as the server writes them.
fn moves(f: &mut impl Write, moves: &[MoveRecord], dim: usize) -> fmt::Result {
    for (i, record) in moves.iter().enumerate() {
        if i > 0 {
            f.write_char(' ')?;
        }
        match record {
            MoveRecord::Move(m) => {
                square(f, m.from, dim)?;
                f.write_char('-')?;
                square(f, m.to, dim)?;
                for capture in &m.captures {
                    f.write_char('x')?;
                    square(f, capture.square, dim)?;
                }
            }
            _ => f.write_str("---")?,
        }
    }
    Ok(())
}

fn square(f: &mut impl Write, square: Square, dim: usize) -> fmt::Result {
    if dim == 13 && square.file < 26 {
        write!(f, "{}{}", char::from(b'A' + square.file), u32::from(square.rank) + 1)
    } else {
        write!(f, "{square}")
    }
}

fn write_message(f: &mut impl Write, message: &Message) -> fmt::Result {
    f.write_str("{\"username\":")?;
    string(f, &message.username)?;
    write!(f, ",\"timestamp\":\"{}\",\"content\":", message.timestamp)?;
    string(f, &message.content)?;
    f.write_char('}')
}

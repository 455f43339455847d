//! The reader: one function per production of the record's grammar
//! (`docs/game-json.md`), each with its rule.

use core::ops::Range;
use core::str::FromStr;

use gridnote_board::tafl::{Capture, MoveRecord, MoveText, PositionRecord, Square};
use gridnote_board::{Piece, Player};

use crate::error::{Field, ParseError, expected};
use crate::json::{Json, JsonStr};
use crate::time::timestamp;
use crate::{MAX_BYTES, MAX_DIM, Message, ServerGame, TimeControl, TimeRemaining, Timestamp};

impl FromStr for ServerGame {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<ServerGame, ParseError> {
        if text.len() > MAX_BYTES {
            return Err(ParseError::TooLong { len: text.len(), max: MAX_BYTES });
        }
        let mut json = Json::new(text);
        json.ws();
        let game = record(&mut json)?;
        json.ws();
        if json.at != text.len() {
            return Err(json.error(Field::Record, "the end of the text after the record"));
        }
        Ok(game)
    }
}

/// Stores the value of a key seen for the first time.
fn once<T>(
    slot: &mut Option<T>,
    value: T,
    field: Field,
    key: &JsonStr<'_>,
) -> Result<(), ParseError> {
    if slot.is_some() {
        return Err(ParseError::Duplicate { field: field.to_string(), span: key.span.clone() });
    }
    *slot = Some(value);
    Ok(())
}

fn missing(field: Field, close: &Range<usize>) -> ParseError {
    ParseError::Missing { field: field.to_string(), span: close.start..close.start }
}

/// record = "{" members "}" ; id attackers defenders dim start moves messages required,
///          time_control time_remaining_ms rated optional, unknown keys skipped
fn record(json: &mut Json<'_>) -> Result<ServerGame, ParseError> {
    let mut id = None;
    let mut attackers = None;
    let mut defenders = None;
    let mut dim: Option<(usize, Range<usize>)> = None;
    let mut start: Option<(JsonStr<'_>, Range<usize>)> = None;
    let mut time_control = None;
    let mut time_remaining = None;
    let mut moves: Option<JsonStr<'_>> = None;
    let mut rated = None;
    let mut messages = None;
    let close = json.object(Field::Record, |json, key| {
        let name = key.value.as_ref();
        match name {
            "id" => once(&mut id, uint128(json, Field::Top("id"))?, Field::Top("id"), &key),
            "attackers" => {
                let field = Field::Top("attackers");
                once(&mut attackers, json.string(field)?.value.into_owned(), field, &key)
            }
            "defenders" => {
                let field = Field::Top("defenders");
                once(&mut defenders, json.string(field)?.value.into_owned(), field, &key)
            }
            "dim" => once(&mut dim, read_dim(json)?, Field::Top("dim"), &key),
            "start" => {
                let value = json.string(Field::Top("start"))?;
                let span = value.span.clone();
                once(&mut start, (value, span), Field::Top("start"), &key)
            }
            "time_control" => {
                let field = Field::Top("time_control");
                let value = if json.null() { None } else { Some(read_time_control(json)?) };
                once(&mut time_control, value, field, &key)
            }
            "time_remaining_ms" => {
                let field = Field::Top("time_remaining_ms");
                let value = if json.null() { None } else { Some(read_time_remaining(json)?) };
                once(&mut time_remaining, value, field, &key)
            }
            "moves" => {
                let field = Field::Top("moves");
                once(&mut moves, json.string(field)?, field, &key)
            }
            "rated" => {
                let field = Field::Top("rated");
                once(&mut rated, json.boolean(field)?, field, &key)
            }
            "messages" => once(&mut messages, read_messages(json)?, Field::Top("messages"), &key),
            _ => json.skip(Field::Record, 0),
        }
    })?;
    let need = |field: &'static str| missing(Field::Top(field), &close);
    let id = id.ok_or_else(|| need("id"))?;
    let attackers = attackers.ok_or_else(|| need("attackers"))?;
    let defenders = defenders.ok_or_else(|| need("defenders"))?;
    let (dim, dim_span) = dim.ok_or_else(|| need("dim"))?;
    let (start_text, _) = start.ok_or_else(|| need("start"))?;
    let moves_text = moves.ok_or_else(|| need("moves"))?;
    let messages = messages.ok_or_else(|| need("messages"))?;
    let start = read_start(json.text, &start_text)?;
    if start.size() != dim {
        return Err(ParseError::DimMismatch { dim, size: start.size(), span: dim_span });
    }
    let moves = read_moves(json.text, &moves_text, dim)?;
    Ok(ServerGame {
        id,
        attackers,
        defenders,
        start,
        time_control: time_control.flatten(),
        time_remaining: time_remaining.flatten(),
        moves,
        rated: rated.unwrap_or(true),
        messages,
    })
}

/// id = int ; 0 to 2^128-1
fn uint128(json: &mut Json<'_>, field: Field) -> Result<u128, ParseError> {
    const WHAT: &str = "a whole number from 0 to 2^128-1";
    let (text, span) = json.integer(field, WHAT)?;
    text.parse().map_err(|_| expected(json.text, field, WHAT, span))
}

/// A signed integer of 64 bits (the server's clocks).
fn int64(json: &mut Json<'_>, field: Field) -> Result<i64, ParseError> {
    const WHAT: &str = "a whole number of 64 bits";
    let (text, span) = json.integer(field, WHAT)?;
    text.parse().map_err(|_| expected(json.text, field, WHAT, span))
}

/// dim = int ; 1 to MAX_DIM
fn read_dim(json: &mut Json<'_>) -> Result<(usize, Range<usize>), ParseError> {
    const WHAT: &str = "a board size from 1 to 26";
    let field = Field::Top("dim");
    let (text, span) = json.integer(field, WHAT)?;
    match text.parse::<usize>() {
        Ok(dim) if (1..=MAX_DIM).contains(&dim) => Ok((dim, span)),
        _ => Err(expected(json.text, field, WHAT, span)),
    }
}

/// time-control = "{" "main_time_seconds" int "," "increment_length" int "}" (any order)
fn read_time_control(json: &mut Json<'_>) -> Result<TimeControl, ParseError> {
    let outer = Field::Top("time_control");
    let mut main = None;
    let mut increment = None;
    let close = json.object(outer, |json, key| match key.value.as_ref() {
        "main_time_seconds" => {
            let field = Field::Sub("time_control", "main_time_seconds");
            once(&mut main, int64(json, field)?, field, &key)
        }
        "increment_length" => {
            let field = Field::Sub("time_control", "increment_length");
            once(&mut increment, int64(json, field)?, field, &key)
        }
        _ => json.skip(outer, 0),
    })?;
    Ok(TimeControl {
        main_time_seconds: main
            .ok_or_else(|| missing(Field::Sub("time_control", "main_time_seconds"), &close))?,
        increment_seconds: increment
            .ok_or_else(|| missing(Field::Sub("time_control", "increment_length"), &close))?,
    })
}

/// time-remaining = "{" "attackers" int "," "defenders" int "," "last_move" timestamp "}"
fn read_time_remaining(json: &mut Json<'_>) -> Result<TimeRemaining, ParseError> {
    const OUTER: &str = "time_remaining_ms";
    let mut attackers = None;
    let mut defenders = None;
    let mut last_move = None;
    let close = json.object(Field::Top(OUTER), |json, key| match key.value.as_ref() {
        "attackers" => {
            let field = Field::Sub(OUTER, "attackers");
            once(&mut attackers, int64(json, field)?, field, &key)
        }
        "defenders" => {
            let field = Field::Sub(OUTER, "defenders");
            once(&mut defenders, int64(json, field)?, field, &key)
        }
        "last_move" => {
            let field = Field::Sub(OUTER, "last_move");
            once(&mut last_move, read_timestamp(json, field)?, field, &key)
        }
        _ => json.skip(Field::Top(OUTER), 0),
    })?;
    let need = |inner| missing(Field::Sub(OUTER, inner), &close);
    Ok(TimeRemaining {
        attackers_ms: attackers.ok_or_else(|| need("attackers"))?,
        defenders_ms: defenders.ok_or_else(|| need("defenders"))?,
        last_move: last_move.ok_or_else(|| need("last_move"))?,
    })
}

/// timestamp = string holding RFC 3339 text ([`Timestamp`]'s grammar)
fn read_timestamp(json: &mut Json<'_>, field: Field) -> Result<Timestamp, ParseError> {
    let value = json.string(field)?;
    timestamp(value.value.as_bytes()).map_err(|err| {
        let span = value.span_of(err.span.start..err.span.end);
        expected(json.text, field, err.expected, span)
    })
}

/// messages = "[" [ message *( "," message ) ] "]"
fn read_messages(json: &mut Json<'_>) -> Result<Vec<Message>, ParseError> {
    let mut messages = Vec::new();
    json.array(Field::Top("messages"), |json, index| {
        messages.push(read_message(json, index)?);
        Ok(())
    })?;
    Ok(messages)
}

/// message = "{" "username" string "," "timestamp" timestamp "," "content" string "}"
fn read_message(json: &mut Json<'_>, index: usize) -> Result<Message, ParseError> {
    let field = |inner| Field::Item("messages", index, inner);
    let mut username = None;
    let mut time = None;
    let mut content = None;
    let close = json.object(field(None), |json, key| match key.value.as_ref() {
        "username" => {
            let f = field(Some("username"));
            once(&mut username, json.string(f)?.value.into_owned(), f, &key)
        }
        "timestamp" => {
            let f = field(Some("timestamp"));
            once(&mut time, read_timestamp(json, f)?, f, &key)
        }
        "content" => {
            let f = field(Some("content"));
            once(&mut content, json.string(f)?.value.into_owned(), f, &key)
        }
        _ => json.skip(field(None), 0),
    })?;
    let need = |inner| missing(field(Some(inner)), &close);
    Ok(Message {
        username: username.ok_or_else(|| need("username"))?,
        timestamp: time.ok_or_else(|| need("timestamp"))?,
        content: content.ok_or_else(|| need("content"))?,
    })
}

/// start = "/" row *( "/" row ) [ "/" ] ; rows top first, as many as squares a row
/// row   = 1*( count / "A" / "D" / "K" ) ; count = 1 to 26 empty squares, no leading 0
fn read_start(text: &str, value: &JsonStr<'_>) -> Result<PositionRecord, ParseError> {
    let field = Field::Top("start");
    let start = value.value.as_bytes();
    let err =
        |what: &'static str, range: Range<usize>| expected(text, field, what, value.span_of(range));
    if start.first() != Some(&b'/') {
        return Err(err("`/` before the first row", 0..start.len().min(1)));
    }
    // The rows' spans, bounded before the position is allocated.
    let body = start.strip_suffix(b"/").filter(|b| !b.is_empty()).unwrap_or(start);
    let mut rows: Vec<Range<usize>> = Vec::new();
    let mut from: usize = 1;
    for (i, b) in body.iter().copied().enumerate().skip(1).chain([(body.len(), b'/')]) {
        if b == b'/' {
            if rows.len() == MAX_DIM {
                return Err(err("at most 26 rows", from.saturating_sub(1)..start.len()));
            }
            rows.push(from..i);
            from = i + 1;
        }
    }
    let size = rows.len();
    let mut position = PositionRecord::empty(size).expect("1 to 26 rows");
    for (row_index, row) in rows.iter().enumerate() {
        let rank = (size - 1 - row_index) as u8;
        read_row(start, row.clone(), size, |file, piece| {
            position.set(Square::new(file, rank), Some(piece));
        })
        .map_err(|(what, range)| err(what, range))?;
    }
    Ok(position)
}

/// One row of `start`: calls `put` for each piece; errors carry offsets in `start`.
fn read_row(
    start: &[u8],
    row: Range<usize>,
    size: usize,
    mut put: impl FnMut(u8, Piece),
) -> Result<(), (&'static str, Range<usize>)> {
    if row.is_empty() {
        return Err(("a row: counts of empty squares and pieces A, D, K", row.start..row.start));
    }
    let mut file = 0usize;
    let mut at = row.start;
    while at < row.end {
        let b = start[at];
        let width = if b.is_ascii_digit() {
            let digits = start[at..row.end].iter().take_while(|b| b.is_ascii_digit()).count();
            let number = &start[at..at + digits];
            let count = core::str::from_utf8(number).ok().and_then(|n| n.parse::<usize>().ok());
            match count {
                Some(n) if (1..=MAX_DIM).contains(&n) && number[0] != b'0' => {
                    at += digits;
                    n
                }
                _ => return Err(("a count of empty squares from 1 to 26", at..at + digits)),
            }
        } else {
            let piece = match b {
                b'A' => Piece::man(Player::One),
                b'D' => Piece::man(Player::Two),
                b'K' => Piece::king(Player::Two),
                _ => {
                    let end = (at + 1..=row.end)
                        .find(|&e| e == row.end || (start[e] & 0xC0) != 0x80)
                        .unwrap_or(row.end);
                    return Err(("a count of empty squares or a piece `A`, `D` or `K`", at..end));
                }
            };
            if file < size {
                put(file as u8, piece);
            }
            at += 1;
            1
        };
        file += width;
        if file > size {
            return Err(("a row as wide as the board has rows", row.clone()));
        }
    }
    if file < size {
        return Err(("a row as wide as the board has rows", row));
    }
    Ok(())
}

/// moves = [ move *( 1*ws move ) ] ; ws = ASCII white space, also around the list
/// move  = square "-" square *( "x" square ) / "---" / "resigns"
fn read_moves(text: &str, value: &JsonStr<'_>, dim: usize) -> Result<Vec<MoveRecord>, ParseError> {
    let list = value.value.as_bytes();
    let mut moves = Vec::new();
    let mut at = 0;
    loop {
        while list.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        if at == list.len() {
            return Ok(moves);
        }
        let end = at + list[at..].iter().take_while(|b| !b.is_ascii_whitespace()).count();
        let field = Field::Move(moves.len() + 1);
        let token = &list[at..end];
        let record = read_move(token, dim).map_err(|(what, range)| {
            expected(text, field, what, value.span_of(at + range.start..at + range.end))
        })?;
        moves.push(record);
        at = end;
    }
}

/// One move token; errors carry offsets in the token.
fn read_move(token: &[u8], dim: usize) -> Result<MoveRecord, (&'static str, Range<usize>)> {
    if token == b"---" || token == b"resigns" {
        return Ok(MoveRecord::Resignation);
    }
    let (from, mut at) = read_square(token, 0, dim)?;
    if token.get(at) != Some(&b'-') {
        return Err((
            "`-` between the squares of a move (or `---` for a resignation)",
            at..(at + 1).min(token.len()),
        ));
    }
    let (to, next) = read_square(token, at + 1, dim)?;
    at = next;
    let mut text = MoveText::plain(from, to);
    while at < token.len() {
        if token[at] != b'x' {
            return Err(("`x` before a captured square, or the end of the move", at..token.len()));
        }
        let (square, next) = read_square(token, at + 1, dim)?;
        text.captures.push(Capture { piece: None, square });
        at = next;
    }
    Ok(MoveRecord::Move(text))
}

/// square = letter rank ; letter a-z or A-Z (the server writes capitals on 13x13),
///          rank 1 to dim, no leading 0
fn read_square(
    token: &[u8],
    at: usize,
    dim: usize,
) -> Result<(Square, usize), (&'static str, Range<usize>)> {
    const WHAT: &str = "a square on the board (a file letter and a rank, such as d1)";
    let letter = token.get(at).copied().filter(u8::is_ascii_alphabetic);
    let digits =
        token[(at + 1).min(token.len())..].iter().take_while(|b| b.is_ascii_digit()).count();
    let end = if letter.is_some() { at + 1 + digits } else { (at + 1).min(token.len()) };
    let Some(letter) = letter else {
        return Err((WHAT, at..end));
    };
    let file = usize::from(letter.to_ascii_lowercase() - b'a');
    let rank_text = &token[at + 1..end];
    let rank = core::str::from_utf8(rank_text).ok().and_then(|r| r.parse::<usize>().ok());
    match rank {
        Some(rank) if file < dim && (1..=dim).contains(&rank) && rank_text[0] != b'0' => {
            Ok((Square::new(file as u8, (rank - 1) as u8), end))
        }
        _ => Err((WHAT, at..end)),
    }
}

//! The reader and writer of server game records: exact errors, the server's forms, and
//! the round trip as a property.

use gridnote_board::tafl::{Capture, MoveRecord, MoveText, PositionRecord, Square};
use gridnote_board::{Piece, Player};
use gridnote_game_json::{
    MAX_BYTES, Message, ParseError, ServerGame, TimeControl, TimeRemaining, Timestamp,
};
use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

const COPENHAGEN: &str = r#"{"id":34253,"attackers":"david","defenders":"ai-taflzero-10","dim":11,"start":"/3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3/","time_control":{"main_time_seconds":900,"increment_length":10},"time_remaining_ms":{"attackers":885694,"defenders":911981,"last_move":"2026-06-24T19:57:38.07Z"},"moves":"d1-d3 e5-e2 d3-d2xe2 f8-c8","rated":true,"messages":[{"username":"david","timestamp":"2026-06-24T19:57:33.519700276Z","content":"Hello!"}]}"#;

fn err(text: &str) -> (String, core::ops::Range<usize>) {
    let e = text.parse::<ServerGame>().unwrap_err();
    (e.to_string(), e.span())
}

#[test]
fn the_documented_record_reads_field_by_field() {
    let game: ServerGame = COPENHAGEN.parse().unwrap();
    assert_eq!(game.id, 34253);
    assert_eq!((game.attackers.as_str(), game.defenders.as_str()), ("david", "ai-taflzero-10"));
    assert_eq!(game.start, PositionRecord::empty(11).map(|_| game.start.clone()).unwrap());
    assert_eq!(game.start.get(Square::new(5, 5)), Some(Piece::king(Player::Two)));
    assert_eq!(game.start.get(Square::new(3, 0)), Some(Piece::man(Player::One)));
    assert_eq!(game.start.get(Square::new(5, 3)), Some(Piece::man(Player::Two)));
    assert_eq!(game.start.count(Player::One), 24);
    assert_eq!(
        game.time_control,
        Some(TimeControl { main_time_seconds: 900, increment_seconds: 10 })
    );
    assert_eq!(
        game.time_remaining,
        Some(TimeRemaining {
            attackers_ms: 885_694,
            defenders_ms: 911_981,
            last_move: Timestamp::from_unix_millis(1_782_331_058_070).unwrap(),
        })
    );
    let mut capture = MoveText::plain(Square::new(3, 2), Square::new(3, 1));
    capture.captures.push(Capture { piece: None, square: Square::new(4, 1) });
    assert_eq!(game.moves[2], MoveRecord::Move(capture));
    assert!(game.rated);
    assert_eq!(game.messages.len(), 1);
    assert_eq!(game.to_string(), COPENHAGEN);
}

#[test]
fn optional_fields_and_unknown_keys() {
    // Pretty-printed, keys reordered, the clocks absent or null, `rated` absent (true),
    // an unknown key with a nested value skipped.
    let text = "{\n  \"moves\": \"\",\n  \"messages\": [],\n  \"start\": \"/1/\",\n  \"dim\": 1,\n  \"variant\": {\"name\": [\"copenhagen\", 1.5e3, null, false]},\n  \"time_control\": null,\n  \"defenders\": \"b\",\n  \"attackers\": \"a\",\n  \"id\": 340282366920938463463374607431768211455\n}\n";
    let game: ServerGame = text.parse().unwrap();
    assert_eq!(game.id, u128::MAX);
    assert!(game.rated);
    assert_eq!((game.time_control, game.time_remaining), (None, None));
    assert_eq!(
        game.to_string(),
        r#"{"id":340282366920938463463374607431768211455,"attackers":"a","defenders":"b","dim":1,"start":"/1/","time_control":null,"time_remaining_ms":null,"moves":"","rated":true,"messages":[]}"#
    );
}

#[test]
fn thirteen_by_thirteen_squares_are_capitals_and_resignations_dashes() {
    let mut start = PositionRecord::empty(13).unwrap();
    start.set(Square::new(6, 6), Some(Piece::king(Player::Two)));
    let mut game = ServerGame::new(2, "a", "d", start);
    game.moves = vec!["g7-a7".parse().unwrap(), MoveRecord::Resignation];
    let text = game.to_string();
    assert!(text.contains(r#""start":"/13/13/13/13/13/13/6K6/13/13/13/13/13/13/""#), "{text}");
    assert!(text.contains(r#""moves":"G7-A7 ---""#), "{text}");
    assert_eq!(text.parse::<ServerGame>().unwrap(), game);
    // The server's own reader takes `resigns` for a resignation.
    let resigns = text.replace("---", "resigns");
    assert_eq!(resigns.parse::<ServerGame>().unwrap(), game);
}

#[test]
fn escapes_are_decoded_and_written_as_the_server_writes_them() {
    let text = COPENHAGEN
        .replace(r#""content":"Hello!""#, r#""content":"a\"b\\c\/d\u00e9\ud83d\ude00\n\u0001""#);
    let game: ServerGame = text.parse().unwrap();
    assert_eq!(game.messages[0].content, "a\"b\\c/d\u{e9}\u{1f600}\n\u{1}");
    assert!(game.to_string().contains(r#""content":"a\"b\\c/dé😀\n\u0001""#));
}

#[test]
fn errors_name_the_field_and_span_the_offending_text() {
    let at = |needle: &str| COPENHAGEN.find(needle).unwrap();
    let with = |from: &str, to: &str| COPENHAGEN.replacen(from, to, 1);

    let text = with("\"dim\":11", "\"dim\":13");
    assert_eq!(
        err(&text),
        ("`dim`: 13 is not the size of `start`, a 11x11 position".into(), at("11,")..at("11,") + 2)
    );

    let text = with("5A5/11/A4D4A", "5A5/11/A4D5A");
    let row = text.find("A4D5A").unwrap();
    assert_eq!(
        err(&text),
        (
            "`start`: expected a row as wide as the board has rows, found `A4D5A`".into(),
            row..row + 5
        )
    );

    let text = with("5A5/11/A4D4A", "5A5/11/A4T4A");
    let t = text.find('T').unwrap();
    assert_eq!(
        err(&text),
        (
            "`start`: expected a count of empty squares or a piece `A`, `D` or `K`, found `T`"
                .into(),
            t..t + 1
        )
    );

    let text = with("f8-c8", "f8-l8");
    let l = text.find("l8").unwrap();
    assert_eq!(
        err(&text),
        ("`moves` (move 4): expected a square on the board (a file letter and a rank, such as d1), found `l8`".into(), l..l + 2)
    );

    let text = with("e5-e2", "e5e2");
    let e = text.find("e5e2").unwrap() + 2;
    assert_eq!(
        err(&text),
        ("`moves` (move 2): expected `-` between the squares of a move (or `---` for a resignation), found `e`".into(), e..e + 1)
    );

    let text = with("\"main_time_seconds\":900", "\"main_time_seconds\":9.5");
    let n = text.find("9.5").unwrap();
    assert_eq!(
        err(&text),
        (
            "`time_control.main_time_seconds`: expected a whole number of 64 bits, found `9.5`"
                .into(),
            n..n + 3
        )
    );

    let text = with("19:57:38.07Z", "19:57:38.07");
    let q = text.find("38.07\"").unwrap() + 5;
    assert_eq!(
        err(&text),
        (
            "`time_remaining_ms.last_move`: expected `Z` or an offset such as `+01:00`, found `\"`"
                .into(),
            q..q
        )
    );

    let text = with("\"timestamp\":\"2026", "\"timestamp\":\"2o26");
    let o = text.find("2o26").unwrap();
    assert_eq!(
        err(&text),
        ("`messages[0].timestamp`: expected a four-digit year, found `2o26`".into(), o..o + 4)
    );

    let text = with(",\"rated\":true", "\"rated\":true");
    let r = text.find("\"rated").unwrap();
    assert_eq!(
        err(&text),
        ("the record: expected `,` or `}` after the value, found `\"`".into(), r..r + 1)
    );

    let text = with("\"attackers\":\"david\",", "");
    let close = text.len() - 1;
    assert_eq!(
        err(&text),
        ("`attackers`: missing (the server always writes it)".into(), close..close)
    );

    let text = with("\"id\":34253,", "\"id\":34253,\"id\":1,");
    let second = text.find("\"id\":1").unwrap();
    assert_eq!(err(&text), ("`id`: written twice".into(), second..second + 4));

    let text = format!("{COPENHAGEN} x");
    let x = text.len() - 1;
    assert_eq!(
        err(&text),
        ("the record: expected the end of the text after the record, found `x`".into(), x..x + 1)
    );

    let text = with("\"content\":\"Hello!\"", "\"content\":\"Hel\tlo!\"");
    let tab = text.find('\t').unwrap();
    assert_eq!(
        err(&text),
        ("`messages[0].content`: expected a character or an escape (a control character must be escaped), found `\t`".into(), tab..tab + 1)
    );

    let text = with("\"Hello!\"", "\"\\ud800\"");
    let u = text.find("\\ud800").unwrap();
    assert_eq!(
        err(&text),
        ("`messages[0].content`: expected a low surrogate `\\uDC00`-`\\uDFFF` after a high one, found `\\ud800`".into(), u..u + 6)
    );

    assert_eq!(
        err(""),
        ("the record: expected an object `{`, found the end of the text".into(), 0..0)
    );
    let deep = format!("{{\"x\":{}1{}}}", "[".repeat(80), "]".repeat(80));
    assert_eq!(err(&deep).0, "the record: expected values nested at most 64 deep, found `[`");
}

#[test]
fn records_past_the_bound_are_refused_before_reading() {
    let text = " ".repeat(MAX_BYTES + 1);
    let e = text.parse::<ServerGame>().unwrap_err();
    assert_eq!(e, ParseError::TooLong { len: MAX_BYTES + 1, max: MAX_BYTES });
    assert_eq!(
        e.to_string(),
        format!("the record is {} bytes long; at most {MAX_BYTES} are read", MAX_BYTES + 1)
    );
}

/// A record the server could write (dims 1 to 26, men and kings, moves on the board).
#[derive(Clone, Debug)]
struct AnyGame(ServerGame);

fn any_timestamp(g: &mut Gen) -> Timestamp {
    let seconds = i64::arbitrary(g).rem_euclid(253_402_300_800 + 62_167_219_200) - 62_167_219_200;
    let nanos = match u8::arbitrary(g) % 3 {
        0 => 0,
        1 => u32::arbitrary(g) % 1000 * 1_000_000,
        _ => u32::arbitrary(g) % 1_000_000_000,
    };
    Timestamp::from_unix(seconds, nanos).unwrap()
}

impl Arbitrary for AnyGame {
    fn arbitrary(g: &mut Gen) -> AnyGame {
        let dim = *g.choose(&[1usize, 2, 7, 9, 11, 13, 19, 26]).unwrap();
        let mut start = PositionRecord::empty(dim).unwrap();
        let square = |g: &mut Gen| {
            Square::new((usize::arbitrary(g) % dim) as u8, (usize::arbitrary(g) % dim) as u8)
        };
        for _ in 0..usize::arbitrary(g) % (dim * 2) {
            let piece = *g
                .choose(&[
                    Piece::man(Player::One),
                    Piece::man(Player::Two),
                    Piece::king(Player::Two),
                ])
                .unwrap();
            start.set(square(g), Some(piece));
        }
        let mut game =
            ServerGame::new(u128::arbitrary(g), String::arbitrary(g), String::arbitrary(g), start);
        game.rated = bool::arbitrary(g);
        if bool::arbitrary(g) {
            game.time_control = Some(TimeControl {
                main_time_seconds: i64::arbitrary(g),
                increment_seconds: i64::arbitrary(g),
            });
        }
        if bool::arbitrary(g) {
            game.time_remaining = Some(TimeRemaining {
                attackers_ms: i64::arbitrary(g),
                defenders_ms: i64::arbitrary(g),
                last_move: any_timestamp(g),
            });
        }
        for _ in 0..usize::arbitrary(g) % 12 {
            if u8::arbitrary(g) % 10 == 0 {
                game.moves.push(MoveRecord::Resignation);
                continue;
            }
            let mut m = MoveText::plain(square(g), square(g));
            for _ in 0..usize::arbitrary(g) % 4 {
                m.captures.push(Capture { piece: None, square: square(g) });
            }
            game.moves.push(MoveRecord::Move(m));
        }
        for _ in 0..usize::arbitrary(g) % 3 {
            game.messages.push(Message {
                username: String::arbitrary(g),
                timestamp: any_timestamp(g),
                content: String::arbitrary(g),
            });
        }
        AnyGame(game)
    }
}

#[quickcheck]
fn written_records_read_back_the_same(game: AnyGame) -> bool {
    let text = game.0.to_string();
    !text.contains('\n') && text.parse::<ServerGame>().as_ref() == Ok(&game.0)
}

#[quickcheck]
fn timestamps_round_trip(seconds: i64, nanos: u32) -> bool {
    let seconds = seconds.rem_euclid(253_402_300_800 + 62_167_219_200) - 62_167_219_200;
    let t = Timestamp::from_unix(seconds, nanos % 1_000_000_000).unwrap();
    t.to_string().parse::<Timestamp>() == Ok(t)
}

/// Any cut or one-byte change of a record is read or refused with a span inside the
/// text, never a panic.
#[quickcheck]
fn damaged_records_never_panic(cut: usize, at: usize, byte: u8) -> bool {
    let cut_text = &COPENHAGEN[..cut % (COPENHAGEN.len() + 1)];
    let mut bytes = COPENHAGEN.as_bytes().to_vec();
    bytes[at % COPENHAGEN.len()] = byte % 0x80;
    let changed = String::from_utf8(bytes).unwrap();
    [cut_text, changed.as_str()].iter().all(|text| match text.parse::<ServerGame>() {
        Ok(game) => game.to_string().parse::<ServerGame>() == Ok(game),
        Err(e) => e.span().end <= text.len() && text.is_char_boundary(e.span().start),
    })
}

/// A record converted to a `.otg` and back is the same but for its chat, and the
/// conversion back notes nothing.
#[quickcheck]
fn records_survive_the_otg_round_trip(game: AnyGame) -> Result<bool, String> {
    let game = game.0;
    if game.attackers.contains(']') || game.defenders.contains(']') {
        let err = game.to_game().unwrap_err();
        return Ok(matches!(err, gridnote_game_json::ConvertError::Tag { .. }));
    }
    let (otg, _) = game.to_game().map_err(|e| e.to_string())?;
    let reread: gridnote_board::tafl::Game = otg.to_string().parse().map_err(|e| format!("{e}"))?;
    let (back, notes) = ServerGame::from_game(&reread).map_err(|e| e.to_string())?;
    let mut expected = game.clone();
    expected.messages.clear();
    if back != expected || !notes.is_empty() {
        return Err(format!("{otg}\n{back:?}\n{notes:?}"));
    }
    Ok(true)
}

#[test]
fn a_bad_escape_before_a_wide_character_spans_the_whole_character() {
    // Found by the game-json fuzz target: the span ended inside `é`.
    let text = COPENHAGEN.replacen("Hello!", "Hi \\é", 1);
    let at = text.find("\\é").unwrap();
    let (message, span) = err(&text);
    assert_eq!(span, at..at + 3);
    assert!(text.get(span).is_some());
    assert_eq!(
        message,
        "`messages[0].content`: expected an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, found `\\é`"
    );
}

#[test]
fn a_bad_timestamp_character_is_spanned_whole() {
    // Found by the game-json fuzz target: the span ended inside `☺`.
    let text = COPENHAGEN.replacen("2026-06-24T19:57:33.519700276Z", "2026-06-☺", 1);
    let at = text.find('☺').unwrap();
    let (_, span) = err(&text);
    assert_eq!(span, at..at + '☺'.len_utf8());
}

#[test]
fn a_bad_move_character_is_spanned_whole() {
    // Found by the game-json fuzz target: the span ended inside `ќ`.
    let text = COPENHAGEN.replacen("f8-c8", "f8ќ8", 1);
    let at = text.find("f8ќ8").unwrap();
    let (_, span) = err(&text);
    assert!(text.get(span.clone()).is_some(), "{span:?}");
    assert!(span.start >= at && span.end <= at + "f8ќ8".len(), "{span:?}");
}

use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

use gridnote_board::arbitrary::{board_with, in_range};
use gridnote_board::{Cell as BoardCell, Player, Position};

use super::*;

/// A word ST3P does not define: no white space, not empty, not an option's keyword.
fn unknown_word(g: &mut Gen) -> String {
    let pool = ["ponder", "ms:5", "x", "é", "a\u{0}b", "--", "best", "12"];
    let word = (*g.choose(&pool).expect("not empty")).to_owned();
    if bool::arbitrary(g) { word } else { format!("{word}{}", u8::arbitrary(g)) }
}

/// Text without line breaks or edge white space (for `identify` values and `info`).
fn text(g: &mut Gen) -> String {
    let words: Vec<String> = (0..in_range(g, 0, 4)).map(|_| unknown_word(g)).collect();
    words.join(if bool::arbitrary(g) { " " } else { "  " })
}

#[derive(Clone, Debug)]
struct AnyCommand(Command);

impl Arbitrary for AnyCommand {
    fn arbitrary(g: &mut Gen) -> AnyCommand {
        let command = match in_range(g, 0, 4) {
            0 => Command::Handshake { version: u32::arbitrary(g) },
            1 => Command::Identify,
            2 => Command::Stop,
            3 => Command::Quit,
            _ => {
                let side = in_range(g, 1, 7);
                let palette = [BoardCell::Void, BoardCell::Empty, BoardCell::ONE, BoardCell::TWO];
                let board = board_with(g, side, side, &palette);
                let position = Position::new(board, Player::arbitrary(g));
                let mut request = MoveRequest::new(T3en::new(position).expect("square, no king"));
                request.clock = match in_range(g, 0, 2) {
                    0 => None,
                    1 => Some(Clock::Remaining { millis: u64::arbitrary(g) }),
                    _ => Some(Clock::PerMove { millis: u64::arbitrary(g) }),
                };
                request.win_length = NonZeroU8::new(u8::arbitrary(g));
                request.ignored = (0..in_range(g, 0, 3)).map(|_| unknown_word(g)).collect();
                Command::Move(request)
            }
        };
        AnyCommand(command)
    }
}

#[derive(Clone, Debug)]
struct AnyReply(Reply);

impl Arbitrary for AnyReply {
    fn arbitrary(g: &mut Gen) -> AnyReply {
        let reply = match in_range(g, 0, 4) {
            0 => Reply::HandshakeOk { version: u32::arbitrary(g) },
            1 => Reply::IdentifyOk,
            2 => Reply::Best(Cell { row: u8::arbitrary(g), col: u8::arbitrary(g) }),
            3 => Reply::Info(text(g)),
            _ => {
                let key = if bool::arbitrary(g) { "name".to_owned() } else { unknown_word(g) };
                let value = text(g);
                if key == "ok" && value.is_empty() {
                    Reply::IdentifyOk
                } else {
                    Reply::Identify { key, value }
                }
            }
        };
        AnyReply(reply)
    }
}

#[quickcheck]
fn commands_read_back_as_printed(command: AnyCommand) -> bool {
    command.0.to_string().parse::<Command>() == Ok(command.0)
}

#[quickcheck]
fn replies_read_back_as_printed(reply: AnyReply) -> bool {
    reply.0.to_string().parse::<Reply>() == Ok(reply.0)
}

#[quickcheck]
fn any_text_reads_or_fails_with_a_span_inside_it(line: String) -> bool {
    let inside = |span: Range<usize>| crate::text::inside(&line, &span);
    let command = line.parse::<Command>().err().is_none_or(|e| inside(e.span()));
    let reply = line.parse::<Reply>().err().is_none_or(|e| inside(e.span()));
    command && reply
}

#[test]
fn commands_are_read_with_their_options() {
    let Ok(Command::Move(request)) =
        "move 3_/3_/3_ x time-remaining ms:1500 win-length 3 ponder".parse()
    else {
        panic!("a move")
    };
    assert_eq!(request.clock, Some(Clock::Remaining { millis: 1500 }));
    assert_eq!(request.win_length, NonZeroU8::new(3));
    assert_eq!(request.ignored, ["ponder"]);
    assert_eq!("st3p version 2".parse(), Ok(Command::Handshake { version: 2 }));
    assert_eq!("identify me".parse(), Ok(Command::Identify));
    assert_eq!("  quit  ".parse(), Ok(Command::Quit));
    // The side may follow the board after any white space; a later clock wins.
    let Ok(Command::Move(request)) = "move\t3_/3_/3_\t o time ms:1 time ms:20".parse() else {
        panic!("a move")
    };
    assert_eq!(request.position.to_string(), "3_/3_/3_ o");
    assert_eq!(request.clock, Some(Clock::PerMove { millis: 20 }));
}

#[test]
fn malformed_commands_say_what_is_wrong_and_where() {
    let err = |line: &str| line.parse::<Command>().unwrap_err();
    assert_eq!(err("dance"), ParseError::Unknown { span: 0..5, word: "dance".into() });
    assert_eq!(err("da\u{0}nce").to_string(), "unknown command `da\\u{0}nce`");
    assert_eq!(err(" \t"), ParseError::Empty { span: 0..0 });
    assert_eq!(err("st3p vers 1"), ParseError::Handshake { span: 5..9, reply: false });
    assert_eq!(err("st3p version").to_string(), "expected `st3p version N`");
    assert_eq!(
        err("st3p version x").to_string(),
        "`x` is not a version: expected a number, like `st3p version 1`"
    );
    assert_eq!(err("move 3_/3_/3_"), ParseError::MissingPosition { span: 13..13 });
    assert_eq!(
        err("move 3_/3_/3_ x time-remaining 1000"),
        ParseError::Duration { span: 31..35, found: "1000".into() }
    );
    assert_eq!(
        err("move 3_/3_/3_ x time"),
        ParseError::MissingDuration { span: 20..20, after: "time" }
    );
    assert_eq!(err("move 3_/3_/3_ x win-length 0"), ParseError::WinLength { span: 27..28 });
    assert_eq!(err("move 3_/3_/3_ x win-length 256"), ParseError::WinLength { span: 27..30 });
    assert_eq!(err("move 3_/3_/3_ x win-length"), ParseError::WinLength { span: 26..26 });
    assert_eq!(
        err("move 3_/3_/3_ x time ms:99999999999999999999").to_string(),
        "`ms:99999999999999999999` is not a duration: expected ms:N, like ms:1000"
    );
    // A T3EN error is placed in the line: the uppercase X of the board, the side after
    // two spaces.
    let bad = err("move 3_/_X_/3_ o");
    assert_eq!(bad.span(), 9..10);
    assert_eq!(bad.to_string(), "bad position: uppercase 'X': pieces are lowercase, write 'x'");
    assert_eq!(err("move 3_/3_/3_  X").span(), 15..16);
    assert_eq!(
        err("move 3_/3_ x").to_string(),
        "bad position: row 1 has 3 cells, expected 2: the grid has 2 rows and must be square"
    );
}

#[test]
fn replies_are_read_and_malformed_ones_named() {
    assert_eq!("st3p version 1 ok".parse(), Ok(Reply::HandshakeOk { version: 1 }));
    assert_eq!(
        "identify name  gridnote  engine".parse(),
        Ok(Reply::Identify { key: "name".into(), value: "gridnote  engine".into() })
    );
    assert_eq!("identify ok".parse(), Ok(Reply::IdentifyOk));
    assert_eq!("info".parse(), Ok(Reply::Info(String::new())));
    assert_eq!(
        "best zz1".parse(),
        Err::<Reply, _>(ParseError::Cell { span: 5..8, found: "zz1".into() })
    );
    assert_eq!("best iv256".parse(), Ok(Reply::Best(Cell { row: 255, col: 255 })));
    assert_eq!("best a257".parse::<Reply>().unwrap_err().span(), 5..9);
    assert_eq!("best a01".parse::<Reply>().unwrap_err().span(), 5..8);
    assert_eq!("best A1".parse::<Reply>().unwrap_err().span(), 5..7);
    assert_eq!("best".parse(), Err::<Reply, _>(ParseError::MissingCell { span: 4..4 }));
    assert_eq!(
        "best a1 b2".parse(),
        Err::<Reply, _>(ParseError::Trailing { span: 8..10, found: "b2".into() })
    );
    assert_eq!(
        "st3p version 1".parse(),
        Err::<Reply, _>(ParseError::Handshake { span: 14..14, reply: true })
    );
    assert_eq!(
        "st3p version 1 nope".parse::<Reply>().unwrap_err().to_string(),
        "expected `st3p version N ok`"
    );
}

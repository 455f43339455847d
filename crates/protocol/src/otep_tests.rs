use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

use gridnote_board::arbitrary::in_range;

use super::*;

/// A word: no white space, not empty, no `|`.
fn word(g: &mut Gen) -> String {
    let pool = ["d4-d1", "Kd4-c4xb4", "/3t3/7/7/3K3/7/7/3t3/", "dim:7", "x", "é", "a\u{0}b", "-1"];
    let word = (*g.choose(&pool).expect("not empty")).to_owned();
    if bool::arbitrary(g) { word } else { format!("{word}{}", u8::arbitrary(g)) }
}

/// Words joined by one or two spaces (possibly none).
fn text(g: &mut Gen, least: usize) -> String {
    let words: Vec<String> = (0..in_range(g, least, 4)).map(|_| word(g)).collect();
    words.join(if bool::arbitrary(g) { " " } else { "  " })
}

fn side_clock(g: &mut Gen) -> SideClock {
    SideClock {
        millis: u64::arbitrary(g),
        in_overtime: bool::arbitrary(g),
        overtimes: u64::arbitrary(g),
    }
}

#[derive(Clone, Debug)]
struct AnyCommand(Command);

impl Arbitrary for AnyCommand {
    fn arbitrary(g: &mut Gen) -> AnyCommand {
        let side = if bool::arbitrary(g) { Player::One } else { Player::Two };
        let finishes = [Finish::Ended, Finish::Drawn, Finish::AttackersWon, Finish::DefendersWon];
        AnyCommand(match in_range(g, 0, 14) {
            0 => Command::Rules(text(g, 0)),
            1 => Command::Position(text(g, 0)),
            2 => Command::Side(side),
            3 => Command::Clock(Clock {
                attackers: side_clock(g),
                defenders: side_clock(g),
                overtime_seconds: u64::arbitrary(g),
            }),
            4 => Command::Play(side),
            5 => Command::Analyze {
                moves: NonZeroUsize::new(usize::arbitrary(g)).unwrap_or(NonZeroUsize::MIN),
                seconds: u64::arbitrary(g),
            },
            6 => Command::Move(text(g, 0)),
            7 => Command::OpponentMove {
                moves: (0..in_range(g, 1, 3)).map(|_| word(g)).collect(),
                position: text(g, 1),
            },
            8 => Command::Error(text(g, 0)),
            9 => Command::Finish(*g.choose(&finishes).expect("not empty")),
            10 => Command::Goodbye,
            11 => Command::SimpleMoves(bool::arbitrary(g)),
            12 => Command::Hello,
            13 => Command::Status(text(g, 0)),
            _ => Command::Stop,
        })
    }
}

#[derive(Clone, Debug)]
struct AnyReply(Reply);

impl Arbitrary for AnyReply {
    fn arbitrary(g: &mut Gen) -> AnyReply {
        let requests = [Request::Rules, Request::Position, Request::Side, Request::Clock];
        AnyReply(match in_range(g, 0, 6) {
            0 => Reply::Hello,
            1 => Reply::SimpleMoves(bool::arbitrary(g)),
            2 => Reply::Request(*g.choose(&requests).expect("not empty")),
            3 => Reply::Status(text(g, 0)),
            4 => Reply::Move(word(g)),
            5 => Reply::Analysis(
                (0..in_range(g, 0, 3))
                    .map(|_| AnalysisLine {
                        moves: (0..in_range(g, 1, 3)).map(|_| word(g)).collect(),
                        evaluation: word(g),
                    })
                    .collect(),
            ),
            _ => {
                let code = if bool::arbitrary(g) { Some(i64::arbitrary(g)) } else { None };
                // Without a code, a message whose first word is a number would read as one.
                let mut message = text(g, 0);
                if code.is_none()
                    && message.split(' ').next().is_some_and(|w| w.parse::<i64>().is_ok())
                {
                    message.insert(0, 'm');
                }
                Reply::Error { code, message }
            }
        })
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
fn malformed_commands_say_what_is_wrong_and_where() {
    let err = |line: &str| line.parse::<Command>().unwrap_err();
    let message = |line: &str| err(line).to_string();
    assert_eq!(err("dance"), ParseError::Unknown { span: 0..5, word: "dance".into() });
    assert_eq!(message("\u{1b}[2J"), "unknown command `\\u{1b}[2J`");
    assert_eq!(err(""), ParseError::Empty { span: 0..0 });
    assert_eq!(err("play sideways"), ParseError::Side { span: 5..13, found: "sideways".into() });
    assert_eq!(err("side"), ParseError::Side { span: 4..4, found: String::new() });
    assert_eq!(
        message("clock 1 2"),
        "`clock` needs 5 values (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got 2"
    );
    assert_eq!(err("clock 1 x* 0 0 0"), ParseError::Number { span: 8..10, found: "x".into() });
    assert_eq!(
        message("clock 1 2 3 4 99999999999999999999"),
        "`99999999999999999999` is not a number"
    );
    assert_eq!(err("analyze x 1"), ParseError::Moves { span: 8..9, found: "x".into() });
    assert_eq!(message("analyze 0 1"), "`0` is not a number of moves");
    assert_eq!(message("analyze 1 y"), "`y` is not a number of seconds");
    assert_eq!(
        message("analyze 3"),
        "`analyze` needs a number of moves and seconds, like `analyze 5 30`"
    );
    assert_eq!(err("opponent-move a1-a2"), ParseError::OpponentMove { span: 14..19 });
    assert_eq!(err("finish 9"), ParseError::Finish { span: 7..8, found: "9".into() });
    assert_eq!(message("finish 00"), "`finish 00`: expected a code 0 to 3");
    assert_eq!(message("simple-moves maybe"), "`simple-moves maybe`: expected on or off");
    // Clocks are read with their overtime marks; a trailing space is white space.
    let Ok(Command::Clock(clock)) = "clock 60000 1500* 10 3 2 ".parse() else { panic!("a clock") };
    assert_eq!(clock.attackers, SideClock { millis: 60000, in_overtime: false, overtimes: 3 });
    assert_eq!(clock.defenders, SideClock { millis: 1500, in_overtime: true, overtimes: 2 });
    assert_eq!(clock.overtime_seconds, 10);
}

#[test]
fn replies_are_read_and_malformed_ones_named() {
    assert_eq!("error".parse(), Ok(Reply::Error { code: None, message: String::new() }));
    assert_eq!("error 0".parse(), Ok(Reply::Error { code: Some(0), message: String::new() }));
    assert_eq!("error oops x".parse(), Ok(Reply::Error { code: None, message: "oops x".into() }));
    assert_eq!("clock".parse(), Ok(Reply::Request(Request::Clock)));
    assert_eq!("rules please".parse(), Ok(Reply::Request(Request::Rules)));
    assert_eq!("move".parse(), Err::<Reply, _>(ParseError::MissingMove { span: 4..4 }));
    assert_eq!("move a1-a2 b1".parse(), Err::<Reply, _>(ParseError::MissingMove { span: 5..13 }));
    assert_eq!(
        "analysis 2 d7-g7|a1-a2 299.99 c1-c2 -1.50".parse(),
        Ok(Reply::Analysis(vec![
            AnalysisLine {
                moves: vec!["d7-g7".into(), "a1-a2".into()],
                evaluation: "299.99".into()
            },
            AnalysisLine { moves: vec!["c1-c2".into()], evaluation: "-1.50".into() },
        ]))
    );
    assert_eq!("analysis 2 d7-g7 1.0".parse::<Reply>().unwrap_err().span(), 9..20);
    assert_eq!(
        "log: thinking".parse(),
        Err::<Reply, _>(ParseError::Unknown { span: 0..4, word: "log:".into() })
    );
}

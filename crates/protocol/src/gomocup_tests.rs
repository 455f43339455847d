use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

use gridnote_board::arbitrary::in_range;
use gridnote_board::{Gomoku, Rules};

use super::*;

/// A word without white space, commas, quotes or `=` (for texts and unknown keys).
fn word(g: &mut Gen) -> String {
    let pool = ["depth", "nodes", "é", "a\u{0}b", "--", "OK", "7,7", "x", "_"];
    let word = (*g.choose(&pool).expect("not empty")).to_owned();
    if bool::arbitrary(g) { word } else { format!("{word}{}", u8::arbitrary(g)) }
}

/// Text without line breaks or edge white space (for `MESSAGE` and the like).
fn text(g: &mut Gen) -> String {
    let words: Vec<String> = (0..in_range(g, 0, 4)).map(|_| word(g)).collect();
    words.join(if bool::arbitrary(g) { " " } else { "  " })
}

impl Arbitrary for Point {
    fn arbitrary(g: &mut Gen) -> Point {
        let coord = |g: &mut Gen| {
            if bool::arbitrary(g) { u32::from(u8::arbitrary(g)) } else { u32::arbitrary(g) }
        };
        Point { x: coord(g), y: coord(g) }
    }
}

fn info(g: &mut Gen) -> Info {
    match in_range(g, 0, 8) {
        0 => Info::TimeoutTurn(u64::arbitrary(g)),
        1 => Info::TimeoutMatch(u64::arbitrary(g)),
        2 => Info::TimeLeft(i64::arbitrary(g).max(-i64::MAX)),
        3 => Info::MaxMemory(u64::arbitrary(g)),
        4 => Info::GameType(u64::arbitrary(g)),
        5 => Info::Rule(RuleCode::new(u32::arbitrary(g))),
        6 => Info::Evaluate(Point::arbitrary(g)),
        7 => Info::Folder(format!("/tmp/{}", text(g))),
        _ => {
            let key = format!("{}_key", word(g).replace(',', ""));
            Info::Other { key, value: text(g) }
        }
    }
}

#[derive(Clone, Debug)]
struct AnyCommand(Command);

impl Arbitrary for AnyCommand {
    fn arbitrary(g: &mut Gen) -> AnyCommand {
        let side = |g: &mut Gen| u32::arbitrary(g).max(1);
        let command = match in_range(g, 0, 13) {
            0 => Command::Start { size: side(g) },
            1 => Command::RectStart { width: side(g), height: side(g) },
            2 => Command::Restart,
            3 => Command::Begin,
            4 => Command::Turn(Point::arbitrary(g)),
            5 => Command::Board,
            6 => {
                let field =
                    *g.choose(&[Field::Own, Field::Opponent, Field::Winning]).expect("three");
                Command::Stone(Stone { at: Point::arbitrary(g), field })
            }
            7 => Command::Done,
            8 => Command::Info(info(g)),
            9 => Command::End,
            10 => Command::About,
            11 => Command::Takeback(Point::arbitrary(g)),
            12 => Command::Play(Point::arbitrary(g)),
            _ => Command::Stop,
        };
        AnyCommand(command)
    }
}

#[derive(Clone, Debug)]
struct AnyReply(Reply);

impl Arbitrary for AnyReply {
    fn arbitrary(g: &mut Gen) -> AnyReply {
        let reply = match in_range(g, 0, 7) {
            0 => Reply::Ok,
            1 => Reply::Move(Point::arbitrary(g)),
            2 => Reply::Message(text(g)),
            3 => Reply::Debug(text(g)),
            4 => Reply::Error(text(g)),
            5 => Reply::Unknown(text(g)),
            6 => Reply::Suggest(Point::arbitrary(g)),
            _ => {
                let keys = ["name", "version", "author", "country", "www", "e_mail2"];
                let fields = (0..in_range(g, 1, 5))
                    .map(|_| {
                        let key = (*g.choose(&keys).expect("not empty")).to_owned();
                        // Values may hold commas and spaces: they are quoted.
                        let value = format!("{} {}", text(g), word(g)).replace('\u{0}', ",");
                        (key, value)
                    })
                    .collect();
                Reply::About(About { fields })
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
fn lines_read_back_with_crlf_and_lower_case(command: AnyCommand) -> bool {
    let printed = command.0.to_string();
    // Keywords in lower case (what follows them unchanged), a CR LF line's CR kept.
    let lowered = match printed.split_once(' ') {
        Some((keyword, rest)) => format!("{} {rest}\r", keyword.to_ascii_lowercase()),
        None => format!("{}\r", printed.to_ascii_lowercase()),
    };
    lowered.parse::<Command>() == Ok(command.0)
}

#[quickcheck]
fn any_text_reads_or_fails_with_a_span_inside_it(line: String) -> bool {
    let inside = |span: Range<usize>| crate::text::inside(&line, &span);
    let command = line.parse::<Command>().err().is_none_or(|e| inside(e.span()));
    let reply = line.parse::<Reply>().err().is_none_or(|e| inside(e.span()));
    command && reply
}

#[quickcheck]
fn near_misses_fail_with_a_span_inside_them(prefix: u8, tail: String) -> bool {
    // Lines that start like messages, so that the argument parsers are reached.
    let heads = [
        "START ",
        "RECTSTART ",
        "TURN ",
        "INFO ",
        "INFO rule ",
        "INFO time_left ",
        "7,",
        "name=\"",
        "SUGGEST ",
        "x=",
        "INFO evaluate ",
    ];
    let line = format!("{}{tail}", heads[usize::from(prefix) % heads.len()]);
    let inside = |span: Range<usize>| crate::text::inside(&line, &span);
    let command = line.parse::<Command>().err().is_none_or(|e| inside(e.span()));
    let reply = line.parse::<Reply>().err().is_none_or(|e| inside(e.span()));
    command && reply
}

#[test]
fn the_managers_commands_are_read() {
    let read = |line: &str| line.parse::<Command>();
    assert_eq!(read("START 15\r"), Ok(Command::Start { size: 15 }));
    assert_eq!(read("RECTSTART 20, 15"), Ok(Command::RectStart { width: 20, height: 15 }));
    assert_eq!(read("restart"), Ok(Command::Restart));
    assert_eq!(read("BEGIN"), Ok(Command::Begin));
    assert_eq!(read("TURN 0,14"), Ok(Command::Turn(Point { x: 0, y: 14 })));
    assert_eq!(read("BOARD"), Ok(Command::Board));
    assert_eq!(
        read(" 10,5,2 "),
        Ok(Command::Stone(Stone { at: Point { x: 10, y: 5 }, field: Field::Opponent }))
    );
    assert_eq!(read("3,4,3").map(|c| c.to_string()), Ok("3,4,3".to_owned()));
    assert_eq!(read("DONE"), Ok(Command::Done));
    assert_eq!(read("END"), Ok(Command::End));
    assert_eq!(read("ABOUT"), Ok(Command::About));
    assert_eq!(read("TAKEBACK 7,7"), Ok(Command::Takeback(Point { x: 7, y: 7 })));
    assert_eq!(read("PLAY 1,2"), Ok(Command::Play(Point { x: 1, y: 2 })));
    assert_eq!(read("STOP"), Ok(Command::Stop));
    assert_eq!(read("yxstop"), Ok(Command::Stop));
    let info = |line: &str| match read(line) {
        Ok(Command::Info(info)) => info,
        other => panic!("{line}: {other:?}"),
    };
    assert_eq!(info("INFO timeout_turn 1000"), Info::TimeoutTurn(1000));
    assert_eq!(info("INFO timeout_match 0"), Info::TimeoutMatch(0));
    assert_eq!(info("INFO time_left -250"), Info::TimeLeft(-250));
    assert_eq!(info("INFO max_memory 83886080"), Info::MaxMemory(83_886_080));
    assert_eq!(info("INFO game_type 1"), Info::GameType(1));
    assert_eq!(info("INFO rule 1"), Info::Rule(RuleCode::new(1)));
    assert_eq!(info("INFO evaluate 2,3"), Info::Evaluate(Point { x: 2, y: 3 }));
    assert_eq!(
        info("INFO folder C:\\Program Files\\x"),
        Info::Folder("C:\\Program Files\\x".into())
    );
    assert_eq!(
        info("INFO caution_factor  4 "),
        Info::Other { key: "caution_factor".into(), value: "4".into() }
    );
    assert_eq!(
        info("INFO pondering"),
        Info::Other { key: "pondering".into(), value: String::new() }
    );
}

#[test]
fn malformed_commands_say_what_is_wrong_and_where() {
    let err = |line: &str| line.parse::<Command>().unwrap_err();
    assert_eq!(err("DANCE"), ParseError::Unknown { span: 0..5, word: "DANCE".into() });
    assert_eq!(err(""), ParseError::Empty { span: 0..0 });
    assert_eq!(
        err("START"),
        ParseError::Missing {
            span: 5..5,
            keyword: "START",
            expected: "a board size, like `START 15`"
        }
    );
    assert_eq!(err("START 0").to_string(), "`0` is not a board size: a number from 1");
    assert_eq!(err("START 15 16").span(), 6..11);
    assert_eq!(err("RECTSTART 20").span(), 10..12);
    assert_eq!(err("RECTSTART 20,x").to_string(), "`x` is not a board side: a number from 1");
    assert_eq!(err("RECTSTART 20,x").span(), 13..14);
    assert_eq!(err("TURN").to_string(), "`TURN` needs a point X,Y, like 7,7");
    assert_eq!(err("TURN 7,7,7"), ParseError::Point { span: 5..10, found: "7,7,7".into() });
    assert_eq!(err("TURN -1,2").span(), 5..9);
    assert_eq!(err("TURN 4294967296,0").span(), 5..17);
    assert_eq!(
        err("7,7,4").to_string(),
        "`7,7,4` is not a board line: expected X,Y,FIELD with FIELD 1 (own), 2 (opponent) or 3 (a finished line), like 7,7,1"
    );
    assert_eq!(err("7,7").span(), 0..3);
    assert_eq!(
        err("BEGIN now"),
        ParseError::Trailing { span: 6..9, found: "now".into(), keyword: "BEGIN" }
    );
    assert_eq!(err("INFO").span(), 4..4);
    assert_eq!(
        err("INFO timeout_turn soon").to_string(),
        "`soon` is not a time in milliseconds: a number from 0"
    );
    assert_eq!(err("INFO timeout_turn soon").span(), 18..22);
    assert_eq!(
        err("INFO timeout_turn").to_string(),
        "`INFO timeout_turn` needs a time in milliseconds: a number from 0"
    );
    assert_eq!(err("INFO time_left --5").span(), 15..18);
    assert_eq!(err("INFO rule 4294967296").span(), 10..20);
    assert_eq!(err("INFO folder").span(), 11..11);
    assert_eq!(err("d\u{1b}nce").to_string(), "unknown command `d\\u{1b}nce`");
    assert_eq!(err("RECTSTARTING").span(), 0..12);
}

#[test]
fn the_brains_replies_are_read() {
    let read = |line: &str| line.parse::<Reply>();
    assert_eq!(read("OK\r"), Ok(Reply::Ok));
    assert_eq!(read("7, 8"), Ok(Reply::Move(Point { x: 7, y: 8 })));
    assert_eq!(read("MESSAGE"), Ok(Reply::Message(String::new())));
    assert_eq!(read("DEBUG  a  b "), Ok(Reply::Debug("a  b".into())));
    assert_eq!(read("ERROR no"), Ok(Reply::Error("no".into())));
    assert_eq!(read("UNKNOWN what"), Ok(Reply::Unknown("what".into())));
    assert_eq!(read("SUGGEST 1,1"), Ok(Reply::Suggest(Point { x: 1, y: 1 })));
    let rapfi = r#"name="Rapfi", version="0.43.02 (g++ 12.2.0 on Linux SSE41 AVX2 BMI2)", author="Rapfi developers (see AUTHORS file)", country="China""#;
    let Ok(Reply::About(about)) = read(rapfi) else { panic!("an ABOUT answer") };
    assert_eq!(about.fields.len(), 4);
    assert_eq!(about.get("version"), Some("0.43.02 (g++ 12.2.0 on Linux SSE41 AVX2 BMI2)"));
    assert_eq!(about.get("country"), Some("China"));
    assert_eq!(about.get("www"), None);
    assert_eq!(about.to_string(), rapfi);
    // Unquoted values (up to the next comma) and white space around the signs.
    let Ok(Reply::About(loose)) = read("name = Pela , version=1.0") else { panic!("an ABOUT") };
    assert_eq!(loose.fields, [("name".into(), "Pela".into()), ("version".into(), "1.0".into())]);
}

#[test]
fn malformed_replies_say_what_is_wrong_and_where() {
    let err = |line: &str| line.parse::<Reply>().unwrap_err();
    assert_eq!(err("OK then").span(), 3..7);
    assert_eq!(err("7,x").span(), 0..3);
    assert_eq!(err("SUGGEST").span(), 7..7);
    assert_eq!(err("BEST 7,7").span(), 0..4);
    assert_eq!(
        err(r#"name="a" version="b""#),
        ParseError::About { span: 9..20, found: r#"version="b""#.into() }
    );
    assert_eq!(err(r#"name="a", version="b"#).span(), 10..20);
    assert_eq!(err(r#"name="a","#).span(), 9..9);
    assert_eq!(err(r#"na me="a""#).span(), 0..5);
    assert_eq!(
        err(r#"name="a", ="b""#).to_string(),
        r#"bad ABOUT answer at `=`: expected KEY="VALUE" pairs separated by commas, like name="gridnote", version="0.4""#
    );
}

#[test]
fn rule_codes_map_to_gomokus_rule_sets_and_back() {
    let rules = |code: u32| Rules::from(RuleCode::new(code));
    assert_eq!(rules(0), Rules::GOMOKU);
    assert_eq!(rules(1), Rules::GOMOKU_EXACT);
    assert_eq!(rules(2), Rules::RENJU);
    assert_eq!(rules(4), Rules::RENJU);
    assert_eq!(rules(5), Rules::RENJU);
    assert_eq!(rules(8), Rules::CARO);
    assert_eq!(rules(9), Rules::CARO);
    assert_eq!(rules(16), Rules::GOMOKU);
    for (gomoku, code) in
        [(Gomoku::Freestyle, 0), (Gomoku::Exact, 1), (Gomoku::Renju, 4), (Gomoku::Caro, 8)]
    {
        let rules = Rules::GOMOKU.with_gomoku(gomoku);
        assert_eq!(RuleCode::try_from(rules), Ok(RuleCode::new(code)));
        assert_eq!(Rules::from(RuleCode::new(code)), rules);
    }
    // Every code maps to the code of the rule set it reads as, which reads the same.
    for code in 0..64 {
        let rules = Rules::from(RuleCode::new(code));
        assert_eq!(RuleCode::try_from(rules).map(Rules::from), Ok(rules));
    }
    assert_eq!(
        RuleCode::try_from(Rules::GOMOKU.with_in_a_row(6)),
        Err(RulesError { rules: Rules::GOMOKU.with_in_a_row(6) })
    );
    assert!(RuleCode::try_from(Rules::GOMOKU.with_misere(true)).is_err());
    assert!(RuleCode::try_from(Rules::GOMOKU.with_diagonals(false)).is_err());
}

use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

use gridnote_board::arbitrary::in_range;

use super::*;

fn role(g: &mut Gen) -> Player {
    if bool::arbitrary(g) { Player::One } else { Player::Two }
}

impl Arbitrary for Vertex {
    fn arbitrary(g: &mut Gen) -> Vertex {
        let file = u8::try_from(in_range(g, 0, 12)).unwrap_or(0);
        let rank = u8::try_from(in_range(g, 0, 12)).unwrap_or(0);
        Vertex(Square::new(file, rank))
    }
}

/// A word without white space or `#`.
fn word(g: &mut Gen) -> String {
    let pool = ["play", "bogus", "é", "a\u{0}b", "d4", "-", "_", "true"];
    let word = (*g.choose(&pool).expect("not empty")).to_owned();
    if bool::arbitrary(g) { word } else { format!("{word}{}", u8::arbitrary(g)) }
}

#[derive(Clone, Debug)]
struct AnyCommand(Command);

impl Arbitrary for AnyCommand {
    fn arbitrary(g: &mut Gen) -> AnyCommand {
        let play = |g: &mut Gen| {
            if u8::arbitrary(g) % 8 == 0 {
                Play::Resign(role(g))
            } else {
                Play::Move { role: role(g), from: Vertex::arbitrary(g), to: Vertex::arbitrary(g) }
            }
        };
        AnyCommand(match in_range(g, 0, 16) {
            0 => Command::BoardSize(u64::arbitrary(g)),
            1 => Command::FinalStatus,
            2 => Command::FirstMove(role(g)),
            3 => Command::GenerateMove,
            4 => Command::KnownCommand(word(g)),
            5 => Command::ListCommands,
            6 => Command::Name,
            7 => Command::Play(play(g)),
            8 => Command::PlayFrom,
            9 => Command::PlayTo(role(g), Vertex::arbitrary(g)),
            10 => Command::PlayUndo,
            11 => Command::ProtocolVersion,
            12 => Command::Quit,
            13 => Command::ShowBoard,
            14 => Command::ShowBoardOpenTafl,
            15 if bool::arbitrary(g) => Command::TimeSettings(TimeSettings::UnTimed),
            15 => Command::TimeSettings(TimeSettings::Fischer {
                minutes: u64::arbitrary(g),
                add_seconds: u64::arbitrary(g),
            }),
            _ => Command::Version,
        })
    }
}

#[derive(Clone, Debug)]
struct AnyReply(Reply);

impl Arbitrary for AnyReply {
    fn arbitrary(g: &mut Gen) -> AnyReply {
        let words: Vec<String> = (0..in_range(g, 0, 4)).map(|_| word(g)).collect();
        let text = words.join(" ");
        AnyReply(if bool::arbitrary(g) { Reply::Success(text) } else { Reply::Failure(text) })
    }
}

#[quickcheck]
fn commands_read_back_as_printed(command: AnyCommand) -> bool {
    command.0.to_string().parse() == Ok(command.0)
}

#[quickcheck]
fn replies_read_back_as_printed(reply: AnyReply) -> bool {
    reply.0.to_string().parse() == Ok(reply.0)
}

#[quickcheck]
fn any_text_reads_or_fails_with_a_span_inside_it(line: String) -> bool {
    let command =
        line.parse::<Command>().err().is_none_or(|e| crate::text::inside(&line, &e.span()));
    let reply = line.parse::<Reply>().err().is_none_or(|e| crate::text::inside(&line, &e.span()));
    let play = line.parse::<Play>().err().is_none_or(|e| crate::text::inside(&line, &e.span()));
    command && reply && play
}

#[test]
fn every_vertex_of_a_13x13_board_reads_back() {
    for file in 0..13 {
        for rank in 0..13 {
            let vertex = Vertex(Square::new(file, rank));
            assert_eq!(vertex.to_string().parse(), Ok(vertex));
            assert_eq!(vertex.to_string().to_uppercase().parse(), Ok(vertex));
        }
    }
}

#[test]
fn commands_read_as_the_program_writes_them() {
    let d1 = Vertex(Square::new(3, 0));
    let d3 = Vertex(Square::new(3, 2));
    assert_eq!(
        "play attacker d1 d3".parse(),
        Ok(Command::Play(Play::Move { role: Player::One, from: d1, to: d3 }))
    );
    assert_eq!(
        "play a D1 D3\r".parse::<Command>().map(|c| c.to_string()).as_deref(),
        Ok("play attacker d1 d3")
    );
    assert_eq!("play defender resigns _".parse(), Ok(Command::Play(Play::Resign(Player::Two))));
    assert_eq!("play_to Attacker d3".parse(), Ok(Command::PlayTo(Player::One, d3)));
    assert_eq!("time_settings un-timed".parse(), Ok(Command::TimeSettings(TimeSettings::UnTimed)));
    assert_eq!("  # only a comment".parse::<Command>(), Err(ParseError::Empty { span: 0..0 }));
    assert_eq!("".parse::<Command>(), Err(ParseError::Empty { span: 0..0 }));
    assert_eq!("known_command bogus".parse(), Ok(Command::KnownCommand("bogus".into())));
    assert_eq!(COMMANDS.len(), 17);
    for word in COMMANDS {
        assert_eq!(
            format!("known_command {word}").parse(),
            Ok(Command::KnownCommand(word.to_owned()))
        );
    }
}

#[test]
fn malformed_commands_say_what_is_wrong_and_where() {
    let cases: [(&str, &str, Range<usize>); 9] = [
        ("bogus", "unrecognized command: bogus", 0..5),
        ("PLAY attacker d1 d3", "unrecognized command: PLAY", 0..4),
        ("board_size", "`board_size` needs a board size, like `board_size 11`", 10..10),
        ("board_size x1", "`x1` is not a board size, like `board_size 11`", 11..13),
        (
            "play king d1 d3",
            "`king` is not a role: `attacker` (or `a`) or `defender` (or `d`)",
            5..9,
        ),
        (
            "play attacker n1 d3",
            "`n1` is not a vertex: expected a column letter a to m and a row from 1 (at the bottom), like d1",
            14..16,
        ),
        (
            "play attacker d1 d14",
            "`d14` is not a vertex: expected a column letter a to m and a row from 1 (at the bottom), like d1",
            17..20,
        ),
        ("name now", "unexpected `now` after `name`", 5..8),
        (
            "time_settings fischer 5",
            "`time_settings` needs the seconds added after each move: a number from 0",
            23..23,
        ),
    ];
    for (line, message, span) in cases {
        let err = line.parse::<Command>().unwrap_err();
        assert_eq!((err.to_string(), err.span()), (message.to_owned(), span), "{line}");
    }
    let err = "time_settings byo-yomi 1 2".parse::<Command>().unwrap_err();
    assert_eq!(err.span(), 14..22);
}

#[test]
fn replies_and_generated_moves_read_as_the_program_writes_them() {
    assert_eq!("= ".parse(), Ok(Reply::Success(String::new())));
    assert_eq!(
        "? play undo: it is the first move".parse(),
        Ok(Reply::Failure("play undo: it is the first move".into()))
    );
    let err = "2 turn: attacker play: play attacker k8 k9".parse::<Reply>().unwrap_err();
    assert_eq!(
        (err.to_string(), err.span()),
        ("`2` is not a reply: `= TEXT` or `? TEXT`".to_owned(), 0..1)
    );
    let play =
        Play::from_reply("play attacker k8 k9, score: 19996, delay milliseconds: 1088, loops: 0");
    let k8 = Vertex(Square::new(10, 7));
    let k9 = Vertex(Square::new(10, 8));
    assert_eq!(play, Ok(Play::Move { role: Player::One, from: k8, to: k9 }));
    assert_eq!(Play::from_reply("play attacker resigns _").map(|p| p.role()), Ok(Player::One));
    assert_eq!("attacker_wins".parse(), Ok(Status::AttackerWins));
    assert_eq!("draw".parse::<Status>().map(|s| s.to_string()).as_deref(), Ok("draw"));
    assert!("won".parse::<Status>().is_err());
}

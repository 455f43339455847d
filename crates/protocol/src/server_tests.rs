use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

use gridnote_board::arbitrary::in_range;
use gridnote_board::tafl::Square;

use super::*;
use crate::text::inside;

fn role(g: &mut Gen) -> Player {
    if bool::arbitrary(g) { Player::One } else { Player::Two }
}

fn vertex(g: &mut Gen) -> Vertex {
    let file = u8::try_from(in_range(g, 0, 12)).unwrap_or(0);
    let rank = u8::try_from(in_range(g, 0, 12)).unwrap_or(0);
    Vertex(Square::new(file, rank))
}

fn play(g: &mut Gen) -> Play {
    if u8::arbitrary(g) % 8 == 0 {
        Play::Resign(role(g))
    } else {
        Play::Move { role: role(g), from: vertex(g), to: vertex(g) }
    }
}

/// A word without white space.
fn word(g: &mut Gen) -> String {
    let pool = ["bot-1", "player_2", "é", "x", "{}", "secret", "_"];
    let word = (*g.choose(&pool).expect("not empty")).to_owned();
    if bool::arbitrary(g) { word } else { format!("{word}{}", u8::arbitrary(g)) }
}

fn time(g: &mut Gen) -> TimeSettings {
    if u8::arbitrary(g) % 4 == 0 {
        TimeSettings::UnTimed
    } else {
        TimeSettings::Fischer { milliseconds: u64::arbitrary(g), add_seconds: u64::arbitrary(g) }
    }
}

fn size(g: &mut Gen) -> u8 {
    *g.choose(&[7, 11, 13]).expect("not empty")
}

#[derive(Clone, Debug)]
struct AnyRequest(Request);

impl Arbitrary for AnyRequest {
    fn arbitrary(g: &mut Gen) -> AnyRequest {
        let id = u128::arbitrary(g);
        AnyRequest(match in_range(g, 0, 10) {
            0 => {
                Request::Login { version: VERSION_ID.to_owned(), user: word(g), password: word(g) }
            }
            1 => {
                Request::CreateAccount { version: word(g), user: word(g), password: String::new() }
            }
            2 => Request::SoftwareId(word(g)),
            3 => Request::NewGame(NewGame {
                role: role(g),
                rated: bool::arbitrary(g),
                time: time(g),
                board_size: size(g),
            }),
            4 => Request::JoinGamePending(id),
            5 => Request::JoinGame(id),
            6 => Request::LeaveGame(id),
            7 => Request::Play { id, play: play(g) },
            8 => Request::ResumeGameJson(id),
            9 => Request::Ping,
            _ => Request::Logout,
        })
    }
}

#[derive(Clone, Debug)]
struct AnyMessage(Message);

impl Arbitrary for AnyMessage {
    fn arbitrary(g: &mut Gen) -> AnyMessage {
        let id = u128::arbitrary(g);
        AnyMessage(match in_range(g, 0, 16) {
            0 => Message::LoggedIn,
            1 => Message::NewGame(id),
            2 => Message::JoinGamePending(id),
            3 => Message::ChallengeRequested(id),
            4 => Message::GameStarted(Started {
                attacker: word(g),
                defender: word(g),
                rated: bool::arbitrary(g),
                time: time(g),
                board_size: size(g),
            }),
            5 => Message::GenerateMove { id, role: role(g) },
            6 => Message::Played { id, play: play(g) },
            7 => Message::Accepted,
            8 => Message::GameOver { id, winner: role(g) },
            9 => Message::DrawAccepted,
            10 => Message::GameTime {
                id,
                attacker_ms: i64::arbitrary(g).max(-i64::MAX),
                defender_ms: i64::arbitrary(g).max(-i64::MAX),
            },
            11 => Message::ResumeGameJson(format!("{{\"id\":{id},\"x\":\"{}\"}}", word(g))),
            12 => Message::RequestDraw { id, role: role(g) },
            13 => Message::Pong,
            15 => Message::GamesUpdated(format!("{{\"created\":[{id}]}}")),
            14 => Message::Refused { command: word(g), text: format!("{} {}", word(g), word(g)) },
            _ => Message::Unknown(format!("= {}_updated {}", word(g), word(g))),
        })
    }
}

#[quickcheck]
fn every_request_reads_back(request: AnyRequest) -> bool {
    request.0.to_string().parse::<Request>() == Ok(request.0)
}

#[quickcheck]
fn every_message_reads_back(message: AnyMessage) -> bool {
    message.0.to_string().parse::<Message>() == Ok(message.0)
}

#[quickcheck]
fn any_line_reads_or_fails_with_a_span_inside_it(line: String) -> bool {
    let message = match line.parse::<Message>() {
        Ok(_) => true,
        Err(err) => inside(&line, &err.span()),
    };
    let request = match line.parse::<Request>() {
        Ok(_) => true,
        Err(err) => inside(&line, &err.span()),
    };
    message && request
}

/// Lines that start like a known message, with every kind of bad argument.
#[quickcheck]
fn known_starts_with_any_rest_never_panic(rest: String, pick: u8) -> bool {
    let starts = [
        "game 0 ",
        "game ",
        "= game_over 1 ",
        "= game_time ",
        "= join_game a b ",
        "= join_game a b rated fischer ",
        "request_draw 2 ",
        "new_game ",
        "new_game {\"role\":\"Attacker\",\"rated\":true,\"time_settings\":",
        "32d9a140 login ",
    ];
    let line = format!("{}{rest}", starts[usize::from(pick) % starts.len()]);
    let ok = |span: Range<usize>| inside(&line, &span);
    line.parse::<Message>().map_or_else(|e| ok(e.span()), |_| true)
        && line.parse::<Request>().map_or_else(|e| ok(e.span()), |_| true)
}

#[test]
fn the_servers_own_lines_read() {
    // The lines of hnefatafl-copenhagen 6.4.1's server test (`server_full`) and its code.
    assert_eq!("= login\n".parse(), Ok(Message::LoggedIn));
    assert_eq!("= new_game 0".parse(), Ok(Message::NewGame(0)));
    assert_eq!("= join_game_pending 0".parse(), Ok(Message::JoinGamePending(0)));
    assert_eq!("= challenge_requested 0".parse(), Ok(Message::ChallengeRequested(0)));
    assert_eq!(
        "= join_game player-1 player-2 rated fischer 900000 10 11".parse(),
        Ok(Message::GameStarted(Started {
            attacker: "player-1".into(),
            defender: "player-2".into(),
            rated: true,
            time: TimeSettings::Fischer { milliseconds: 900_000, add_seconds: 10 },
            board_size: 11,
        }))
    );
    assert_eq!(
        "= join_game a b unrated un-timed _ _ 13".parse::<Message>().map(|m| m.to_string()),
        Ok("= join_game a b unrated un-timed _ _ 13".into())
    );
    assert_eq!(
        "game 0 generate_move attacker".parse(),
        Ok(Message::GenerateMove { id: 0, role: Player::One })
    );
    // The server drops the `_` of a resignation it passes on.
    assert_eq!(
        "game 0 play attacker resigns \n".parse(),
        Ok(Message::Played { id: 0, play: Play::Resign(Player::One) })
    );
    assert_eq!(
        "game 12 play defender F8 F9".parse(),
        Ok(Message::Played {
            id: 12,
            play: Play::Move {
                role: Player::Two,
                from: Vertex(Square::new(5, 7)),
                to: Vertex(Square::new(5, 8)),
            }
        })
    );
    assert_eq!(
        "= game_over 0 defender_wins".parse(),
        Ok(Message::GameOver { id: 0, winner: Player::Two })
    );
    assert_eq!("= draw accept".parse(), Ok(Message::DrawAccepted));
    assert_eq!(
        r#"= game_time {"id":3,"attacker_ms_left":-250,"defender_ms_left":899000}"#.parse(),
        Ok(Message::GameTime { id: 3, attacker_ms: -250, defender_ms: 899_000 })
    );
    assert_eq!(
        r#"= resume_game_json {"id":3,"moves":"d1-d3 e5-e2"}"#.parse(),
        Ok(Message::ResumeGameJson(r#"{"id":3,"moves":"d1-d3 e5-e2"}"#.into()))
    );
    assert_eq!(
        "request_draw 3 defender".parse(),
        Ok(Message::RequestDraw { id: 3, role: Player::Two })
    );
    assert_eq!("= ping".parse(), Ok(Message::Pong));
    assert_eq!(
        "? game play: you already reached that position".parse(),
        Ok(Message::Refused {
            command: "game".into(),
            text: "play: you already reached that position".into()
        })
    );
    assert_eq!(
        "? login wrong_version".parse(),
        Ok(Message::Refused { command: "login".into(), text: "wrong_version".into() })
    );
    assert_eq!(
        "= games_updated {\"created\":[]}".parse(),
        Ok(Message::GamesUpdated("{\"created\":[]}".into()))
    );
    for other in ["= text_game (x)", "= version 6.4.1", "", "="] {
        assert_eq!(other.parse(), Ok(Message::Unknown(other.into())));
    }
}

#[test]
fn requests_are_written_as_the_server_reads_them() {
    let login = Request::Login {
        version: VERSION_ID.into(),
        user: "bot-1".into(),
        password: "two words".into(),
    };
    assert_eq!(login.to_string(), "32d9a140 login bot-1 two words");
    assert_eq!("32d9a140 login bot-1 two words".parse(), Ok(login));
    let game =
        NewGame { role: Player::Two, rated: false, time: TimeSettings::UnTimed, board_size: 13 };
    assert_eq!(
        Request::NewGame(game).to_string(),
        r#"new_game {"role":"Defender","rated":false,"time_settings":"UnTimed","board_size":13}"#
    );
    assert_eq!(Request::ResumeGameJson(5).to_string(), "resume_game_json 5");
    assert_eq!(Request::JoinGamePending(5).to_string(), "join_game_pending 5");
    assert_eq!(Request::Ping.to_string(), "ping");
    assert_eq!(Request::SoftwareId("gridnote-0.1".into()).to_string(), "software_id gridnote-0.1");
}

#[test]
fn errors_name_the_argument_and_its_span() {
    let err = "game 0 play attacker d1 z3".parse::<Message>().unwrap_err();
    assert_eq!(err.span(), 24..26);
    let err = "= join_game a b maybe fischer 1 2 11".parse::<Message>().unwrap_err();
    assert_eq!(err.to_string(), "`maybe` is not `rated` or `unrated`");
    assert_eq!(err.span(), 16..21);
    let err = "= join_game a b rated fischer 1 2 9".parse::<Message>().unwrap_err();
    assert_eq!(err.to_string(), "`9` is not a board size: 7, 11 or 13");
    assert_eq!(err.span(), 34..35);
    let err = "= game_time {\"id\":1,\"attacker_ms_left\":x,\"defender_ms_left\":2}"
        .parse::<Message>()
        .unwrap_err();
    assert_eq!(err.to_string(), "`x` is not milliseconds: a whole number, maybe negative");
    assert_eq!(err.span(), 39..40);
    let err = "request_draw 1".parse::<Message>().unwrap_err();
    assert_eq!(err.to_string(), "`request_draw` needs a role: `attacker` or `defender`");
    assert_eq!(err.span(), 14..14);
    let err = "game 1".parse::<Message>().unwrap_err();
    assert_eq!(err.to_string(), "`game` needs a play, like `play attacker d1 d3`");
    let err = "new_game {\"role\":\"King\"}".parse::<Request>().unwrap_err();
    assert_eq!(err.to_string(), "`\"King\"}` is not \"Defender\"");
    assert_eq!(err.span(), 17..24);
    let err = "join_game 1 2".parse::<Request>().unwrap_err();
    assert_eq!(err.to_string(), "unexpected `2` after `join_game`");
    assert_eq!(err.span(), 12..13);
    let err = "bogus".parse::<Request>().unwrap_err();
    assert_eq!(err.to_string(), "unrecognized request: bogus");
    // 40 digits is past a game id.
    let err = "= new_game 1000000000000000000000000000000000000000".parse::<Message>().unwrap_err();
    assert_eq!(err.span(), 11..51);
}

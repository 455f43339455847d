//! The records of `fixtures/game-json/`, written by the server itself: each reads, is
//! written back byte for byte, and survives the conversion to a `.otg` and back but for
//! its chat.

use std::path::Path;

use gridnote_board::Player;
use gridnote_board::tafl::{Game, LinePath};
use gridnote_game_json::{ServerGame, TimeControl, Timestamp};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/game-json").join(name);
    let text = std::fs::read_to_string(path).unwrap();
    text.strip_suffix('\n').unwrap_or(&text).to_owned()
}

const ALL: [&str; 5] = [
    "7x7-start.json",
    "7x7-timed.json",
    "copenhagen-11-start.json",
    "copenhagen-11-timed.json",
    "copenhagen-13-untimed.json",
];

#[test]
fn every_record_reads_and_is_written_back_byte_for_byte() {
    for name in ALL {
        let text = fixture(name);
        let game: ServerGame = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.to_string(), text, "{name}");
        let (otg, _) = game.to_game().unwrap_or_else(|e| panic!("{name}: {e}"));
        let (back, notes) = ServerGame::from_game(&otg).unwrap();
        let mut expected = game.clone();
        expected.messages.clear();
        assert_eq!(back, expected, "{name}");
        assert!(notes.is_empty(), "{name}: {notes:?}");
    }
}

#[test]
fn the_timed_game_holds_its_moves_clocks_and_chat() {
    let game: ServerGame = fixture("copenhagen-11-timed.json").parse().unwrap();
    let moves: Vec<String> = game.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["d1-d3", "e5-e2", "d3-d2xe2", "f8-c8"]);
    assert_eq!(
        game.time_control,
        Some(TimeControl { main_time_seconds: 900, increment_seconds: 10 })
    );
    let left = game.time_remaining.unwrap();
    assert_eq!((left.attackers_ms, left.defenders_ms), (918_798, 918_193));
    assert_eq!(left.last_move, "2026-11-29T03:56:56.552Z".parse::<Timestamp>().unwrap());
    // Newest first.
    assert_eq!(game.messages[0].username, "player-2");
    assert_eq!(game.messages[0].content, "Good luck, \"friend\" \\o/ é ☺");
    assert_eq!(game.messages[1].content, "Hello!");
    assert!(game.messages[0].timestamp > game.messages[1].timestamp);

    let (otg, notes) = game.to_game().unwrap();
    assert_eq!(
        otg.to_string(),
        "[attackers:player-1]\n[defenders:player-2]\n[game-id:0]\n[rated:yes]\n\
         [time-control:900+10]\n[time-remaining:918798 918193 2026-11-29T03:56:56.552Z]\n\
         [rules:dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\
         \n1. d1-d3 e5-e2\n\n2. d3-d2xe2 f8-c8\n"
    );
    let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
    assert_eq!(notes, ["dropped messages: 2 chat messages (a .otg has no chat)"]);
    let replay = otg.replay(&LinePath::MAIN).unwrap();
    assert_eq!(replay.final_position().count(Player::Two), 12);
}

#[test]
fn thirteen_and_seven() {
    let game: ServerGame = fixture("copenhagen-13-untimed.json").parse().unwrap();
    assert_eq!(
        (game.dim(), game.rated, game.time_control, game.time_remaining),
        (13, false, None, None)
    );
    assert_eq!(game.moves[1].to_string(), "g4-b4");
    assert_eq!(game.first_mover(), Player::One);

    let game: ServerGame = fixture("7x7-timed.json").parse().unwrap();
    assert_eq!(game.first_mover(), Player::Two);
    let otg: Game = (&game).try_into().unwrap();
    assert!(otg.rules().to_string().contains("atkf:n"), "{}", otg.rules());
}

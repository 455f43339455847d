//! `gridnote otep`: OTEP transcripts through `gridnote_cli::run` (every command, and
//! malformed input answered with an `error` line while the engine keeps serving).

use gridnote_tafl_rules::{CompiledRules, Position};

const BRANDUBH: &str =
    "dim:7 name:Brandub surf:n atkf:y ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

fn run(args: &[&str], stdin: &str) -> (u8, Vec<String>, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
    let status = gridnote_cli::run(argv, &mut stdin.as_bytes(), &mut out, &mut err);
    let out = String::from_utf8(out).unwrap().lines().map(str::to_owned).collect();
    (status, out, String::from_utf8(err).unwrap())
}

/// The lines without the `status` lines (their node counts and times vary).
fn without_status(lines: &[String]) -> Vec<&str> {
    lines.iter().map(String::as_str).filter(|l| !l.starts_with("status ")).collect()
}

#[test]
fn every_command_of_a_game() {
    let input = format!(
        "rules {BRANDUBH}\n\
         clock 3000 3000 0 0 0\n\
         position /7/7/7/7/7/7/2tK3/\n\
         side defenders\n\
         analyze 2 1\n\
         play defenders\n\
         move /7/7/7/7/7/7/2t3K/\n\
         finish 3\n\
         rules {BRANDUBH}\n\
         hello\n\
         status a note\n\
         opponent-move d2-c2 /3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/\n\
         clock 3000* 3000 1 0 0 \n\
         play defenders\n\
         finish 0\n\
         goodbye\n\
         play attackers\n"
    );
    let (status, out, err) = run(&["otep"], &input);
    assert_eq!((status, err.as_str()), (0, ""));
    let lines = without_status(&out);
    assert_eq!(lines[0], "hello");
    // Analysis: the escape first (a win in one ply: 299.99 pieces), then one more move.
    assert!(lines[1].starts_with("analysis 2 d7-g7 299.99 "), "{}", lines[1]);
    assert_eq!(lines[1].split(' ').count(), 6, "{}", lines[1]);
    assert_eq!(lines[2], "move d7-g7");
    // The second game: a legal defenders' move after d2-c2, then nothing after goodbye.
    assert_eq!(lines.len(), 4, "{out:?}");
    let reply = lines[3].strip_prefix("move ").expect("a move");
    let mut pos = Position::start(&CompiledRules::brandubh());
    pos.play_text("d2-c2").unwrap();
    pos.play_text(reply).unwrap_or_else(|e| panic!("{reply}: {e}"));
    // Each move came with a status line: depth, score, nodes, time and principal line.
    let statuses: Vec<&String> = out.iter().filter(|l| l.starts_with("status depth ")).collect();
    assert_eq!(statuses.len(), 2, "{out:?}");
    assert!(statuses[0].contains(" score win 1 "), "{}", statuses[0]);
}

#[test]
fn full_notation_is_asked_for_and_written() {
    let input = format!(
        "rules {BRANDUBH}\n\
         position /7/7/7/Tt1K3/7/7/7/\n\
         play defenders\n\
         goodbye\n"
    );
    let (status, out, _) = run(&["otep", "--full-moves", "--move-time", "300"], &input);
    assert_eq!(status, 0);
    let lines = without_status(&out);
    assert_eq!(lines[..2], ["hello", "simple-moves off"]);
    // The king takes the last attacker, written as OpenTafl's full record.
    let reply = lines[2].strip_prefix("move ").expect("a move");
    assert_eq!(reply, "Kd4-c4xb4");
}

#[test]
fn malformed_commands_get_an_error_and_the_engine_keeps_serving() {
    let input = format!(
        "play attackers\n\
         dance\n\
         rules dim:7 esc:q start:/7/7/7/7/7/7/7/\n\
         rules {BRANDUBH}\n\
         play sideways\n\
         side north\n\
         clock 1 2\n\
         clock 1 x* 0 0 0\n\
         position /7/7/\n\
         analyze x 1\n\
         analyze 3\n\
         opponent-move a1-a2\n\
         finish 9\n\
         simple-moves maybe\n\
         \n\
         opponent-move z9-z10 /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n\
         position /7/7/7/7/7/7/2t3K/\n\
         play attackers\n\
         position /7/7/7/7/7/7/2tK3/\n\
         clock 2000 2000 0 0 0\n\
         play defenders\n"
    );
    let (status, out, err) = run(&["otep"], &input);
    assert_eq!((status, err.as_str()), (0, ""));
    let lines = without_status(&out);
    assert_eq!(
        lines,
        [
            "hello",
            "error 0 no game: send `rules` first",
            "error 0 unknown command `dance`",
            "error -1 cannot use the rules: rules entry `esc:`: expected `c` (corner) or `e` (edge), found `q`",
            "error 0 `sideways` is not a side: expected attackers or defenders",
            "error 0 `north` is not a side: expected attackers or defenders",
            "error 0 `clock` needs 5 values (attacker-ms[*] defender-ms[*] overtime-s attacker-overtimes defender-overtimes), got 2",
            "error 0 `x` is not a number",
            "error 0 bad position: the position has 2 rows, expected 7 (a square board has as many rows as a row has squares)",
            "error 0 `x` is not a number of moves",
            "error 0 `analyze` needs a number of moves and seconds, like `analyze 5 30`",
            "error 0 `opponent-move` needs a move list and a position",
            "error 0 `finish 9`: expected a code 0 to 3",
            "error 0 `simple-moves maybe`: expected on or off",
            "error 0 the game is over: no move to play",
            "move d7-g7",
        ]
    );
    assert!(out.iter().any(|l| l.starts_with("status cannot follow `z9-z10`")), "{out:?}");
}

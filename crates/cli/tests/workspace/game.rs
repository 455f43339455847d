//! `gridnote game`: replaying and checking OpenTafl game records.

use crate::support::run;

/// A 3x3 game: the king in the middle, one attacker in a corner, one defender.
const GAME: &str =
    "[rules:dim:3 name:Tiny start:/t2/1K1/2T/]\n\n1. a1-a2 c3-b3\n2. a2-a1\n1a.1.1a. a1-b1 b2-c2\n";

#[test]
fn every_ply_of_the_main_line() {
    let (status, out, err) = run(&["game", "-"], GAME.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    // Rank 1 first: a1-a2 takes the attacker up beside the king, c3-b3 the defender left,
    // a2-a1 the attacker back.
    assert_eq!(out, "/3/tK1/2T/\n/3/tK1/1T1/\n/t2/1K1/1T1/\n");
}

#[test]
fn the_final_position_in_another_format() {
    let (status, out, err) =
        run(&["game", "--final", "--to", "TSN", "--quiet", "-"], GAME.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    // Rank 1 first in OTN, bottom row first in TSN too: the attacker back on a1. Three
    // plies played (attackers, defenders, attackers): the defenders move at ply 4, no
    // capture yet.
    assert_eq!(out, "3 4 a2/1k1/1d1 d 4 3\n");
}

/// A 5x5 game with a capture on ply 3 (`c1-c2xd2`), and a variation replacing ply 4.
const CAPTURE: &str = "[rules:dim:5 name:Tiny_Brandub start:/2t2/2T2/tTKTt/2T2/2t2/]\n\n\
    1. e3-e2 c2-d2\n2. c1-c2xd2 b3-b1\n3. c5-d5\n2b.1.1a. ..... d3-e3\n";

#[test]
fn each_ply_carries_its_side_ply_and_plies_since_capture() {
    let (status, out, err) = run(&["game", "--to", "tsn", "-"], CAPTURE.as_bytes());
    // The start's 4 defenders are a TSN count as they are: nothing derived, nothing
    // dropped, so no note.
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "5 4 2a2/2d1a/adkd1/2d2/2a2 d 2 1\n\
         5 4 2a2/3da/adkd1/2d2/2a2 a 3 2\n\
         5 4 5/2a1a/adkd1/2d2/2a2 d 4 0\n\
         5 4 1d3/2a1a/a1kd1/2d2/2a2 a 5 1\n\
         5 4 1d3/2a1a/a1kd1/2d2/3a1 d 6 2\n"
    );
    let (status, out, err) = run(&["game", "--to", "ten", "-"], CAPTURE.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "5 4 2a2/2d1a/adkd1/2d2/2a2 d 2 1 -\n\
         5 4 2a2/3da/adkd1/2d2/2a2 a 3 2 -\n\
         5 4 5/2a1a/adkd1/2d2/2a2 d 4 0 -\n\
         5 4 1d3/2a1a/a1kd1/2d2/2a2 a 5 1 -\n\
         5 4 1d3/2a1a/a1kd1/2d2/3a1 d 6 2 -\n"
    );
    // --final: the last line alone, with the same counters.
    let (status, out, err) = run(&["game", "--final", "--to", "ten", "-"], CAPTURE.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "5 4 1d3/2a1a/a1kd1/2d2/3a1 d 6 2 -\n");
    // Without --to the OTN records, which carry no side or counters, are unchanged.
    let (status, out, _) = run(&["game", "--final", "-"], CAPTURE.as_bytes());
    assert_eq!((status, out.as_str()), (0, "/1T3/2t1t/t1KT1/2T2/3t1/\n"));
}

#[test]
fn a_variation_counts_from_the_start_of_the_game() {
    // 2b.1 keeps the first three plies of the main line and replaces the fourth.
    let (status, out, err) =
        run(&["game", "--line", "2b.1", "--to", "tsn", "-"], CAPTURE.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "5 4 2a2/2d1a/adkd1/2d2/2a2 d 2 1\n\
         5 4 2a2/3da/adkd1/2d2/2a2 a 3 2\n\
         5 4 5/2a1a/adkd1/2d2/2a2 d 4 0\n\
         5 4 5/2a1a/adk1d/2d2/2a2 a 5 1\n"
    );
    let (status, out, _) =
        run(&["game", "--final", "--line", "2b.1", "--to", "ten", "-"], CAPTURE.as_bytes());
    assert_eq!((status, out.as_str()), (0, "5 4 5/2a1a/adk1d/2d2/2a2 a 5 1 -\n"));
}

#[test]
fn the_start_position_has_the_rules_first_mover() {
    // No plies: --final prints the start, the defenders to move under atkf:n.
    let game = "[rules:dim:3 atkf:n start:/1t1/tKt/1t1/]\n";
    let (status, out, err) = run(&["game", "--final", "--to", "tsn", "-"], game.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(out, "3 4 1a1/aka/1a1 d 1 0\n");
    // No defender but the king, four attackers: TSN's defenders at the start are rounded
    // up, and that is noted once.
    assert_eq!(
        err,
        "note: -: derived defenders 4 (the start position has 0 defenders and 4 attackers: the least positive multiple of 4 at least max(defenders, half the attackers rounded up))\n"
    );
    // Without --final a line without plies prints nothing, and notes nothing.
    assert_eq!(
        run(&["game", "--to", "tsn", "-"], game.as_bytes()),
        (0, String::new(), String::new())
    );
    // The defenders move first, so after their first ply the attackers move.
    let game = "[rules:dim:3 atkf:n start:/1t1/tK1/1t1/]\n\n1. b2-c2\n";
    let (status, out, _) = run(&["game", "--to", "ten", "--quiet", "-"], game.as_bytes());
    assert_eq!((status, out.as_str()), (0, "3 4 1a1/a1k/1a1 a 2 1 -\n"));
}

#[test]
fn a_resignation_is_a_ply() {
    // The defenders resign on ply 2: the position stays, the attackers would move at
    // ply 3.
    let game = "[rules:dim:3 start:/t2/1K1/2T/]\n\n1. a1-a2 ---\n";
    let (status, out, _) = run(&["game", "--to", "tsn", "--quiet", "-"], game.as_bytes());
    assert_eq!((status, out.as_str()), (0, "3 4 3/ak1/2d d 2 1\n3 4 3/ak1/2d a 3 2\n"));
}

/// A 3x3 game without a king (so T3EN can hold it): a capture on ply 3.
const KINGLESS: &str = "[rules:dim:3 start:/t1t/3/1T1/]\n\n1. a1-a2 b3-b2\n2. c1-c2xb2\n";

#[test]
fn t3en_carries_the_side_and_notes_the_counters_it_drops() {
    let (status, out, err) = run(&["game", "--to", "t3en", "-"], KINGLESS.as_bytes());
    assert_eq!(status, 0);
    // x (the attackers) and o alternate; the position after the capture has o to move.
    assert_eq!(out, "_o_/x2_/2_x o\n3_/xo_/2_x x\n3_/x_x/3_ o\n");
    // T3EN has no ply or plies since capture: each is dropped where converting back
    // (pieces + 1, pieces) would not give it; the defenders happen to come back.
    assert_eq!(
        err,
        "note: -: turn 1. `a1-a2`: dropped ply 2 (t3en does not carry it; converting back would give 4)\n\
         note: -: turn 1. `a1-a2`: dropped since-capture 1 (t3en does not carry it; converting back would give 3)\n\
         note: -: turn 1. `b3-b2`: dropped ply 3 (t3en does not carry it; converting back would give 4)\n\
         note: -: turn 1. `b3-b2`: dropped since-capture 2 (t3en does not carry it; converting back would give 3)\n\
         note: -: turn 2. `c1-c2xb2`: dropped ply 4 (t3en does not carry it; converting back would give 3)\n\
         note: -: turn 2. `c1-c2xb2`: dropped since-capture 0 (t3en does not carry it; converting back would give 2)\n"
    );
    // --final converts only the last position; --quiet prints no note.
    let (status, out, err) =
        run(&["game", "--final", "--to", "t3en", "--quiet", "-"], KINGLESS.as_bytes());
    assert_eq!((status, out.as_str(), err.as_str()), (0, "3_/x_x/3_ o\n", ""));
    // TSN: the start's one defender and two attackers round up to 4, noted once.
    let (status, out, err) = run(&["game", "--to", "tsn", "-"], KINGLESS.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(out, "3 4 2a/a2/1d1 d 2 1\n3 4 2a/ad1/3 a 3 2\n3 4 3/a1a/3 d 4 0\n");
    assert_eq!(
        err,
        "note: -: derived defenders 4 (the start position has 1 defender and 2 attackers: the least positive multiple of 4 at least max(defenders, half the attackers rounded up))\n"
    );
}

#[test]
fn notes_are_summarised_after_three_plies() {
    // Five plies into T3EN: each kind of note listed for the first three plies that have
    // it, then counted (after ply 3, ply 4 and 3 plies since capture come back from the
    // three pieces: nothing dropped there).
    let game = "[rules:dim:3 start:/t1t/3/1T1/]\n\n1. a1-a2 b3-b2\n2. a2-a3 b2-b3\n3. c1-c2\n";
    let (status, _, err) = run(&["game", "--to", "t3en", "-"], game.as_bytes());
    assert_eq!(status, 0);
    let tail: Vec<&str> = err.lines().skip(6).collect();
    assert_eq!(
        tail,
        [
            "note: dropped ply (t3en does not carry it; converting back would give 4) for 4 plies (the first 3 listed above; --notes all lists every one)",
            "note: dropped since-capture (t3en does not carry it; converting back would give 3) for 4 plies (the first 3 listed above; --notes all lists every one)",
        ]
    );
    let (_, _, all) = run(&["game", "--to", "t3en", "--notes", "all", "-"], game.as_bytes());
    assert_eq!(all.lines().count(), 8);
    assert!(all.lines().all(|l| l.starts_with("note: -: turn ")), "{all}");
}

#[test]
fn a_variation_by_its_address() {
    let (status, out, _) = run(&["game", "--line", "1a.1", "-"], GAME.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(out, "/1t1/1K1/2T/\n/1t1/2K/2T/\n");
    // With the trailing dot the files use, too.
    assert_eq!(run(&["game", "--line", "1a.1.", "-"], GAME.as_bytes()).1, out);
}

#[test]
fn check_replays_every_line_under_the_rules() {
    // CAPTURE's main line with its capture listed; its variation 2b.1 plays d3-e3, which
    // takes e2 against the corner e1: a record that lists captures must list that one.
    let listed = CAPTURE.replace("..... d3-e3", "..... d3-e3xe2");
    let (status, out, err) = run(&["game", "--check", "-"], listed.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "-: ok (2 line(s), 9 plies; the main line ends: the game goes on)\n");
    let (status, out, err) = run(&["game", "--check", "-"], CAPTURE.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:6:16: error: line 2b.1: turn 2b.1.1a. `d3-e3`: d3-e3: the rules capture e2 (missing from the text)\n\
         \x20 | 2b.1.1a. ..... d3-e3\n\
         \x20 |                ^^^^^\n\
         -: 1 of 2 line(s) cannot be replayed\n"
    );
}

#[test]
fn a_plain_move_list_has_its_captures_computed() {
    // No move lists a capture: c1-c2 takes d2 and d3-e3 takes e2, computed.
    let plain = CAPTURE.replace("c1-c2xd2", "c1-c2");
    let (status, out, err) = run(&["game", "--check", "-"], plain.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "-: ok (2 line(s), 9 plies; the main line ends: the game goes on; the record lists no captures: the rules computed them)\n"
    );
}

#[test]
fn a_missing_or_extra_capture_is_refused_naming_the_turn() {
    // The variation lists the capture the main line leaves out.
    let text = "[rules:dim:5 start:/2t2/2T2/tTKTt/2T2/2t2/]\n\n1. e3-e2 c2-d2\n2. c1-c2 b3-b1\n2a.1.1a. c1-c2xd2\n";
    let (status, out, err) = run(&["game", "--check", "-"], text.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:4:4: error: line main: turn 2. `c1-c2`: c1-c2: the rules capture d2 (missing from the text)\n\
         \x20 | 2. c1-c2 b3-b1\n\
         \x20 |    ^^^^^\n\
         -: 1 of 2 line(s) cannot be replayed\n"
    );
    let text =
        "[rules:dim:5 start:/2t2/2T2/tTKTt/2T2/2t2/]\n\n1. e3-e2 c2-d2\n2. c1-c2xd2/b3 b3-b1\n";
    let (status, out, err) = run(&["game", "--check", "-"], text.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:4:4: error: line main: turn 2. `c1-c2xd2/b3`: c1-c2: the text lists b3, which the rules do not capture\n\
         \x20 | 2. c1-c2xd2/b3 b3-b1\n\
         \x20 |    ^^^^^^^^^^^\n\
         -: 1 of 1 line(s) cannot be replayed\n"
    );
}

#[test]
fn an_illegal_move_is_refused_naming_the_turn() {
    // GAME's a2-a1 takes the attacker back onto the corner a1, where only the king may
    // stop.
    let (status, out, err) = run(&["game", "--check", "-"], GAME.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:4:4: error: line main: turn 2. `a2-a1`: a2-a1 is not a legal move for the attackers\n\
         \x20 | 2. a2-a1\n\
         \x20 |    ^^^^^\n\
         -: 1 of 2 line(s) cannot be replayed\n"
    );
}

#[test]
fn the_result_tag_is_checked_against_the_main_line() {
    let rules = "[rules:dim:5 start:/2t2/2T2/tTKTt/2T2/2t2/]\n\n";
    // The defenders resign: the attackers win.
    let game = format!("[result:1]\n{rules}1. e3-e2 ---\n");
    let (status, out, err) = run(&["game", "--check", "-"], game.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "-: ok (1 line(s), 2 plies; the main line ends: the defenders resigned)\n");
    let game = format!("[result:-1]\n{rules}1. e3-e2 ---\n");
    let (status, out, err) = run(&["game", "--check", "-"], game.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "error: -: the result tag [result:-1] says the defenders win, but the main line ends after turn 1.: the defenders resigned\n"
    );
    // A line that does not end the game agrees with any result (a resignation not
    // written, a loss on time).
    let game = format!("[result:0]\n{rules}1. e3-e2\n");
    assert_eq!(run(&["game", "--check", "-"], game.as_bytes()).0, 0);
    // No move may follow the end: the king reaches the corner e5.
    let game =
        "[result:-1]\n[rules:dim:5 start:/5/5/2K2/5/1t3/]\n\n1. b5-b4 Kc3-c5\n2. b4-b3 Kc5-e5\n";
    let (status, out, err) = run(&["game", "--check", "-"], game.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "-: ok (1 line(s), 4 plies; the main line ends: the defenders win: the king escaped)\n"
    );
    let (status, _, err) =
        run(&["game", "--check", "-"], game.replace("[result:-1]", "[result:1]").as_bytes());
    assert_eq!(status, 1);
    assert_eq!(
        err,
        "error: -: the result tag [result:1] says the attackers win, but the main line ends after turn 2.: the defenders win: the king escaped\n"
    );
    let more = format!("{game}3. b3-b2\n");
    let (status, _, err) = run(&["game", "--check", "-"], more.as_bytes());
    assert_eq!(status, 1);
    assert!(err.starts_with("-:6:4: error: line main: turn 3. `b3-b2`: the game is already over (the defenders win: the king escaped)\n"), "{err}");
}

#[test]
fn a_bad_move_names_turn_line_column_and_nothing_is_printed() {
    let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 c1-c2\n2. b1-b3\n";
    let (status, out, err) = run(&["game", "-"], text.as_bytes());
    assert_eq!(status, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "-:3:10: error: turn 1. (line 3, column 10) `c1-c2`: the start square c1 is empty\n  | 1. a1-a2 c1-c2\n  |          ^^^^^\n"
    );
    let (status, out, err) = run(&["game", "--check", "-"], text.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:3:10: error: line main: turn 1. `c1-c2`: c1-c2: no piece stands on c1\n  | 1. a1-a2 c1-c2\n  |          ^^^^^\n-: 1 of 1 line(s) cannot be replayed\n"
    );
    // The defenders moving the attackers' piece.
    let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 a2-a3\n";
    let (status, _, err) = run(&["game", "--check", "-"], text.as_bytes());
    assert_eq!(status, 1);
    assert!(
        err.starts_with("-:3:10: error: line main: turn 1. `a2-a3`: a2-a3: the defenders are to move, and the piece on a2 is not theirs\n"),
        "{err}"
    );
}

#[test]
fn a_syntax_error_is_spanned() {
    let (status, out, err) =
        run(&["game", "-"], b"[rules:dim:3 start:/3/3/3/]\n\n1. a1-a2 b2-b3 c1-c2\n");
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:3:16: error: turn 1.: a turn holds at most two moves\n  | 1. a1-a2 b2-b3 c1-c2\n  |                ^^^^^\n"
    );
}

#[test]
fn usage_errors_come_before_reading() {
    let (status, _, err) = run(&["game", "--line", "x", "-"], b"");
    assert_eq!(status, 2);
    assert!(err.starts_with("error: --line \"x\":"), "{err}");
    let (status, _, err) = run(&["game", "no-such-file.otg"], b"");
    assert_eq!(status, 2);
    assert!(err.starts_with("error: cannot open game file `no-such-file.otg`"), "{err}");
    let (status, _, err) = run(&["game", "--line", "9a.1", "-"], GAME.as_bytes());
    assert_eq!(status, 1);
    assert_eq!(err, "error: -: the game has no line 9a.1; its lines are main, 1a.1\n");
}

#[test]
fn a_position_that_cannot_be_converted_fails_whole() {
    // T3EN has no king.
    let (status, out, err) = run(&["game", "--to", "t3en", "-"], GAME.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("error: -: turn 1. `a1-a2`: the position /3/tK1/2T/ as t3en: cannot write t3en: the king at b2"), "{err}");
}

#[test]
fn the_fixture_games_replay_under_the_rules() {
    // The fixtures copied from OpenTafl's records, and the hand-written ones, replay;
    // two hand-written syntax fixtures are not legal games, and say where.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/otn/valid");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "otg") {
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let (status, out, err) = run(&["game", "--check", path.to_str().unwrap()], b"");
        let shown = path.to_str().unwrap();
        match name.as_str() {
            // Ne3=c3 is no berserk continuation (nothing was captured) and takes nothing.
            "berserk-pieces.otg" => {
                assert_eq!(status, 1);
                assert!(err.starts_with(&format!("{shown}:5:4: error: line main: turn 2. `Ne3=c3xce2`: e3-c3: the text lists e2, which the rules do not capture\n")), "{err}");
            }
            // The king on b4 cannot take a4 against the edge.
            "resignation.otg" => {
                assert_eq!(status, 1);
                assert!(err.starts_with(&format!("{shown}:4:4: error: line main: turn 2. `Kc4-b4xa4`: c4-b4: the text lists a4, which the rules do not capture\n")), "{err}");
            }
            _ => {
                assert_eq!(status, 0, "{}: {err}", path.display());
                assert!(out.starts_with(&format!("{shown}: ok (")), "{out}");
                games += 1;
            }
        }
    }
    assert!(games >= 8, "{games}");
}

//! `gridnote moves` and `gridnote perft`: legal moves and perft of tafl positions under
//! their rules.

/// `gridnote ARGS` in-process with no standard input.
fn run(args: &[&str]) -> (u8, String, String) {
    crate::support::run(args, b"")
}

const BRANDUB_RECORD: &str = "dim:7 name:Brandub ks:w start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// Brandubh: the king on a6, one attacker on c7.
const KING_A6: &str = "/7/7/7/7/7/K6/2t4/";

#[test]
fn each_move_with_what_it_captures_and_ends() {
    // The king beside a corner: two moves escape.
    let (status, out, err) = run(&["moves", "--rules", "brandubh", "--side", "d", KING_A6]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "argument 1: /7/7/7/7/7/K6/2t4/\n  defenders to move (as --side says); ongoing; 12 legal moves\n  \
         Ka6-b6\n  Ka6-c6\n  Ka6-d6\n  Ka6-e6\n  Ka6-f6\n  Ka6-g6\n  Ka6-a5\n  Ka6-a4\n  Ka6-a3\n  Ka6-a2\n  \
         Ka6-a1  ends: the defenders win: the king escaped\n  \
         Ka6-a7  ends: the defenders win: the king escaped\n"
    );
    // The king takes b4 against the defender on a4.
    let (status, out, _) =
        run(&["moves", "--rules", "brandubh", "--side", "d", "/7/7/7/Tt1K3/7/7/6t/"]);
    assert_eq!(status, 0);
    assert!(out.contains("\n  Kd4-c4xb4\n"), "{out}");
    assert!(out.contains("; 14 legal moves\n"), "{out}");
}

#[test]
fn json_has_one_object_per_input() {
    let (status, out, _) =
        run(&["moves", "--json", "--rules", "brandubh", "--side", "d", "/7/7/7/Tt1K3/7/7/6t/"]);
    assert_eq!(status, 0);
    assert_eq!(out.lines().count(), 1);
    assert!(out.starts_with("{\"input\":\"/7/7/7/Tt1K3/7/7/6t/\",\"to_move\":\"d\",\"outcome\":\"none\",\"moves\":[{\"move\":\"a4-a3\",\"from\":\"a4\",\"to\":\"a3\",\"captures\":[],\"position\":\"/7/7/T6/1t1K3/7/7/6t/\",\"ends\":\"none\"},"), "{out}");
    assert!(out.contains(",{\"move\":\"Kd4-c4xb4\",\"from\":\"d4\",\"to\":\"c4\",\"captures\":[\"b4\"],\"position\":\"/7/7/7/T1K4/7/7/6t/\",\"ends\":\"none\"},"), "{out}");
    // An escaping move says what it ends and why; a finished game has no moves.
    let (_, out, _) = run(&["moves", "--json", "--rules", "brandubh", "--side", "d", KING_A6]);
    assert!(out.ends_with(",{\"move\":\"Ka6-a7\",\"from\":\"a6\",\"to\":\"a7\",\"captures\":[],\"position\":\"/7/7/7/7/7/7/K1t4/\",\"ends\":\"defenders\",\"reason\":\"king_escaped\"}]}\n"), "{out}");
    let (_, out, _) = run(&["moves", "--json", "--rules", "brandubh", "/7/7/7/7/7/7/K1t4/"]);
    assert_eq!(
        out,
        "{\"input\":\"/7/7/7/7/7/7/K1t4/\",\"to_move\":\"a\",\"outcome\":\"defenders\",\"reason\":\"king_escaped\",\"moves\":[]}\n"
    );
}

#[test]
fn the_side_comes_from_the_position_then_side_then_the_rules() {
    // A rules record stands for its start, the attackers to move (atkf).
    let (status, out, _) = run(&["moves", BRANDUB_RECORD]);
    assert_eq!(status, 0);
    assert!(out.contains("\n  attackers to move (the rules' first mover: the position does not say); ongoing; 40 legal moves\n"), "{out}");
    // TEN carries the side and, in its extension, the rules (atkf:n: the defenders).
    let ten = "7 4 3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 d 1 0 otn:1:dim:7%20name:Brandub%20atkf:n%20ks:w%20start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let (status, out, _) = run(&["moves", ten]);
    assert_eq!(status, 0);
    assert!(
        out.contains(
            "\n  defenders to move (as the position says); ongoing; 24 legal moves\n  d5-c5\n"
        ),
        "{out}"
    );
    // TSN carries the side (bottom row first).
    let (status, out, _) = run(&["moves", "--rules", "brandub", "7 4 7/7/7/da1k3/7/7/6a d 1 0"]);
    assert_eq!(status, 0);
    assert!(
        out.contains("\n  defenders to move (as the position says); ongoing; 14 legal moves\n"),
        "{out}"
    );
    // --side cannot contradict it.
    let (status, out, err) =
        run(&["moves", "--rules", "brandub", "--side", "a", "7 4 7/7/7/da1k3/7/7/6a d 1 0"]);
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "error: argument 1: the position has the defenders to move, --side the attackers\n  | 7 4 7/7/7/da1k3/7/7/6a d 1 0\n  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    );
}

#[test]
fn a_position_without_rules_or_of_another_size_is_refused() {
    let (status, _, err) = run(&["moves", KING_A6]);
    assert_eq!(status, 1);
    assert!(err.starts_with("error: argument 1: no tafl rules: give --rules (a preset such as copenhagen, or an OpenTafl rules record)"), "{err}");
    let (status, _, err) = run(&["moves", "--rules", "copenhagen", KING_A6]);
    assert_eq!(status, 1);
    assert!(
        err.starts_with(
            "error: argument 1: the rules are for a 11x11 board, the position is 7x7\n"
        ),
        "{err}"
    );
    let (status, _, err) = run(&["moves", "--rules", "brandub", "3_/3_/3_ x"]);
    assert_eq!(status, 1);
    assert!(
        err.starts_with("error: argument 1: not a tafl position (t3en is an m,n,k format)\n"),
        "{err}"
    );
    let (status, _, err) = run(&["moves", "--rules", "chess", KING_A6]);
    assert_eq!(status, 2);
    assert!(err.contains("unknown tafl rules `chess`: expected a preset (copenhagen, "), "{err}");
    let (status, _, err) = run(&["moves", "--rules", "brandub", "--side", "x", KING_A6]);
    assert_eq!(status, 2);
    assert!(err.contains("unknown side `x`: expected a (attackers) or d (defenders)"), "{err}");
}

#[test]
fn perft_counts_each_depth_and_divides() {
    // OpenTafl's counts from Brandubh's start (docs/tafl-rules.md).
    let (status, out, err) = run(&["perft", "--depth", "3", BRANDUB_RECORD]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "depth 1: 40\ndepth 2: 960\ndepth 3: 39512\n");
    let (status, out, _) = run(&[
        "perft", "--depth", "2", "--divide", "--json", "--rules", "brandubh", "--side", "d",
        KING_A6,
    ]);
    assert_eq!(status, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12 + 2);
    assert_eq!(lines[0], "{\"move\":\"a6-b6\",\"nodes\":10}");
    assert_eq!(lines[1], "{\"move\":\"a6-c6\",\"nodes\":4}");
    // The escapes end the game: nothing below them.
    assert_eq!(lines[10], "{\"move\":\"a6-a1\",\"nodes\":0}");
    assert_eq!(lines[12..], ["{\"depth\":1,\"nodes\":12}", "{\"depth\":2,\"nodes\":94}"]);
    let (status, out, _) =
        run(&["perft", "--depth", "1", "--divide", "--rules", "brandubh", "--side", "d", KING_A6]);
    assert_eq!(status, 0);
    assert!(
        out.starts_with("a6-b6: 1\na6-c6: 1\n") && out.ends_with("a6-a7: 1\ndepth 1: 12\n"),
        "{out}"
    );
}

#[test]
fn perft_depth_is_bounded_and_bad_positions_fail() {
    let (status, _, err) = run(&["perft", "--depth", "9", BRANDUB_RECORD]);
    assert_eq!(status, 2);
    assert!(err.contains("invalid value '9' for '--depth <N>': 9 is not in 1..=8"), "{err}");
    let (status, _, err) = run(&["perft", "--depth", "0", BRANDUB_RECORD]);
    assert_eq!(status, 2);
    assert!(err.contains("0 is not in 1..=8"), "{err}");
    let (status, out, err) = run(&["perft", "--depth", "1", "/7/7/"]);
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("error: argument 1: "), "{err}");
    // A finished game has no moves.
    let (status, out, _) =
        run(&["perft", "--depth", "2", "--rules", "brandubh", "/7/7/7/7/7/7/K1t4/"]);
    assert_eq!((status, out.as_str()), (0, "depth 1: 0\ndepth 2: 0\n"));
}

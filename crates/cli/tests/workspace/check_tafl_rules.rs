//! `gridnote check --rules` with a tafl preset or an OpenTafl rules record.

/// `gridnote ARGS` in-process with no standard input.
fn run(args: &[&str]) -> (u8, String, String) {
    crate::support::run(args, b"")
}

const BRANDUB: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

#[test]
fn a_preset_of_the_position_size_is_named_and_finds_no_problem() {
    let (status, out, err) = run(&["check", "--rules", "brandub", BRANDUB]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "argument 1: {BRANDUB}\n  format: otn, tafl rules: brandub\n  attackers to move (the rules' first mover: the position does not say)\n  no problems\n  outcome: ongoing\n"
        )
    );
}

#[test]
fn rules_for_another_size_are_a_problem() {
    let (status, out, _) = run(&["check", "--rules", "copenhagen", BRANDUB]);
    assert_eq!(status, 1);
    assert!(
        out.ends_with("  problems:\n    - the rules are for a 11x11 board, the position is 7x7\n"),
        "{out}"
    );
}

#[test]
fn a_rules_record_is_named_by_its_canonical_text() {
    // The king is surrounded by four attackers, so no defender can move: under the rules
    // (defenders to move first, atkf:n) the attackers have won.
    let (status, out, _) = run(&[
        "check",
        "--json",
        "--rules",
        "dim:3 ks:y atkf:n start:/1t1/tKt/1t1/",
        "/1t1/tKt/1t1/",
    ]);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "{\"input\":\"/1t1/tKt/1t1/\",\"format\":\"otn\",\"rules\":\"dim:3 atkf:n ks:s start:/1t1/tKt/1t1/\",\"legal\":true,\"problems\":[],\"to_move\":\"d\",\"outcome\":\"attackers\",\"reason\":\"defenders_immobile\"}\n"
    );
}

#[test]
fn tafl_rules_on_an_mnk_position_are_a_problem() {
    let (status, out, _) = run(&["check", "--rules", "tablut", "3_/3_/3_ x"]);
    assert_eq!(status, 1);
    assert!(
        out.contains("    - the tafl rules tablut do not apply to an m,n,k position (t3en)\n"),
        "{out}"
    );
}

#[test]
fn unknown_names_and_bad_records_are_usage_errors() {
    let (status, _, err) = run(&["check", "--rules", "chess", BRANDUB]);
    assert_eq!(status, 2);
    assert!(
        err.contains(
            "unknown rules `chess`: expected tic-tac-toe, tomorrows, gomoku, renju or caro (m,n,k)"
        ),
        "{err}"
    );
    assert!(err.contains("a tafl preset (copenhagen, copenhagen-relaxed, fetlar"), "{err}");
    let (status, _, err) = run(&["check", "--rules", "dim:3 esc:x start:/3/3/3/", BRANDUB]);
    assert_eq!(status, 2);
    assert!(
        err.contains("not an OpenTafl rules record: rules entry `esc:`: expected `c` (corner) or `e` (edge), found `x`"),
        "{err}"
    );
}

#[test]
fn the_side_to_move_and_the_outcome_come_from_the_rules_engine() {
    // TSN carries the side; the king on a corner (a7: rank 7 is TSN's first row) has
    // escaped.
    let (status, out, err) = run(&[
        "check",
        "--rules",
        "brandub",
        "7 4 k6/7/7/7/7/7/6a a 5 0",
        "7 4 1k5/7/7/7/7/7/6a d 5 0",
    ]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "argument 1: 7 4 k6/7/7/7/7/7/6a a 5 0\n  format: tsn, tafl rules: brandub\n  attackers to move (as the position says)\n  no problems\n  outcome: the defenders win: the king escaped\n\
         argument 2: 7 4 1k5/7/7/7/7/7/6a d 5 0\n  format: tsn, tafl rules: brandub\n  defenders to move (as the position says)\n  no problems\n  outcome: ongoing\n"
    );
    let (status, out, _) =
        run(&["check", "--json", "--rules", "brandub", "7 4 k6/7/7/7/7/7/6a a 5 0"]);
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "{\"input\":\"7 4 k6/7/7/7/7/7/6a a 5 0\",\"format\":\"tsn\",\"rules\":\"brandub\",\"legal\":true,\"problems\":[],\"to_move\":\"a\",\"outcome\":\"defenders\",\"reason\":\"king_escaped\"}\n"
    );
}

#[test]
fn more_pieces_of_a_kind_than_the_start_is_a_problem() {
    // Brandubh starts with one king; mercenaries would count for both sides together. A
    // second king is a problem of any tafl position, with or without rules.
    let (status, out, _) = run(&["check", "--rules", "brandub", "/7/7/7/KK5/7/7/6t/"]);
    assert_eq!(status, 1);
    assert_eq!(
        out,
        "argument 1: /7/7/7/KK5/7/7/6t/\n  format: otn, tafl rules: brandub\n  attackers to move (the rules' first mover: the position does not say)\n  problems:\n    - 2 kings of the defenders on the board: a side has at most one king\n    - the defenders have 2 kings, the rules' start position 1\n  outcome: ongoing\n"
    );
}

#[test]
fn m_n_k_rule_flags_on_tafl_are_a_usage_error() {
    // On tafl rules: refused before any input is read.
    let (status, out, err) = run(&["check", "--rules", "brandubh", "--misere", "--in-a-row", "4"]);
    assert_eq!(
        (status, out.as_str(), err.as_str()),
        (
            2,
            "",
            "error: --misere and --in-a-row are m,n,k rules: they do not apply to the tafl rules brandubh\n"
        )
    );
    // On a tafl position: that input is refused, and the status says usage; an m,n,k
    // position beside it is checked as usual.
    let (status, out, err) =
        run(&["check", "--diagonals", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "xo_/_x_/3_ o"]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        "error: argument 1: --diagonals is an m,n,k rule: it does not apply to a tafl position (otn)\n  | /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    );
    assert!(
        out.starts_with("argument 2: xo_/_x_/3_ o\n  format: t3en, rules: tic-tac-toe\n"),
        "{out}"
    );
}

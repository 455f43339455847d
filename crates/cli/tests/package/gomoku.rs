//! Gomoku's rule sets on the command line: `--rules gomoku+exact`, `renju`, `caro`, the
//! conflicting modifiers refused, and `check` naming black's forbidden points.

use crate::support::run;

/// Black (x) on d4 e4 f5 f6 of a 9×9 board, white on a1 a2 a9 i9: f4 would make two
/// threes.
const DOUBLE_THREE: &str = "o7_o/9_/9_/5_x3_/5_x3_/3_xx4_/9_/o8_/o8_ x";

#[test]
fn check_names_blacks_forbidden_points_under_renju() {
    let (status, out, err) = run(&["check", "--rules", "renju", DOUBLE_THREE], b"");
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "argument 1: {DOUBLE_THREE}\n  format: t3en, rules: renju\n  legal\n  \
             outcome: in progress\n  forbidden to black (renju): f4 (double-three)\n"
        )
    );
    let (status, out, _) = run(&["check", "--json", "--rules", "renju", DOUBLE_THREE], b"");
    assert_eq!(status, 0);
    assert_eq!(
        out,
        format!(
            "{{\"input\":\"{DOUBLE_THREE}\",\"format\":\"t3en\",\"rules\":\"renju\",\
             \"legal\":true,\"problems\":[],\"outcome\":\"in progress\",\
             \"forbidden\":[{{\"cell\":\"f4\",\"kind\":\"double-three\"}}],\"legality\":[]}}\n"
        )
    );
    // Renju with no forbidden point says so; other rules say nothing of them.
    let (_, out, _) = run(&["check", "--rules", "renju", "9_/9_/9_/9_/9_/9_/9_/9_/9_ x"], b"");
    assert!(out.ends_with("  forbidden to black (renju): none\n"), "{out}");
    let (_, out, _) = run(&["check", "--rules", "gomoku+exact", DOUBLE_THREE], b"");
    assert!(!out.contains("forbidden"), "{out}");
    assert!(out.contains("rules: gomoku+exact\n"), "{out}");
}

#[test]
fn the_rule_sets_judge_long_runs() {
    // Six x and six o in a row on an 8×8 board: freestyle and caro, both lines (no game
    // reaches that); exact, neither; renju, white's only.
    let six = "xxxxxx2_/8_/8_/8_/8_/8_/8_/oooooo2_ x";
    let outcome = |rules: &str| {
        let (_, out, _) = run(&["check", "--rules", rules, six], b"");
        out.lines().find_map(|l| l.strip_prefix("  outcome: ")).unwrap_or_default().to_owned()
    };
    assert_eq!(outcome("gomoku"), "contested: both players hold a line");
    assert_eq!(outcome("caro"), "contested: both players hold a line");
    assert_eq!(outcome("gomoku+exact"), "in progress");
    assert_eq!(outcome("renju"), "won by Player Two");
}

#[test]
fn conflicting_rules_modifiers_are_refused() {
    for (rules, message) in [
        ("tic-tac-toe+k=3+k=4", "rules modifier `+k=4` conflicts with `+k=3`: give each once"),
        (
            "tic-tac-toe+diagonals+no-diagonals",
            "rules modifier `+no-diagonals` conflicts with `+diagonals`: give each once",
        ),
        ("gomoku+misere+misere", "rules modifier `+misere` is given twice"),
    ] {
        for command in ["check", "solve"] {
            let (status, out, err) = run(&[command, "--rules", rules, "3_/3_/3_ x"], b"");
            assert_eq!((status, out.as_str()), (2, ""), "{command} {rules}");
            assert!(err.contains(message), "{command} {rules}: {err}");
        }
    }
}

#[test]
fn solve_plays_by_the_rule_set() {
    // Four in a row on 5×5, black to move with x x _ _ _ on the top row: renju's black
    // wins as freestyle's does here.
    let (status, out, err) = run(&["solve", "--rules", "renju+k=4", "xx3_/5_/5_/5_/oo3_ x"], b"");
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "x wins in 15 plies; best: c4\n");
}

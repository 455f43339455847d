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

/// Black's d8 e8 f8 h8 i8, white on the a-file, then black's g8: six in a row.
const SIX: &str = "Piskvorky 15x15, 11:11, 0\n4,8,0\n1,1,0\n5,8,0\n1,2,0\n6,8,0\n1,3,0\n8,8,0\n1,5,0\n9,8,0\n2,2,0\n7,8,0\n-1\n";

#[test]
fn game_replays_psq_records_and_move_lists_under_the_rules() {
    let check = |rules: &str| run(&["game", "--check", "--rules", rules, "-"], SIX.as_bytes());
    assert_eq!(
        check("gomoku"),
        (0, "-: 11 plies under gomoku: x (black) wins at ply 11\n".to_owned(), String::new())
    );
    assert_eq!(
        check("renju").1,
        "-: 11 plies under renju: o (white) wins: x's move g8 at ply 11 is forbidden (overline)\n"
    );
    assert_eq!(check("gomoku+exact").1, "-: 11 plies under gomoku+exact: in progress\n");
    // Freestyle is named as gomoku players name it, with what differs.
    assert_eq!(check("tic-tac-toe+k=5").1, "-: 11 plies under gomoku: x (black) wins at ply 11\n");
    assert_eq!(check("gomoku+k=6").1, "-: 11 plies under gomoku+k=6: x (black) wins at ply 11\n");
    assert_eq!(
        check("gomoku+misere").1,
        "-: 11 plies under gomoku+misere: o (white) wins at ply 11\n"
    );
    assert_eq!(
        check("tomorrows+k=5").1,
        "-: 11 plies under tomorrows+k=5: x (black) wins at ply 11\n"
    );
    // The position after any ply, as T3EN.
    let (status, out, _) = run(&["game", "--ply", "1", "-"], SIX.as_bytes());
    assert_eq!(
        (status, out.as_str()),
        (0, "15_/15_/15_/15_/15_/15_/15_/3_x11_/15_/15_/15_/15_/15_/15_/15_ o\n")
    );
    let (_, out, _) = run(&["game", "-"], SIX.as_bytes());
    assert_eq!(out.lines().count(), 12);
    assert_eq!(
        out.lines().next(),
        Some("15_/15_/15_/15_/15_/15_/15_/15_/15_/15_/15_/15_/15_/15_/15_ x")
    );
    // A move list, on the board --size gives.
    let (status, out, _) = run(&["game", "--final", "--size", "9", "-"], b"e5 d4\n");
    assert_eq!((status, out.as_str()), (0, "9_/9_/9_/9_/4_x4_/3_o5_/9_/9_/9_ x\n"));
    let (status, out, _) = run(&["game", "--check", "-"], b"h8h8");
    assert_eq!((status, out.as_str()), (1, ""));
}

#[test]
fn game_refuses_what_does_not_fit_a_gomoku_record() {
    let (status, _, err) = run(&["game", "-"], b"Piskvorky 20x20, 11:11, 0\n21,3,0\n");
    assert_eq!(status, 1);
    assert_eq!(
        err,
        "error: -: line 2: move 21,3 is off the 20x20 board (x and y run from 1 to 20)\n  | 21,3,0\n  | ^^^^^^\n"
    );
    let (status, _, err) = run(&["game", "--size", "9", "-"], SIX.as_bytes());
    assert_eq!(
        (status, err.as_str()),
        (2, "error: --size is for move lists: a .psq record gives its board (15x15)\n")
    );
    let (status, _, err) = run(&["game", "--ply", "12", "-"], SIX.as_bytes());
    assert_eq!((status, err.as_str()), (1, "error: -: --ply 12: the game has 11 plies\n"));
    let (status, _, err) = run(&["game", "--size", "0", "-"], b"h8");
    assert_eq!(status, 2);
    assert!(
        err.contains("`0` is not a board size: expected N or ROWSxCOLS, each 1 to 255"),
        "{err}"
    );
}

#[test]
fn solve_looks_for_wins_by_fours_and_threats() {
    // x h8 i8 j8, an open three; o scattered on row 2.
    let open_three = "15_/15_/15_/15_/15_/15_/15_/7_xxx5_/15_/15_/15_/15_/15_/o_o_o10_/15_ x";
    let (status, out, err) = run(&["solve", "--vcf", "--rules", "gomoku", open_three], b"");
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "x wins by fours (VCF) in 2 threats; line: g8 k8 f8\n");
    let (_, out, _) = run(&["solve", "--vcf", "--json", "--rules", "gomoku", open_three], b"");
    assert_eq!(
        out,
        format!(
            "{{\"input\":\"{open_three}\",\"search\":\"vcf\",\"winner\":\"x\",\
             \"line\":[\"g8\",\"k8\",\"f8\"],\"threats\":2,\"nodes\":2}}\n"
        )
    );
    // x h8 i8 and j9 j10: j8 makes two open threes, a win by threats; under renju it is
    // black's forbidden double-three, and the win found starts elsewhere.
    let two_twos = "15_/15_/15_/15_/15_/9_x5_/9_x5_/7_xx6_/15_/15_/15_/15_/15_/15_/o4_o4_o3_o x";
    let (_, out, _) = run(&["solve", "--vct", "--rules", "gomoku", two_twos], b"");
    assert_eq!(out, "x wins by threats (VCT) in 2 threats; first move: j8\n");
    let (_, out, _) = run(&["solve", "--vct", "--rules", "renju", two_twos], b"");
    assert!(out.starts_with("x wins by threats (VCT) in ") && !out.ends_with(": j8\n"), "{out}");
    // None within the budget's threats, and a budget that runs out.
    let (status, out, _) = run(&["solve", "--vcf", "--rules", "gomoku", two_twos], b"");
    assert_eq!((status, out.as_str()), (0, "no win by fours (VCF) for x within 20 threats\n"));
    let (status, out, err) =
        run(&["solve", "--vct", "--nodes", "3", "--rules", "gomoku", two_twos], b"");
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(
        err.contains("out of budget after 3 nodes: no win by threats (VCT) found yet for x"),
        "{err}"
    );
    // The flags that only go with a threat search.
    let (status, _, err) = run(&["solve", "--nodes", "5", "3_/3_/3_ x"], b"");
    assert_eq!(
        (status, err.as_str()),
        (2, "error: --nodes and --threats are for --vcf and --vct\n")
    );
    let (status, _, err) = run(&["solve", "--vcf", "--nodes", "0", "3_/3_/3_ x"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("`0` is not a number of nodes from 1 to 1000000000000"), "{err}");
}

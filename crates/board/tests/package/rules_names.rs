//! Every rules name gridnote prints reads back (issue 18: `check` printed
//! `tic-tac-toe+k=4`, which `--rules` rejected).

use gridnote_board::{Gomoku, Rules};

#[test]
fn every_printed_rules_name_reads_back_to_the_same_rules() {
    let mut seen = std::collections::HashSet::new();
    for diagonals in [false, true] {
        for misere in [false, true] {
            for in_a_row in (1..=64).chain([100, 255, 1000, 65_535, 4_294_967_295]) {
                for gomoku in [Gomoku::Freestyle, Gomoku::Exact, Gomoku::Renju, Gomoku::Caro] {
                    let rules = Rules::new(in_a_row, diagonals, misere).with_gomoku(gomoku);
                    let name = rules.to_string();
                    assert_eq!(name.parse::<Rules>(), Ok(rules), "{name}");
                    assert!(seen.insert(name.clone()), "two rules print as {name}");
                }
            }
        }
    }
    assert!(seen.contains("tic-tac-toe+k=4") && seen.contains("tomorrows+misere"));
    for name in ["gomoku+exact", "renju", "caro+no-diagonals+misere+k=6", "tic-tac-toe+k=5"] {
        assert!(seen.contains(name), "{name}");
    }
}

#[test]
fn the_modifiers_read_in_any_order_and_the_names_are_exact() {
    let expected = Rules::new(4, true, true);
    for name in [
        "tomorrows+diagonals+misere+k=4",
        "tic-tac-toe+k=4+misere",
        "tomorrows+k=4+misere+diagonals",
    ] {
        assert_eq!(name.parse::<Rules>(), Ok(expected), "{name}");
    }
    for name in [
        "",
        "tic-tac-toe+",
        "tic-tac-toe+k=0",
        "tic-tac-toe+k=",
        "Tic-Tac-Toe",
        "tomorrows+k=04",
        "chess",
        "Renju",
        "renju+exact",
        "caro+exact",
        "gomoku+k=5+k=6",
        "gomoku+exact+exact",
        "tic-tac-toe+misere+misere",
        "tomorrows+no-diagonals+diagonals",
    ] {
        assert!(name.parse::<Rules>().is_err(), "{name}");
    }
}

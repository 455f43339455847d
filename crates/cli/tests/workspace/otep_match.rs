//! `gridnote match --protocol otep` through the binary: gridnote's OTEP engine against
//! itself (one side in full notation) on an open board the king escapes from.

use std::process::Command;

use crate::support;

#[test]
fn the_king_escapes_for_each_side_and_both_records_are_kept() {
    let gridnote = env!("CARGO_BIN_EXE_gridnote");
    let simple = format!("{gridnote} otep --table-mib 4");
    let full = format!("{gridnote} otep --table-mib 4 --full-moves");
    let dir = support::scratch_dir("otep-match");
    let out = Command::new(gridnote)
        .args(["match", &simple, &full, "--protocol", "otep", "--rules"])
        .arg("dim:7 name:Open surf:n atkf:y ks:w start:/1t5/7/7/3K3/7/7/5t1/")
        .args(["--games", "2", "--tc", "20+0", "--jobs", "2", "--json", "--records"])
        .arg(&dir)
        .output()
        .expect("runs");
    let (summary, stdout) = support::match_summary(out);
    // Game 1: A attacks and B's king escapes; game 2 the other way round.
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["a_wins"], 1, "{stdout}");
    assert_eq!(summary["b_wins"], 1, "{stdout}");
    assert_eq!(summary["forfeits"].as_array().map(Vec::len), Some(0));
    for (name, result) in [("game-0001.otg", "[result:-1]"), ("game-0002.otg", "[result:-1]")] {
        let record = std::fs::read_to_string(dir.join(name)).expect("a record");
        assert!(record.contains(result), "{record}");
        assert!(record.contains("[termination:defenders win: the king escaped]"), "{record}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn max_plies_draws_a_game_still_going() {
    let gridnote = env!("CARGO_BIN_EXE_gridnote");
    let engine = format!("{gridnote} otep --table-mib 4");
    let dir = support::scratch_dir("otep-max-plies");
    let out = Command::new(gridnote)
        .args(["match", &engine, &engine, "--protocol", "otep", "--rules", "brandubh"])
        .args(["--games", "1", "--tc", "st=0.05", "--max-plies", "3", "--json", "--records"])
        .arg(&dir)
        .output()
        .expect("runs");
    let (summary, stdout) = support::match_summary(out);
    // No Brandubh game ends within 3 plies of the start.
    assert_eq!(summary["draws"], 1, "{stdout}");
    let record = std::fs::read_to_string(dir.join("game-0001.otg")).expect("a record");
    assert!(record.contains("[termination:drawn after 3 plies]"), "{record}");
    assert!(record.contains("\n2. "), "{record}");
    assert!(!record.contains("\n3. "), "{record}");
    let _ = std::fs::remove_dir_all(&dir);
    // An m,n,k game has no such limit.
    let out = Command::new(gridnote)
        .args(["match", "a", "b", "--max-plies", "9"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(
        err,
        "error: --max-plies is for tafl (--protocol otep or htp); an m,n,k game ends when its board is full (--protocol st3p)\n"
    );
}

#[test]
fn unknown_rules_are_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_gridnote"))
        .args(["match", "a", "b", "--protocol", "otep", "--rules", "chess"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(err.starts_with("error: unknown rules `chess`: expected an OTN rules record"), "{err}");
}

#[test]
fn a_start_list_gives_each_opening_to_both_engines() {
    let gridnote = env!("CARGO_BIN_EXE_gridnote");
    let engine = format!("{gridnote} otep --table-mib 4");
    let dir = support::scratch_dir("otep-openings");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let list = dir.join("openings.txt");
    // The defenders to move: whoever holds them moves first and lets the king escape.
    std::fs::write(&list, "# one opening\n/1t5/7/7/3K3/7/7/5t1/ defenders\n").expect("written");
    let records = dir.join("records");
    let out = Command::new(gridnote)
        .args(["match", &engine, &engine, "--protocol", "otep", "--rules"])
        .arg("dim:7 name:Open surf:n atkf:y ks:w start:/1t5/7/7/3K3/7/7/5t1/")
        .args(["--games", "2", "--tc", "20+0", "--json", "--openings"])
        .arg(&list)
        .arg("--records")
        .arg(&records)
        .output()
        .expect("runs");
    let (summary, _) = support::match_summary(out);
    // Game 1: A moves first, so A has the defenders; game 2: B.
    assert_eq!((summary["a_wins"].as_u64(), summary["b_wins"].as_u64()), (Some(1), Some(1)));
    for (name, defenders) in [("game-0001.otg", "(a)"), ("game-0002.otg", "(b)")] {
        let record = std::fs::read_to_string(records.join(name)).expect("a record");
        assert!(record.contains("[position:/1t5/7/7/3K3/7/7/5t1/]\n"), "{record}");
        assert!(record.contains(&format!("[defenders:{engine} {defenders}]")), "{record}");
        assert!(record.contains("\n1. ..... K"), "{record}");
    }
    std::fs::write(&list, "/1t5/7/7/3K3/7/7/5t1/\n/7/7/ defenders\n").expect("written");
    let out = Command::new(gridnote)
        .args(["match", "a", "b", "--protocol", "otep", "--rules", "brandubh", "--openings"])
        .arg(&list)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(err.starts_with("error: openings line 2: "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

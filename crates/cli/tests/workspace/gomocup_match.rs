//! `gridnote match --protocol gomocup` through the binary: gridnote's Gomocup brain
//! against itself under renju from an opening black wins at once, the `.psq` records
//! replayed by `gridnote game`, and the usage errors of m,n,k matches.

use std::process::Command;

use crate::support;

/// Black (x) to move, four in a row on the fifth row with both ends open.
const OPENING: &str = "9_/9_/9_/9_/_xxxx4_/9_/oo7_/o8_/o8_ x";

#[test]
fn black_wins_each_game_and_the_psq_records_replay_under_renju() {
    let gridnote = env!("CARGO_BIN_EXE_gridnote");
    let brain = format!("{gridnote} gomocup");
    let dir = support::scratch_dir("gomocup-match");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let list = dir.join("openings.txt");
    std::fs::write(&list, format!("{OPENING}\n")).expect("written");
    let records = dir.join("records");
    let out = Command::new(gridnote)
        .args(["match", &brain, &brain, "--protocol", "gomocup", "--board", "9x9k5"])
        .args(["--rules", "renju", "--games", "2", "--tc", "st=2", "--json", "--openings"])
        .arg(&list)
        .arg("--records")
        .arg(&records)
        .output()
        .expect("runs");
    let (summary, stdout) = support::match_summary(out);
    assert_eq!(
        (summary["a_wins"].as_u64(), summary["b_wins"].as_u64()),
        (Some(1), Some(1)),
        "{stdout}"
    );
    assert_eq!(summary["forfeits"].as_array().map(Vec::len), Some(0));
    for name in ["game-0001.psq", "game-0002.psq"] {
        let path = records.join(name);
        let record = std::fs::read_to_string(&path).expect("a record");
        assert!(record.starts_with("Piskvorky 9x9, 0:0, 0\n"), "{record}");
        let out = Command::new(gridnote)
            .args(["game", "--check", "--rules", "renju"])
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let said = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(said.ends_with(": 9 plies under renju: x (black) wins at ply 9\n"), "{said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_gomocup_cannot_name_and_mixed_tafl_are_usage_errors() {
    let gridnote = env!("CARGO_BIN_EXE_gridnote");
    let run = |args: &[&str]| {
        let out =
            Command::new(gridnote).args(["match", "a", "b"]).args(args).output().expect("runs");
        (out.status.code(), String::from_utf8(out.stderr).expect("UTF-8"))
    };
    assert_eq!(
        run(&["--protocol", "gomocup"]),
        (
            Some(2),
            "error: Gomocup has no rule code for `tic-tac-toe`: its games are five in a row with diagonals, normal play (--board 3x3k3)\n"
                .to_owned()
        )
    );
    let (code, err) = run(&["--rules", "renju"]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with(
            "error: --rules renju is renju: a match plays K in a row as --board says (3)"
        ),
        "{err}"
    );
    let (code, err) = run(&["--protocol", "otep", "--protocol-b", "gomocup"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("error: --protocol-a and --protocol-b are for m,n,k games"), "{err}");
}

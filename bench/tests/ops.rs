//! The operations runner (`gridnote-bench-ops`) lists unique operations, one conversion per
//! ordered pair of the registry's formats among them, and runs every one.

use std::process::Command;

use gridnote_convert::Format;

const OPS: &str = env!("CARGO_BIN_EXE_gridnote-bench-ops");

fn listing() -> Vec<Vec<String>> {
    let out = Command::new(OPS).arg("--list").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect()
}

#[test]
fn the_listing_names_each_operation_once_with_six_fields() {
    let list = listing();
    assert!(list.iter().all(|fields| fields.len() == 6), "{list:?}");
    let names: std::collections::HashSet<&str> = list.iter().map(|f| f[0].as_str()).collect();
    assert_eq!(names.len(), list.len(), "duplicate names");
    let expected = ["read/otn_set", "read/fen_set", "write/fen_set", "solve/3x3_empty"];
    for name in expected.into_iter().chain(["think/vcf_15x15", "svg/t3en_3x3"]) {
        assert!(names.contains(name), "{name} is missing");
    }
    let pairs = list.iter().filter(|f| f[0].starts_with("convert/")).count();
    assert_eq!(pairs, Format::ALL.len() * (Format::ALL.len() - 1));
    for &from in Format::ALL {
        for &to in Format::ALL.iter().filter(|&&to| to != from) {
            assert!(names.contains(format!("convert/{from}_to_{to}").as_str()), "{from} to {to}");
        }
    }
}

#[test]
fn every_operation_runs() {
    for fields in listing() {
        let status = Command::new(OPS).args(["run", &fields[0], "1"]).status().unwrap();
        assert!(status.success(), "{}", fields[0]);
    }
}

#[test]
fn an_unknown_operation_is_refused() {
    let out = Command::new(OPS).args(["run", "read/nothing"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "gridnote-bench-ops: no operation `read/nothing` (see --list)\n"
    );
}

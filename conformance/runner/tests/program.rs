//! The `conformance-runner` program against a shell adapter that accepts every text.

use std::process::Command;

/// Declares the bits kind (acceptance only), then accepts whatever it is asked.
const ACCEPTING: &str = r#"read -r hello
echo '{"name": "accepting", "version": "1", "decode": ["bits"], "reports": []}'
while read -r request; do echo '{"ok": true}'; done"#;

fn runner(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_conformance-runner"))
        .args(args)
        .output()
        .expect("the runner starts");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn an_adapter_accepting_everything_passes_the_valid_cases_and_fails_the_invalid_ones() {
    let (status, out) = runner(&["--only", "bits/", "--", "sh", "-c", ACCEPTING]);
    assert_eq!(status, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "conformance: accepting 1");
    let row = |category: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(category))
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
    };
    let valid = row("bits/valid").expect("a bits/valid row");
    assert_eq!(valid[1], valid[2], "every valid case passes: {out}");
    assert_eq!(valid[3], "0");
    let invalid = row("bits/invalid").expect("a bits/invalid row");
    assert_eq!((invalid[1], invalid[2]), (invalid[3], "0"), "every invalid case fails: {out}");
    assert!(out.contains("FAIL bits/invalid `"), "{out}");
    let categories: Vec<&str> = lines[2..]
        .iter()
        .take_while(|l| !l.starts_with("total"))
        .map(|l| l.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(categories, ["bits/invalid", "bits/roundtrip", "bits/valid"]);
}

#[test]
fn no_adapter_command_is_a_usage_error() {
    let (status, _) = runner(&["--only", "bits/"]);
    assert_eq!(status, 2);
}

#[test]
fn an_adapter_that_cannot_start_is_an_error() {
    let (status, out) = runner(&["--", "/nonexistent/adapter"]);
    assert_eq!((status, out.as_str()), (1, ""));
}

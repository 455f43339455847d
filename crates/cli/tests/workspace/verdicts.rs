//! One verdict: every command that reads a tafl text gives each case of
//! `fixtures/tafl-verdicts/records.jsonl` the verdict written there: accepted, or
//! refused with the same first error (each command with its own prefix).

use gridnote_board::tafl::TaflRules;

/// Brandubh's rules record (the rules a position or a move is read under).
fn brandubh() -> String {
    TaflRules::preset_record("brandubh").expect("a preset").to_owned()
}

const BRANDUBH_START: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// One case of the corpus.
struct Case {
    kind: String,
    name: String,
    text: String,
    /// The first error's message, `None` when the text is accepted.
    error: Option<String>,
    /// What the OTEP engine says of an accepted record it cannot play.
    limit: Option<String>,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/tafl-verdicts/records.jsonl");
    let text = std::fs::read_to_string(path).expect("the corpus");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let string = |key: &str| v[key].as_str().map(str::to_owned);
            Case {
                kind: string("kind").expect("a kind"),
                name: string("name").expect("a name"),
                text: string("text").expect("a text"),
                error: string("error"),
                limit: string("limit"),
            }
        })
        .collect()
}

fn run(args: &[&str], stdin: &str) -> (u8, String, String) {
    crate::support::run(args, stdin.as_bytes())
}

/// A command's verdict: `Ok(())` when it accepted the text, else what it printed. The
/// text is refused when the status says the input failed (or the flag was refused) and
/// the case's error is in what the command printed.
fn verdict(case: &Case, what: &str, (status, out, err): (u8, String, String)) {
    let printed = format!("{out}{err}");
    match &case.error {
        None => assert!(
            !printed.contains("error"),
            "{what}: {}: accepted everywhere else, but: {printed}",
            case.name
        ),
        Some(message) => {
            assert_ne!(status, 0, "{what}: {}: refused everywhere else ({message})", case.name);
            assert!(
                printed.contains(message.as_str()),
                "{what}: {}: expected {message:?} in: {printed}",
                case.name
            );
        }
    }
}

#[test]
fn rules_records_get_one_verdict_from_every_command() {
    let mut seen = 0;
    for case in cases().iter().filter(|c| c.kind == "rules") {
        seen += 1;
        let text = case.text.as_str();
        verdict(case, "convert", run(&["convert", "--from", "otn", "--to", "otn", text], ""));
        verdict(case, "check", run(&["check", "--from", "otn", text], ""));
        verdict(case, "moves", run(&["moves", "--from", "otn", text], ""));
        verdict(case, "perft", run(&["perft", "--depth", "1", "--from", "otn", text], ""));
        // As the rules a position is read under (a flag), the record standing for its
        // start.
        verdict(case, "moves --rules", run(&["moves", "--from", "otn", "--rules", text, text], ""));
        verdict(case, "check --rules", run(&["check", "--from", "otn", "--rules", text, text], ""));
        let game = format!("[rules:{text}]\n");
        verdict(case, "game --check", run(&["game", "--check", "-"], &game));
        // The referee's --rules: refused before any engine starts.
        match &case.error {
            None => assert!(gridnote_referee::otep::rules_named(text).is_ok(), "{}", case.name),
            Some(_) => verdict(
                case,
                "match --rules",
                run(&["match", "a", "b", "--protocol", "otep", "--rules", text], ""),
            ),
        }
        // OTEP is a line protocol: a record spread over lines cannot be one command, and
        // white space around a command's argument is the line's, not the record's.
        if !text.contains('\n') && text.trim() == text {
            let (status, out, err) = run(&["otep"], &format!("rules {text}\n"));
            match (&case.error, &case.limit) {
                (None, Some(limit)) => {
                    assert!(out.contains(limit.as_str()), "otep: {}: {out}", case.name);
                }
                (None, None) => verdict(case, "otep", (status, out, err)),
                (Some(_), _) => verdict(case, "otep", (1, out, err)),
            }
        }
    }
    assert!(seen >= 30, "{seen} rules records");
}

#[test]
fn positions_get_one_verdict_from_every_command() {
    let mut seen = 0;
    for case in cases().iter().filter(|c| c.kind == "position") {
        seen += 1;
        let text = case.text.as_str();
        let rules = ["--rules", "brandubh"];
        verdict(
            case,
            "moves",
            run(&[&["moves"][..], &rules, &["--from", "otn", text]].concat(), ""),
        );
        let perft = [&["perft", "--depth", "1"][..], &rules, &["--from", "otn", text]].concat();
        verdict(case, "perft", run(&perft, ""));
        let check = [&["check"][..], &rules, &["--from", "otn", text]].concat();
        let (status, out, err) = run(&check, "");
        verdict(case, "check", (status, out, err));
        let game = format!("[rules:{}]\n[position:{text}]\n", brandubh());
        verdict(case, "game --check", run(&["game", "--check", "-"], &game));
        let otep = format!("rules {}\nposition {text}\n", brandubh());
        let (_, out, err) = run(&["otep"], &otep);
        verdict(case, "otep", (1, out, err));
        // Reading alone (no rules): the size under the rules is no reading error.
        if case.error.as_deref().is_some_and(|e| e.starts_with("the rules are for")) {
            let (status, _, _) = run(&["convert", "--from", "otn", "--to", "otn", text], "");
            assert_eq!(status, 0, "{}", case.name);
        } else {
            verdict(case, "convert", run(&["convert", "--from", "otn", "--to", "otn", text], ""));
        }
    }
    assert!(seen >= 10, "{seen} positions");
}

#[test]
fn moves_get_one_verdict_from_every_command() {
    let mut seen = 0;
    for case in cases().iter().filter(|c| c.kind == "move") {
        seen += 1;
        let text = case.text.as_str();
        let game = format!("[rules:{}]\n\n1. {text}\n", brandubh());
        verdict(case, "game --check", run(&["game", "--check", "-"], &game));
        let otep = format!("rules {}\nopponent-move {text} {BRANDUBH_START}\n", brandubh());
        let (_, out, err) = run(&["otep"], &otep);
        match &case.error {
            Some(message) => {
                let refused = format!("status cannot follow `{text}` ({message})");
                assert!(out.contains(&refused), "otep: {}: {out}{err}", case.name);
            }
            None => assert!(!out.contains("cannot follow"), "otep: {}: {out}", case.name),
        }
    }
    assert!(seen >= 10, "{seen} moves");
}

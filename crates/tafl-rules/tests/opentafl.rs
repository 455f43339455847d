//! gridnote-tafl-rules against OpenTafl's engine: the reference data under
//! `fixtures/tafl-rules/opentafl/`, generated with `tools/opentafl-harness`.

use std::collections::HashMap;
use std::fs;

use gridnote_tafl_rules::{Position, Rules};
use serde_json::Value;

fn folder() -> std::path::PathBuf {
    gridnote_testkit::workspace_root().join("fixtures/tafl-rules/opentafl")
}

fn lines(name: &str) -> Vec<Value> {
    let text = fs::read_to_string(folder().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

/// Every variant's rules record, by the variant's name.
fn variants() -> HashMap<String, String> {
    lines("variants.jsonl")
        .into_iter()
        .map(|v| {
            (v["variant"].as_str().unwrap().to_owned(), v["record"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn every_variant_record_compiles() {
    let variants = variants();
    assert!(variants.len() >= 14, "{} variants", variants.len());
    for (name, record) in &variants {
        let rules = Rules::from_otn(record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!Position::start(&rules).legal_moves().is_empty(), "{name}");
    }
}

#[test]
fn perft_from_the_start_matches_opentafl() {
    let variants = variants();
    let mut checked = 0;
    for entry in fs::read_dir(folder()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if !name.starts_with("perft-") {
            continue;
        }
        for line in lines(&name) {
            let variant = line["variant"].as_str().unwrap();
            let depth = line["depth"].as_u64().unwrap() as u32;
            let nodes = line["nodes"].as_u64().unwrap();
            let rules = Rules::from_otn(&variants[variant]).unwrap();
            let pos = Position::start(&rules);
            assert_eq!(pos.perft(depth), nodes, "{variant} perft({depth})");
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} perft counts");
}

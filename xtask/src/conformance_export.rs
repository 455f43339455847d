//! `cargo xtask conformance export`: the suite's cases (conformance/cases/), generated
//! from the fixtures (fixtures/*/valid, fixtures/*/invalid, fixtures/corpus) with
//! gridnote's answers (its adapter's library, conformance/adapters/gridnote) as the
//! expected ones; and the check that
//! the committed suite is what export writes now (called by `cargo xtask tidy`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use gridnote_convert::Format;
use gridnote_testkit::escape;
use serde_json::{Value, json};

use gridnote_adapter::{self as gridnote, Decoded, RECORDS, SolveRules, kind_names};

/// The folder of the suite's cases, relative to the workspace root.
pub(crate) const CASES: &str = "conformance/cases";

/// Boards with more empty playable cells than this are left out of the solve cases, so
/// that the whole suite runs in seconds with an unoptimised build.
const SOLVE_MAX_EMPTY: usize = 11;

/// A kind of text of the suite, with the fixture folder and file extension it comes from
/// and the corpus file(s) of invalid inputs (paths under `fixtures/corpus/`).
struct Kind {
    name: &'static str,
    folder: String,
    extension: &'static str,
    corpus: Vec<String>,
}

/// The file extension and the corpus file of each kind of record of [`RECORDS`]' format.
fn record_files(kind: &str) -> Result<(&'static str, &'static str), String> {
    match kind {
        "otn-position" => Ok(("otp", "otn/position.txt")),
        "otn-rules" => Ok(("otr", "otn/rules.txt")),
        "otn-move" => Ok(("otm", "otn/move.txt")),
        "otn-game" => Ok(("otg", "otn/game.txt")),
        _ => Err(format!("the record kind {kind} has no fixtures")),
    }
}

/// Every kind with its fixtures: a registered format reads its first file extension from
/// the fixtures folder that holds such files, and its corpus files `<name>/invalid.txt`
/// and `<name>/mutated.txt` where they exist; a kind of record, its own ([`record_files`]).
fn kinds(root: &Path) -> Result<Vec<Kind>, String> {
    let mut folders: Vec<String> = std::fs::read_dir(root.join("fixtures"))
        .map_err(|e| format!("fixtures/: {e}"))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let folder_of = |extension: &str| {
        folders
            .iter()
            .find(|folder| {
                std::fs::read_dir(root.join("fixtures").join(folder).join("valid"))
                    .into_iter()
                    .flatten()
                    .flatten()
                    .any(|e| e.path().extension().is_some_and(|x| x == extension))
            })
            .cloned()
            .ok_or_else(|| format!("no folder of fixtures/ holds valid .{extension} files"))
    };
    let mut kinds = Vec::new();
    for format in Format::ALL {
        if format.name() == RECORDS.0 {
            for name in RECORDS.1 {
                let (extension, corpus) = record_files(name)?;
                let folder = folder_of(extension)?;
                kinds.push(Kind { name, folder, extension, corpus: vec![corpus.to_owned()] });
            }
            continue;
        }
        let name = format.name();
        let extension = format.file_extensions().first().copied().unwrap_or(name);
        let corpus = ["invalid.txt", "mutated.txt"]
            .iter()
            .map(|file| format!("{name}/{file}"))
            .filter(|file| root.join("fixtures/corpus").join(file).is_file())
            .collect();
        kinds.push(Kind { name, folder: folder_of(extension)?, extension, corpus });
    }
    Ok(kinds)
}

/// One fixture or corpus input: where it comes from and its text.
struct Input {
    name: String,
    text: String,
}

/// A fixture file's text: one final newline stripped, nothing else (fixtures/README.md).
fn fixture_text(path: &Path) -> Result<String, String> {
    let mut text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if text.ends_with('\n') {
        text.pop();
    }
    Ok(text)
}

/// The fixtures of `folder/valid` or `folder/invalid` with the extension, in name order.
fn fixtures(root: &Path, folder: &str, which: &str, extension: &str) -> Result<Vec<Input>, String> {
    let dir = root.join("fixtures").join(folder).join(which);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            Ok(Input { name, text: fixture_text(path)? })
        })
        .collect()
}

/// The inputs of corpus files (`fixtures/corpus/<file>`), named `corpus/<file>:<line>`.
fn corpus(root: &Path, files: &[String]) -> Result<Vec<Input>, String> {
    let mut out = Vec::new();
    for file in files {
        let path = root.join("fixtures/corpus").join(file);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (number, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            out.push(Input {
                name: format!("corpus/{file}:{}", number + 1),
                text: escape::decode(line),
            });
        }
    }
    Ok(out)
}

/// The suite: each file's path (relative to the workspace root) and its text.
pub(crate) fn generate(root: &Path) -> Result<BTreeMap<String, String>, String> {
    let mut files: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    // Canonical texts of every kind, for the round-trip cases: (kind, text) → where from.
    let mut roundtrip: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut convert_sources: Vec<(Format, Input)> = Vec::new();
    for kind in &kinds(root)? {
        let file = |category: &str| format!("{CASES}/{}/{category}.jsonl", kind.name);
        let t3en = kind.name == "t3en";
        for input in fixtures(root, &kind.folder, "valid", kind.extension)? {
            let Decoded::Accepted { meaning, canonical } =
                gridnote::decode(kind.name, &input.text)?
            else {
                return Err(format!("fixtures/{}/valid/{} is refused", kind.folder, input.name));
            };
            let strict = gridnote::decode_strict(kind.name, &input.text)?;
            let trailing = if kind.name == "tsn" { after_six_fields(&input.text) } else { None };
            if t3en && matches!(strict, Decoded::Refused { .. }) {
                files
                    .entry(file("implementation-defined"))
                    .or_default()
                    .push(lenient_case(&input, &meaning, &canonical, &strict));
            } else if let Some(offset) = trailing {
                files.entry(file("implementation-defined")).or_default().push(trailing_case(
                    &input.name,
                    &input.text,
                    &meaning,
                    &canonical,
                    offset,
                ));
            } else {
                files.entry(file("valid")).or_default().push(json!({
                    "name": input.name, "input": input.text, "meaning": meaning, "canonical": canonical,
                }));
            }
            roundtrip
                .entry((kind.name.to_owned(), canonical))
                .or_insert_with(|| input.name.clone());
            if let Some(format) = registry_format(kind.name) {
                convert_sources.push((format, input));
            }
        }
        let invalid = fixtures(root, &kind.folder, "invalid", kind.extension)?;
        for input in invalid.into_iter().chain(corpus(root, &kind.corpus)?) {
            match gridnote::decode(kind.name, &input.text)? {
                Decoded::Refused { offset, .. } => {
                    files.entry(file("invalid")).or_default().push(json!({
                        "name": input.name, "input": input.text, "offset": offset,
                    }));
                }
                Decoded::Accepted { meaning, canonical } if t3en => {
                    let strict = gridnote::decode_strict(kind.name, &input.text)?;
                    files
                        .entry(file("implementation-defined"))
                        .or_default()
                        .push(lenient_case(&input, &meaning, &canonical, &strict));
                }
                Decoded::Accepted { .. } => {
                    return Err(format!(
                        "{} ({}) is accepted: an invalid input must be refused",
                        input.name, kind.name
                    ));
                }
            }
        }
    }

    // TEN texts read as TSN: the TSN reader may ignore the extension (a seventh field).
    for input in fixtures(root, "tafl", "valid", "ten")? {
        let Some(offset) = after_six_fields(&input.text) else { continue };
        if let Decoded::Accepted { meaning, canonical } = gridnote::decode("tsn", &input.text)? {
            let name = format!("{} read as tsn", input.name);
            files
                .entry(format!("{CASES}/tsn/implementation-defined.jsonl"))
                .or_default()
                .push(trailing_case(&name, &input.text, &meaning, &canonical, offset));
        }
    }

    // Conversions: every valid fixture of a registry format into every other format.
    let mut solve_positions: BTreeSet<(String, String, usize, bool)> = BTreeSet::new();
    for (from, input) in &convert_sources {
        for to in Format::ALL {
            if to == from {
                continue;
            }
            let case = match gridnote::convert(from.name(), to.name(), &input.text)? {
                Some((output, notes)) => {
                    if let Some(kind) = kind_of_output(*to, &output) {
                        roundtrip
                            .entry((kind.to_owned(), output.clone()))
                            .or_insert_with(|| format!("{} -> {to}", input.name));
                    }
                    json!({"name": format!("{} -> {to}", input.name), "from": from.name(), "to": to.name(),
                        "input": input.text, "output": output, "notes": notes})
                }
                None => {
                    json!({"name": format!("{} -> {to}", input.name), "from": from.name(), "to": to.name(),
                    "input": input.text, "refused": true})
                }
            };
            files.entry(format!("{CASES}/convert/{}.jsonl", from.name())).or_default().push(case);
        }
        let rules = from.default_rules();
        if from.game() == gridnote_board::notation::Game::Mnk {
            let t3en = if from.name() == "t3en" {
                match gridnote::decode("t3en", &input.text)? {
                    Decoded::Accepted { canonical, .. } => Some(canonical),
                    Decoded::Refused { .. } => None,
                }
            } else {
                gridnote::convert(from.name(), "t3en", &input.text)?.map(|(out, _)| out)
            };
            if let Some(t3en) = t3en {
                solve_positions.insert((t3en, input.name.clone(), rules.in_a_row, rules.diagonals));
            }
        }
    }

    for ((kind, text), from) in &roundtrip {
        let Decoded::Accepted { meaning, canonical } = gridnote::decode(kind, text)? else {
            return Err(format!("the canonical text {text:?} ({kind}, from {from}) is refused"));
        };
        if &canonical != text {
            return Err(format!(
                "{text:?} ({kind}, from {from}) is not canonical: written again it is {canonical:?}"
            ));
        }
        files.entry(format!("{CASES}/{kind}/roundtrip.jsonl")).or_default().push(json!({
            "name": format!("canonical of {from}"), "input": text, "meaning": meaning,
        }));
    }

    solve_cases(&solve_positions, &mut files)?;
    tafl_cases(root, &mut files)?;

    Ok(files
        .into_iter()
        .map(|(path, cases)| {
            let mut text = String::new();
            for case in cases {
                text.push_str(&case.to_string());
                text.push('\n');
            }
            (path, text)
        })
        .collect())
}

/// A T3EN text the lenient reading accepts and the strict one refuses.
fn lenient_case(input: &Input, meaning: &Value, canonical: &str, strict: &Decoded) -> Value {
    let offset = match strict {
        Decoded::Refused { offset, .. } => Some(*offset),
        Decoded::Accepted { .. } => None,
    };
    json!({
        "name": input.name,
        "input": input.text,
        "note": "run lengths not written canonically: a lenient reader accepts it (gridnote by default), a strict reader refuses it",
        "readings": [
            {"reader": "lenient", "ok": true, "meaning": meaning, "canonical": canonical},
            {"reader": "strict", "ok": false, "offset": offset},
        ],
    })
}

/// Where a TSN text goes on after its six fields (the space before a seventh field, or
/// trailing whitespace), if it does.
fn after_six_fields(text: &str) -> Option<usize> {
    let end = text.match_indices(' ').nth(5).map_or(text.len(), |(i, _)| i);
    let end = text[..end].find(|c: char| c.is_whitespace() && c != ' ').unwrap_or(end);
    (end < text.len()).then_some(end)
}

/// A TSN text with something after its six fields: TSN's description says trailing spaces
/// or fields "can be ignored", so a reader may ignore them (gridnote does) or refuse them.
fn trailing_case(name: &str, text: &str, meaning: &Value, canonical: &str, offset: usize) -> Value {
    json!({
        "name": name,
        "input": text,
        "note": "text after the six TSN fields: a reader may ignore it (gridnote does) or refuse it there",
        "readings": [
            {"reader": "ignoring", "ok": true, "meaning": meaning, "canonical": canonical},
            {"reader": "six fields only", "ok": false, "offset": offset},
        ],
    })
}

/// The registry format of a kind (the OTN position and rules records are the `otn` format).
fn registry_format(kind: &str) -> Option<Format> {
    match kind {
        "otn-position" | "otn-rules" => Format::from_str("otn").ok(),
        "otn-move" | "otn-game" => None,
        kind => Format::from_str(kind).ok(),
    }
}

/// The suite's kind of a converter output (OTN output is a rules record when it starts
/// with `dim:`).
fn kind_of_output(to: Format, output: &str) -> Option<&'static str> {
    let name = match to.name() {
        "otn" if output.starts_with("dim:") => "otn-rules",
        "otn" => "otn-position",
        name => name,
    };
    kind_names().into_iter().find(|k| *k == name)
}

/// Solve cases: each m,n,k position with few enough empty cells, under its format's
/// default rules and their misère variant.
fn solve_cases(
    positions: &BTreeSet<(String, String, usize, bool)>,
    files: &mut BTreeMap<String, Vec<Value>>,
) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for (position, from, k, diagonals) in positions {
        let Ok(Decoded::Accepted { meaning, .. }) = gridnote::decode("t3en", position) else {
            continue;
        };
        let empty_cells: usize = meaning["rows"]
            .as_array()
            .map(|rows| rows.iter().map(|r| r.as_str().unwrap_or("").matches('_').count()).sum())
            .unwrap_or(0);
        if empty_cells > SOLVE_MAX_EMPTY {
            continue;
        }
        for misere in [false, true] {
            let rules = SolveRules { k: *k, diagonals: *diagonals, misere };
            if !seen.insert((position.clone(), *k, *diagonals, misere)) {
                continue;
            }
            let Ok((value, distance, best)) = gridnote::solve(position, rules) else { continue };
            let name = format!("{from}{}", if misere { " (misère)" } else { "" });
            files.entry(format!("{CASES}/solve/mnk.jsonl")).or_default().push(json!({
                "name": name, "position": position, "k": k, "diagonals": diagonals,
                "misere": misere, "value": value, "distance": distance, "best": best,
            }));
        }
    }
    Ok(())
}

/// Perft counts above this are left out of the tafl cases, so that the whole suite runs
/// in seconds with an unoptimised build.
const PERFT_MAX_NODES: u64 = 40_000;

/// The JSON lines of a file under fixtures/tafl-rules.
fn tafl_fixture(root: &Path, file: &str) -> Result<Vec<Value>, String> {
    let path = root.join("fixtures/tafl-rules").join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|e| format!("{}: {e}", path.display())))
        .collect()
}

/// The games of each variant's random games (`opentafl/playouts`) in the suite.
const GAMES_PER_VARIANT: usize = 2;

/// A game case: a harness playout's end line, with OpenTafl's result (`none` when the
/// game was stopped at its ply limit).
fn game_case(file: &str, variant: &str, rules: &str, end: &Value) -> Result<Value, String> {
    let result = match end["end"].as_str() {
        Some(r @ ("attackers" | "defenders" | "draw")) => r,
        Some("max_plies") => "none",
        other => return Err(format!("{file}: game {} ends as {other:?}", end["game"])),
    };
    Ok(json!({
        "name": format!("{file} game {}", end["game"]),
        "variant": variant, "rules": rules, "played": move_list(end["moves"].as_str().unwrap_or("")),
        "position": end["position"], "to_move": end["to_move"],
        "result": result, "reason": end.get("reason").cloned().unwrap_or(Value::Null),
    }))
}

/// A perft case: `nodes` is the table from depth 1, cut where a count would exceed
/// [`PERFT_MAX_NODES`].
fn perft_case(base: &Value, name: String, table: Vec<Value>) -> Option<Value> {
    let nodes: Vec<Value> = table
        .into_iter()
        .take_while(|n| n.as_u64().is_some_and(|n| n <= PERFT_MAX_NODES))
        .collect();
    if nodes.is_empty() {
        return None;
    }
    let mut case = base.clone();
    case["name"] = json!(name);
    case["nodes"] = json!(nodes);
    Some(case)
}

/// The moves of a space-separated list, as a JSON list.
fn move_list(moves: &str) -> Value {
    json!(moves.split_whitespace().collect::<Vec<_>>())
}

/// The tafl rules cases, whose expected answers are all OpenTafl's (fixtures/tafl-rules):
/// perft from each variant's start and from positions of its random games, the legal
/// moves of those positions with their captures, and the result of each game.
fn tafl_cases(root: &Path, files: &mut BTreeMap<String, Vec<Value>>) -> Result<(), String> {
    let field = |v: &Value, key: &str| -> Result<String, String> {
        v[key].as_str().map(str::to_owned).ok_or_else(|| format!("no `{key}` in {v}"))
    };
    let mut records = BTreeMap::new();
    let mut perft = Vec::new();
    let mut games = Vec::new();
    for variant in tafl_fixture(root, "opentafl/variants.jsonl")? {
        let name = field(&variant, "variant")?;
        let rules = field(&variant, "record")?;
        records.insert(name.clone(), rules.clone());
        let playouts = tafl_fixture(root, &format!("opentafl/playouts/{name}.jsonl"))?;
        let start = playouts.iter().find(|l| l.get("start").is_some()).ok_or("no game")?;
        let base = json!({"variant": name, "rules": rules, "played": [],
            "position": start["start"], "to_move": start["to_move"]});
        let file = format!("perft-{name}.jsonl");
        let mut table: Vec<(u64, Value)> = tafl_fixture(root, &format!("opentafl/{file}"))?
            .iter()
            .map(|line| (line["depth"].as_u64().unwrap_or(0), line["nodes"].clone()))
            .collect();
        table.sort_by_key(|(depth, _)| *depth);
        let nodes = table.into_iter().map(|(_, nodes)| nodes).collect();
        if let Some(case) = perft_case(&base, file, nodes) {
            perft.push(case);
        }
        let ends = playouts.iter().filter(|l| l.get("end").is_some());
        for end in ends.take(GAMES_PER_VARIANT) {
            games.push(game_case(&format!("opentafl/playouts/{name}.jsonl"), &name, &rules, end)?);
        }
    }
    // One game under each of the random rules records.
    for variant in tafl_fixture(root, "playouts/random/variants.jsonl")? {
        let name = field(&variant, "variant")?;
        let rules = field(&variant, "record")?;
        let file = format!("playouts/random/play-{name}.jsonl");
        for end in tafl_fixture(root, &file)?.iter().filter(|l| l.get("end").is_some()) {
            games.push(game_case(&file, &name, &rules, end)?);
        }
    }
    let mut moves = Vec::new();
    for row in tafl_fixture(root, "positions/positions.jsonl")? {
        let name = field(&row, "variant")?;
        let rules = records.get(&name).ok_or_else(|| format!("unknown variant {name}"))?;
        let here = format!("positions.jsonl {name} game {} ply {}", row["game"], row["ply"]);
        let base = json!({"variant": name, "rules": rules,
            "played": move_list(row["played"].as_str().unwrap_or("")),
            "position": row["position"], "to_move": row["to_move"]});
        let mut case = base.clone();
        case["name"] = json!(here);
        case["legal"] = row["legal"].clone();
        moves.push(case);
        // From the start, the perft tables above already count.
        if row["ply"] == json!(0) {
            continue;
        }
        let nodes = row["perft"].as_array().cloned().unwrap_or_default();
        if let Some(case) = perft_case(&base, here, nodes) {
            perft.push(case);
        }
    }
    files.insert(format!("{CASES}/tafl/perft.jsonl"), perft);
    files.insert(format!("{CASES}/tafl/moves.jsonl"), moves);
    files.insert(format!("{CASES}/tafl/games.jsonl"), games);
    Ok(())
}

/// Writes the suite, removing case files export no longer makes.
pub(crate) fn export(root: &Path) -> Result<usize, String> {
    let files = generate(root)?;
    for stale in case_files(root)? {
        if !files.contains_key(&stale) {
            std::fs::remove_file(root.join(&stale)).map_err(|e| format!("{stale}: {e}"))?;
        }
    }
    let mut cases = 0;
    for (path, text) in &files {
        let path = root.join(path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        cases += text.lines().count();
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(cases)
}

/// The `.jsonl` files under conformance/cases, relative to the root.
fn case_files(root: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let dir = root.join(CASES);
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(out) };
    for entry in entries.flatten() {
        let sub = entry.path();
        let Ok(files) = std::fs::read_dir(&sub) else { continue };
        for file in files.flatten() {
            let path = file.path();
            if path.extension().is_some_and(|e| e == "jsonl") {
                let relative = path.strip_prefix(root).map_err(|e| e.to_string())?;
                out.push(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Tidy's check: the committed suite is what `cargo xtask conformance export` writes now.
pub(crate) fn check_fresh(root: &Path, problems: &mut Vec<String>) {
    let files = match generate(root) {
        Ok(files) => files,
        Err(e) => {
            problems.push(format!("conformance: the suite cannot be exported: {e}"));
            return;
        }
    };
    let on_disk = case_files(root).unwrap_or_default();
    let mut stale: Vec<&str> = Vec::new();
    for (path, text) in &files {
        if std::fs::read_to_string(root.join(path)).ok().as_deref() != Some(text.as_str()) {
            stale.push(path);
        }
    }
    for path in &on_disk {
        if !files.contains_key(path) {
            stale.push(path);
        }
    }
    if !stale.is_empty() {
        problems.push(format!(
            "conformance: the exported suite is stale ({}); run `cargo xtask conformance export` and commit conformance/",
            stale.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kinds_are_the_registry_with_otn_as_its_records() {
        let kinds = kinds(&crate::workspace_root()).unwrap();
        let names: Vec<&str> = kinds.iter().map(|k| k.name).collect();
        assert_eq!(names, kind_names());
        let otn = RECORDS.1.len();
        assert_eq!(names.len(), Format::ALL.len() - 1 + otn);
        let tsn = kinds.iter().find(|k| k.name == "tsn").unwrap();
        assert_eq!((tsn.folder.as_str(), tsn.extension), ("tafl", "tsn"));
        assert_eq!(tsn.corpus, ["tsn/invalid.txt", "tsn/mutated.txt"]);
        let moves = kinds.iter().find(|k| k.name == "otn-move").unwrap();
        assert_eq!((moves.folder.as_str(), moves.extension), ("otn", "otm"));
        assert_eq!(moves.corpus, ["otn/move.txt"]);
    }

    #[test]
    fn after_six_fields_finds_trailing_text() {
        assert_eq!(after_six_fields("1 4 k a 1 0"), None);
        assert_eq!(after_six_fields("1 4 k a 1 0 x:007:"), Some(11));
        assert_eq!(after_six_fields("1 4 k a 1 0   "), Some(11));
        assert_eq!(after_six_fields("1 4 k a 1 0\n"), Some(11));
        assert_eq!(after_six_fields("1 4 k d 2 1\t-"), Some(11));
    }

    #[test]
    fn registry_formats_and_output_kinds() {
        assert_eq!(registry_format("otn-rules").map(|f| f.name()), Some("otn"));
        assert_eq!(registry_format("otn-game"), None);
        assert_eq!(registry_format("tsn").map(|f| f.name()), Some("tsn"));
        let otn = Format::from_str("otn").unwrap();
        assert_eq!(kind_of_output(otn, "dim:3 start:/3/1K1/3/"), Some("otn-rules"));
        assert_eq!(kind_of_output(otn, "/3/1K1/3/"), Some("otn-position"));
    }
}

//! `cargo xtask tidy`: the architecture invariants of docs/architecture.md, checked.
//!
//! 1. Crates other than the hubs (gridnote-convert, gridnote-cli, gridnote-wasm,
//!    gridnote-python, and gridnote-referee, which drives engines over their protocols)
//!    depend on no gridnote crate but gridnote-board and gridnote-text, the model's text
//!    plumbing (a search may also depend on the rules engine it plays by, the protocol
//!    layer on T3EN, which ST3P carries, and the engine loops on the protocol layer and
//!    the engines: [`BUILT_ON`]).
//! 2. Every public error type (a struct named `…Error` or deriving `thiserror::Error`)
//!    and every public enum is `#[non_exhaustive]`, but for the closed enums listed in
//!    [`CLOSED`] with the reason they cannot grow.
//! 3. Format variants (`Format::T3en`, …) are named only in the registry
//!    (crates/convert/src/format.rs), never in other library or binary sources.
//! 4. No module cycle in any crate of crates/ or tool of [`TOOLS`]: a module (the crate root
//!    included) depends on the modules whose paths its code names (`use` trees, inline
//!    paths, `crate::`, `super::`, `self::`, child modules; re-exports resolved to the
//!    defining module), and no chain of dependencies leads back ([`modules`]).
//! 5. No `#[path = "…"]` reaches outside its crate (a test including a file of
//!    `fixtures/` or of another crate): shared test code lives in gridnote-testkit.
//! 6. No hand-written list of the formats (five or more of the registry's names as
//!    string literals in a row: fewer are a sample, as in `for to in ["tsn", "t3en"]`) in
//!    the Rust and Python sources and tests of crates/, xtask and the fuzz targets: such a
//!    list goes stale when a format is added; iterate `Format::ALL` (or `Format::NAMES`,
//!    or the packages' `formats()`) instead. The files `cargo xtask codegen` writes hold
//!    their lists on purpose and are checked for staleness instead (`crate::codegen`).
//!    Comments are not read (rustdoc examples may show a list).
//! 7. A format crate (one a registry line names) is named only in its own crate, the
//!    registry (gridnote-convert) and docs: no other crate depends on it (but for
//!    dev-dependencies: tests may name formats) or names it in its sources, so that the
//!    hubs reach formats through the registry and the tafl texts through the model
//!    (gridnote-board's `tafl`). The crates that still do are listed in [`FORMAT_USERS`]
//!    with what for (docs/architecture.md says why each stays); tidy fails when one no
//!    longer does.
//! 8. What `cargo xtask codegen` writes from the registry (whole files and marked
//!    regions) is up to date (`crate::codegen::check_fresh`), as are the exported
//!    conformance cases (`crate::conformance_export::check_fresh`).
//!
//! 9. No test is silently left out of `cargo test --workspace --all-features`: a library
//!    or binary marked `test = false` holds no `#[test]` nor `#[cfg(test)]` in its module
//!    tree, a library marked `doctest = false` no code block in its documentation, and an
//!    integration test marked `test = false` is one that exists only under a cfg
//!    (`#![cfg(…)]`), which the xtask task that runs it names with `--test`.
//! 10. The repository cites no file outside it ([`docs`]).
//! 11. README.md and docs/architecture.md hold no timings, load averages or commit hashes
//!     ([`docs`]).
//!
//! Tests, examples and benches are outside rules 1 to 3: they may name formats.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::workspace_root;

mod docs;
mod modules;

/// The crates that join the formats and may depend on any of them (the referee speaks
/// engine protocols, which carry positions in a format).
const HUBS: [&str; 5] =
    ["gridnote-convert", "gridnote-cli", "gridnote-wasm", "gridnote-python", "gridnote-referee"];

/// The crates every crate may depend on: the model and its text plumbing.
const GROUND: [&str; 2] = ["gridnote-board", "gridnote-text"];

/// Crates built on other gridnote crates besides gridnote-board, with each: a game
/// engine's search plays by its rules engine; the protocol layer's ST3P carries T3EN
/// positions; the engine loops join the protocol layer and the engines (and the bot
/// resumes its games from the server's game records).
const BUILT_ON: [(&str, &str); 7] = [
    ("gridnote-tafl-search", "gridnote-tafl-rules"),
    ("gridnote-protocol", "gridnote-t3en"),
    ("gridnote-engine", "gridnote-game-json"),
    ("gridnote-engine", "gridnote-protocol"),
    ("gridnote-engine", "gridnote-solve"),
    ("gridnote-engine", "gridnote-tafl-rules"),
    ("gridnote-engine", "gridnote-tafl-search"),
];

/// Public enums that are complete by their nature, with the reason.
const CLOSED: [(&str, &str); 10] = [
    ("Player", "a two-player game has exactly two players"),
    ("Half", "a turn has a first and a second half"),
    ("Mark", "the bit codes' three marks: blank, X and O"),
    ("Symmetry", "the eight symmetries of a square (the dihedral group D4)"),
    ("Value", "a game-theoretic value is a win, a loss or a draw"),
    ("Outcome", "an m,n,k position is in progress, won, drawn, or contested: nothing else"),
    ("Engine", "a match is between exactly two engines, A and B"),
    ("GameScore", "a game is won by A, drawn, or won by B"),
    ("Point", "a renju point holds a black stone, a white stone, nothing, or is off the board"),
    ("Seat", "a gomoku game record names exactly two players"),
];

/// The crates that still use a format crate directly (rule 7): (crate, format crate,
/// what for). tidy fails when a pair no longer holds, so that this list stays true.
const FORMAT_USERS: [(&str, &str, &str); 1] =
    [("gridnote-protocol", "gridnote-t3en", "ST3P, the protocol, carries T3EN positions")];

/// The workspace's tools outside crates/ (package, folder): rules 3 to 5 hold in them too.
const TOOLS: [(&str, &str); 3] = [
    ("xtask", "xtask"),
    ("conformance-runner", "conformance/runner"),
    ("gridnote-adapter", "conformance/adapters/gridnote"),
];

/// Runs every check and reports every violation.
pub(crate) fn run() -> ExitCode {
    let root = workspace_root();
    let mut problems = Vec::new();
    let crates = match crates(&root) {
        Ok(crates) => crates,
        Err(e) => {
            eprintln!("tidy: {e}");
            return ExitCode::FAILURE;
        }
    };
    for krate in &crates {
        dependencies(krate, &mut problems);
        let sources = rust_files(&krate.dir.join("src"));
        for file in &sources {
            let Ok(text) = std::fs::read_to_string(file) else { continue };
            let shown = file.strip_prefix(&root).unwrap_or(file).display().to_string();
            non_exhaustive(&shown, &text, &mut problems);
            if !shown.ends_with("crates/convert/src/format.rs") {
                format_names(&shown, &text, &mut problems);
            }
        }
        cycles(&root, &krate.name, &krate.dir.join("src"), &sources, &mut problems);
        path_includes(&root, &krate.dir, &mut problems);
    }
    for (name, dir) in TOOLS {
        let sources = rust_files(&root.join(dir).join("src"));
        for file in &sources {
            let Ok(text) = std::fs::read_to_string(file) else { continue };
            let shown = file.strip_prefix(&root).unwrap_or(file).display().to_string();
            format_names(&shown, &text, &mut problems);
        }
        cycles(&root, name, &root.join(dir).join("src"), &sources, &mut problems);
        path_includes(&root, &root.join(dir), &mut problems);
    }
    crate::conformance_export::check_fresh(&root, &mut problems);
    crate::codegen::check_fresh(&root, &mut problems);
    name_lists(&root, &mut problems);
    format_users(&root, &crates, &mut problems);
    skipped_tests(&root, &mut problems);
    docs::outside_files(&root, &mut problems);
    docs::ageing_figures(&root, &mut problems);
    if problems.is_empty() {
        println!("tidy: {} crates follow the architecture rules", crates.len());
        ExitCode::SUCCESS
    } else {
        for problem in &problems {
            eprintln!("tidy: {problem}");
        }
        eprintln!("tidy: {} problem(s); see docs/architecture.md", problems.len());
        ExitCode::FAILURE
    }
}

struct Crate {
    name: String,
    dir: PathBuf,
    manifest: String,
}

fn crates(root: &Path) -> Result<Vec<Crate>, String> {
    let mut crates = Vec::new();
    let entries =
        std::fs::read_dir(root.join("crates")).map_err(|e| format!("cannot list crates/: {e}"))?;
    for entry in entries.flatten() {
        let dir = entry.path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else { continue };
        let name = manifest
            .lines()
            .find_map(|l| {
                let rest = l.trim().strip_prefix("name")?.trim_start().strip_prefix('=')?;
                Some(rest.trim().trim_matches('"').to_owned())
            })
            .unwrap_or_default();
        crates.push(Crate { name, dir, manifest });
    }
    crates.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(crates)
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return files };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Rule 1: the `[dependencies]` section names no gridnote crate but gridnote-board and
/// gridnote-text.
fn dependencies(krate: &Crate, problems: &mut Vec<String>) {
    if HUBS.contains(&krate.name.as_str()) {
        return;
    }
    let mut section = "";
    for line in krate.manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if section != "[dependencies]" {
            continue;
        }
        if let Some(dep) = line.split(['=', '.', ' ']).next()
            && dep.starts_with("gridnote-")
            && !GROUND.contains(&dep)
            && !BUILT_ON.contains(&(krate.name.as_str(), dep))
        {
            problems.push(format!(
                "{} depends on {dep}: only gridnote-board and gridnote-text are allowed outside the hubs",
                krate.name
            ));
        }
    }
}

/// Rule 2: `pub enum` and `pub struct …Error` carry `#[non_exhaustive]` in their
/// attributes, unless listed in [`CLOSED`].
fn non_exhaustive(shown: &str, text: &str, problems: &mut Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let (kind, rest) = if let Some(rest) = trimmed.strip_prefix("pub enum ") {
            ("enum", rest)
        } else if let Some(rest) = trimmed.strip_prefix("pub struct ") {
            ("struct", rest)
        } else {
            continue;
        };
        let name: String =
            rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let attributes: Vec<&str> = lines[..i]
            .iter()
            .rev()
            .take_while(|l| {
                let l = l.trim_start();
                l.starts_with("#[")
                    || l.starts_with("///")
                    || l.starts_with("//")
                    || l.ends_with(")]")
            })
            .copied()
            .collect();
        // An error struct: named `…Error`, or deriving `thiserror::Error` (`UnknownName`).
        let error = name.ends_with("Error")
            || attributes.iter().any(|l| {
                let l = l.trim_start();
                l.starts_with("#[derive(") && l.contains("thiserror::Error")
            });
        if kind == "struct" && !error {
            continue;
        }
        // A unit or tuple error struct with private fields cannot be built outside anyway.
        if kind == "struct" && (rest[name.len()..].starts_with(';')) {
            continue;
        }
        if CLOSED.iter().any(|(closed, _)| *closed == name) {
            continue;
        }
        if !attributes.iter().any(|l| l.contains("non_exhaustive")) {
            problems.push(format!(
                "{shown}:{}: public {kind} {name} is not #[non_exhaustive] (or list it as closed in xtask/src/tidy.rs with the reason)",
                i + 1
            ));
        }
    }
}

/// Rule 3: no `Format::<Variant>` outside the registry.
fn format_names(shown: &str, text: &str, problems: &mut Vec<String>) {
    // Only the registry's `Format` (gridnote-convert's); a crate may have a private enum
    // of its own by that name.
    if !text.contains("gridnote_convert") {
        return;
    }
    let mut in_tests = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            in_tests = true;
        }
        if in_tests || trimmed.starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("Format::") {
            let after = &rest[at + "Format::".len()..];
            let word: String =
                after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let preceded_by_ident = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            if !preceded_by_ident
                && word.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && word.chars().any(|c| c.is_ascii_lowercase())
            {
                problems.push(format!(
                    "{shown}:{}: names the format variant Format::{word}: formats are named only in the registry (crates/convert/src/format.rs); use Format::ALL or a registry property",
                    i + 1
                ));
            }
            rest = after;
        }
    }
}

/// Rule 6: the sources and tests of crates/, xtask and fuzz/ name no five formats in a
/// row, but for the files `cargo xtask codegen` writes. This file is left out: its test
/// writes lists on purpose.
fn name_lists(root: &Path, problems: &mut Vec<String>) {
    let mut dirs = vec![root.join("xtask").join("src"), root.join("fuzz").join("fuzz_targets")];
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        for entry in entries.flatten() {
            dirs.push(entry.path().join("src"));
            dirs.push(entry.path().join("tests"));
        }
    }
    dirs.sort();
    let generated = crate::codegen::generated_files();
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in &dirs {
        files.extend(source_files(dir, &["rs", "py"]));
    }
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        let shown = file.strip_prefix(root).unwrap_or(file).display().to_string();
        if shown == "xtask/src/tidy.rs" || generated.contains(&shown.as_str()) {
            continue;
        }
        for line in format_name_lists(&text, gridnote_convert::Format::NAMES) {
            problems.push(format!(
                "{shown}:{line}: a hand-written list of format names: iterate Format::ALL (or Format::NAMES, or formats()) so that a new format is in it, or generate it (`cargo xtask codegen`)"
            ));
        }
    }
}

/// Rule 7: no crate but a format's own and gridnote-convert depends on a format crate or
/// names it in its sources (comments aside), but for the pairs of [`FORMAT_USERS`]
/// (which must).
fn format_users(root: &Path, crates: &[Crate], problems: &mut Vec<String>) {
    let registry =
        std::fs::read_to_string(root.join("crates/convert/src/format.rs")).unwrap_or_default();
    let formats = registry_crates(&registry);
    if formats.is_empty() {
        problems.push("crates/convert/src/format.rs: no registry line names a crate".to_owned());
        return;
    }
    let xtask_manifest = std::fs::read_to_string(root.join("xtask/Cargo.toml")).unwrap_or_default();
    let mut users: Vec<(String, &str, PathBuf)> =
        crates.iter().map(|c| (c.name.clone(), c.manifest.as_str(), c.dir.join("src"))).collect();
    users.push(("xtask".to_owned(), xtask_manifest.as_str(), root.join("xtask/src")));
    let mut found: Vec<(String, String)> = Vec::new();
    for (name, manifest, src) in &users {
        if name == "gridnote-convert" || formats.contains(name) {
            continue;
        }
        let mut named = normal_dependencies(manifest);
        for file in rust_files(src) {
            // This file names format crates in its tests on purpose.
            if file.ends_with("xtask/src/tidy.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            // A file's test module (from its `#[cfg(test)]` on) may name formats.
            let lines = text.lines().take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"));
            for line in lines.filter(|l| !l.trim_start().starts_with("//")) {
                for format in &formats {
                    if names_crate(line, &format.replace('-', "_")) {
                        named.push(format.clone());
                    }
                }
            }
        }
        for format in &formats {
            if named.contains(format) {
                found.push((name.clone(), format.clone()));
            }
        }
    }
    problems.extend(format_use_problems(&found, &FORMAT_USERS));
}

/// Rule 7's verdict on the (crate, format crate) uses `found`, given the pairs `allowed`
/// (crate, format crate, what for): a use not allowed, and an allowed pair no longer used.
fn format_use_problems(found: &[(String, String)], allowed: &[(&str, &str, &str)]) -> Vec<String> {
    let mut problems = Vec::new();
    for (name, format) in found {
        if !allowed.iter().any(|(c, f, _)| c == name && f == format) {
            problems.push(format!(
                "{name} uses the format crate {format}: reach formats through the registry (gridnote-convert) and the tafl texts through the model (gridnote_board::tafl)"
            ));
        }
    }
    for (name, format, _) in allowed {
        if !found.iter().any(|(c, f)| c == name && f == format) {
            problems.push(format!(
                "{name} no longer uses {format}: drop the pair from FORMAT_USERS in xtask/src/tidy.rs"
            ));
        }
    }
    problems
}

/// The crates the registry lines name (`Variant => gridnote_x::Type, …`), as packages.
fn registry_crates(registry: &str) -> Vec<String> {
    let mut crates: Vec<String> = Vec::new();
    for line in registry.lines() {
        let Some((_, after)) = line.split_once("=> gridnote_") else { continue };
        let name: String =
            after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        let package = format!("gridnote-{}", name.replace('_', "-"));
        if !name.is_empty() && !crates.contains(&package) {
            crates.push(package);
        }
    }
    crates
}

/// The gridnote packages of a manifest's dependency sections but dev-dependencies.
fn normal_dependencies(manifest: &str) -> Vec<String> {
    let mut deps = Vec::new();
    let mut normal = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            normal = line.ends_with("dependencies]") && !line.ends_with("dev-dependencies]");
            continue;
        }
        if let Some(dep) = line.split(['=', '.', ' ']).next()
            && normal
            && dep.starts_with("gridnote-")
        {
            deps.push(dep.to_owned());
        }
    }
    deps
}

/// Whether `line` names the crate `krate` (`gridnote_tafl`, not `gridnote_tafl_rules`).
fn names_crate(line: &str, krate: &str) -> bool {
    line.match_indices(krate).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + krate.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Names in a row that make a list of the formats rather than a sample.
const LIST_LENGTH: usize = 5;

/// The lines where [`LIST_LENGTH`] or more of `names` follow each other as string
/// literals separated only by commas and white space, outside comments.
fn format_name_lists(text: &str, names: &[&str]) -> Vec<usize> {
    let code: String = text
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("//")
                || line.trim_start().starts_with('#') && !line.trim_start().starts_with("#[")
            {
                ""
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let text = code.as_str();
    let mut found = Vec::new();
    // The run so far: its length, the line it starts on, and where its last literal ends.
    let (mut run, mut start, mut end) = (0usize, 0usize, 0usize);
    let mut rest = text;
    let mut offset = 0;
    while let Some(open) = rest.find('"') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else { break };
        let literal = &after[..close];
        let at = offset + open;
        let between = &text[end.min(at)..at];
        let follows = run > 0
            && between.contains(',')
            && between.chars().all(|c| c == ',' || c.is_whitespace());
        if names.contains(&literal) {
            if follows {
                run += 1;
            } else {
                if run >= LIST_LENGTH {
                    found.push(start);
                }
                run = 1;
                start = text[..at].matches('\n').count() + 1;
            }
            end = at + close + 2;
        } else {
            if run >= LIST_LENGTH {
                found.push(start);
            }
            run = 0;
        }
        offset = at + close + 2;
        rest = &text[offset..];
    }
    if run >= LIST_LENGTH {
        found.push(start);
    }
    found
}

/// The files under `dir` with one of these extensions, sorted.
fn source_files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return files };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(source_files(&path, extensions));
        } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
        {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Rule 5: every `#[path = "…"]` in the crate's sources, tests, examples and benches
/// resolves inside the crate's folder.
fn path_includes(root: &Path, crate_dir: &Path, problems: &mut Vec<String>) {
    for file in rust_files(crate_dir) {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        for (line, target) in outside_paths(&file, crate_dir, &text) {
            problems.push(format!(
                "{shown}:{line}: #[path = \"{target}\"] reaches outside the crate; put shared test code in gridnote-testkit (crates/testkit)"
            ));
        }
    }
}

/// The lines (1-based) and targets of the `#[path = "…"]` attributes of `file` that
/// resolve outside `crate_dir`.
fn outside_paths(file: &Path, crate_dir: &Path, text: &str) -> Vec<(usize, String)> {
    let dir = file.parent().unwrap_or(crate_dir);
    let crate_dir = lexical(crate_dir);
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("#[path") else { continue };
        let Some(target) = rest.split('"').nth(1) else { continue };
        if !lexical(&dir.join(target)).starts_with(&crate_dir) {
            found.push((i + 1, target.to_owned()));
        }
    }
    found
}

/// `path` with `.` and `..` resolved without the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Rule 9: the targets `cargo test` skips (`test = false`, `doctest = false`, as `cargo
/// metadata` reports them) hold no test it would have run.
fn skipped_tests(root: &Path, problems: &mut Vec<String>) {
    let output = crate::workspace::cargo()
        .current_dir(root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output();
    let meta = match output {
        Ok(out) if out.status.success() => {
            serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap_or_default()
        }
        _ => {
            problems.push("cargo metadata failed: cannot check the skipped test targets".into());
            return;
        }
    };
    for package in meta["packages"].as_array().into_iter().flatten() {
        for target in package["targets"].as_array().into_iter().flatten() {
            let kinds: Vec<&str> = target["kind"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|k| k.as_str())
                .collect();
            let Some(src) = target["src_path"].as_str() else { continue };
            let skipped = Skipped {
                target: format!(
                    "{} {}",
                    package["name"].as_str().unwrap_or("?"),
                    target_name(target)
                ),
                integration: kinds.contains(&"test"),
                test: target["test"].as_bool() == Some(false),
                doctest: target["doctest"].as_bool() == Some(false)
                    && kinds.iter().any(|k| k.ends_with("lib")),
            };
            if !skipped.test && !skipped.doctest {
                continue;
            }
            let files: Vec<(String, String)> = module_tree(Path::new(src))
                .into_iter()
                .filter_map(|file| {
                    let text = std::fs::read_to_string(&file).ok()?;
                    Some((file.strip_prefix(root).unwrap_or(&file).display().to_string(), text))
                })
                .collect();
            problems.extend(skipped.problems(&files));
        }
    }
}

fn target_name(target: &serde_json::Value) -> String {
    let kind = target["kind"][0].as_str().unwrap_or("?");
    format!("{kind} {}", target["name"].as_str().unwrap_or("?"))
}

/// A target that `cargo test` leaves out in whole (`test`) or in part (`doctest`).
struct Skipped {
    target: String,
    integration: bool,
    test: bool,
    doctest: bool,
}

impl Skipped {
    /// What the files (shown path, text) of the target's module tree hold that `cargo
    /// test` would skip.
    fn problems(&self, files: &[(String, String)]) -> Vec<String> {
        let mut problems = Vec::new();
        for (shown, text) in files {
            let code = || text.lines().map(str::trim_start).filter(|l| !l.starts_with("//"));
            if self.test && self.integration {
                if shown == &files[0].0 && !code().any(|l| l.starts_with("#![cfg(")) {
                    problems.push(format!(
                        "{shown}: {} is test = false but not gated by a #![cfg(…)]: cargo test skips its tests",
                        self.target
                    ));
                }
            } else if self.test
                && code().any(|l| l.starts_with("#[test]") || l.starts_with("#[cfg(test)]"))
            {
                problems.push(format!(
                    "{shown}: {} is test = false but holds tests that cargo test skips",
                    self.target
                ));
            }
            let documented = text.lines().map(str::trim_start);
            if self.doctest
                && documented.filter(|l| l.starts_with("///") || l.starts_with("//!")).any(|l| {
                    l.trim_start_matches('/')
                        .trim_start_matches('!')
                        .trim_start()
                        .starts_with("```")
                })
            {
                problems.push(format!(
                    "{shown}: {} is doctest = false but its documentation holds a code block",
                    self.target
                ));
            }
        }
        problems
    }
}

/// The files of the module tree rooted at `root`: the file and, recursively, those its
/// `mod name;` lines declare (`name.rs` or `name/mod.rs` beside a crate root or `mod.rs`,
/// else in the folder named after the file).
fn module_tree(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.to_path_buf()];
    let mut next = 0;
    while next < files.len() {
        let file = files[next].clone();
        next += 1;
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let parent = file.parent().unwrap_or(Path::new(""));
        let dir = if next == 1 || stem == "mod" { parent.to_path_buf() } else { parent.join(stem) };
        for name in declared_modules(&text) {
            let flat = dir.join(format!("{name}.rs"));
            let nested = dir.join(&name).join("mod.rs");
            files.push(if flat.exists() { flat } else { nested });
        }
    }
    files
}

/// The names of the out-of-line modules (`mod name;`, any visibility) the text declares.
fn declared_modules(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub")
                .map_or(line, |r| r.trim_start().strip_prefix("(crate)").unwrap_or(r).trim_start());
            let name = rest.strip_prefix("mod ")?.strip_suffix(';')?.trim();
            name.chars().all(|c| c.is_alphanumeric() || c == '_').then(|| name.to_owned())
        })
        .collect()
}

/// Rule 4: no module cycle in the crate whose sources are `sources` under `src`.
fn cycles(root: &Path, krate: &str, src: &Path, sources: &[PathBuf], problems: &mut Vec<String>) {
    let edges = modules::dependencies(src, sources);
    for cycle in modules::cycles(&edges, root) {
        problems.push(format!("{krate}: module cycle {cycle}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_enums_need_non_exhaustive() {
        let mut problems = Vec::new();
        non_exhaustive(
            "a.rs",
            "/// x\n#[non_exhaustive]\npub enum A { B }\npub enum C { D }\npub struct E;\npub struct FError { x: u8 }\n\
             #[derive(Debug, thiserror::Error)]\npub struct Unknown { x: u8 }\npub struct Plain { x: u8 }\n",
            &mut problems,
        );
        assert_eq!(problems.len(), 3);
        assert!(problems[0].contains("a.rs:4: public enum C"));
        assert!(problems[1].contains("a.rs:6: public struct FError"));
        assert!(problems[2].contains("a.rs:8: public struct Unknown"));
    }

    #[test]
    fn format_variants_are_found_outside_the_registry() {
        let mut problems = Vec::new();
        format_names(
            "b.rs",
            "let f = Format::T3en; // gridnote_convert's\nlet all = Format::ALL;\nMyFormat::Abc;\n",
            &mut problems,
        );
        assert_eq!(problems.len(), 1);
        // A crate's own enum named Format (no gridnote_convert in the file) is not ours.
        let mut none = Vec::new();
        format_names("c.rs", "enum Format { Tsn }\nlet f = Format::Tsn;\n", &mut none);
        assert!(none.is_empty());
        assert!(problems[0].starts_with("b.rs:1: names the format variant Format::T3en"));
    }

    #[test]
    fn format_crates_are_read_from_the_registry_and_found_in_manifests_and_code() {
        let registry = "registry! {\n    /// doc\n    T3en => gridnote_t3en::T3en, |_| ();\n    Tsn => gridnote_tafl::Tsn, |_| ();\n    Ten => gridnote_tafl::Ten, |_| ();\n}\n";
        assert_eq!(registry_crates(registry), ["gridnote-t3en", "gridnote-tafl"]);
        let manifest = "[dependencies]\ngridnote-tafl.workspace = true\ngridnote-tafl-rules = { workspace = true }\n\
                        [dev-dependencies]\ngridnote-t3en.workspace = true\n\
                        [target.'cfg(unix)'.dependencies]\ngridnote-otn.workspace = true\n";
        assert_eq!(
            normal_dependencies(manifest),
            ["gridnote-tafl", "gridnote-tafl-rules", "gridnote-otn"]
        );
        assert!(names_crate("use gridnote_tafl::Tsn;", "gridnote_tafl"));
        assert!(!names_crate("use gridnote_tafl_rules::Game;", "gridnote_tafl"));
        assert!(!names_crate("my_gridnote_tafl::x", "gridnote_tafl"));
    }

    #[test]
    fn only_the_listed_crates_use_a_format_crate() {
        let found = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs.iter().map(|(c, f)| ((*c).to_owned(), (*f).to_owned())).collect()
        };
        let allowed = [("gridnote-referee", "gridnote-t3en", "ST3P")];
        assert!(
            format_use_problems(&found(&[("gridnote-referee", "gridnote-t3en")]), &allowed)
                .is_empty()
        );
        assert_eq!(
            format_use_problems(
                &found(&[("gridnote-referee", "gridnote-t3en"), ("gridnote-cli", "gridnote-otn")]),
                &allowed
            ),
            [
                "gridnote-cli uses the format crate gridnote-otn: reach formats through the registry (gridnote-convert) and the tafl texts through the model (gridnote_board::tafl)"
            ]
        );
        assert_eq!(
            format_use_problems(&found(&[("gridnote-python", "gridnote-tafl")]), &allowed),
            [
                "gridnote-python uses the format crate gridnote-tafl: reach formats through the registry (gridnote-convert) and the tafl texts through the model (gridnote_board::tafl)",
                "gridnote-referee no longer uses gridnote-t3en: drop the pair from FORMAT_USERS in xtask/src/tidy.rs"
            ]
        );
    }

    #[test]
    fn targets_that_cargo_test_skips_hold_no_test() {
        let skipped = |integration, test, doctest| Skipped {
            target: "p t".into(),
            integration,
            test,
            doctest,
        };
        let file = |shown: &str, text: &str| (shown.to_owned(), text.to_owned());
        let tests = file(
            "src/lib.rs",
            "mod a;\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n",
        );
        let none = file("src/a.rs", "// #[test] in a comment\npub fn f() {}\n");
        assert_eq!(
            skipped(false, true, false).problems(&[tests.clone(), none.clone()]),
            ["src/lib.rs: p t is test = false but holds tests that cargo test skips"]
        );
        assert!(skipped(false, true, false).problems(std::slice::from_ref(&none)).is_empty());
        assert!(skipped(false, false, true).problems(&[tests]).is_empty());
        let documented = file("src/lib.rs", "/// ```\n/// f();\n/// ```\npub fn f() {}\n");
        assert_eq!(
            skipped(false, false, true).problems(&[none, documented]),
            ["src/lib.rs: p t is doctest = false but its documentation holds a code block"]
        );
        let gated = file(
            "tests/a.rs",
            "//! Only on wasm32.\n#![cfg(target_arch = \"wasm32\")]\n#[test]\nfn t() {}\n",
        );
        let plain = file("tests/b.rs", "#[test]\nfn t() {}\n");
        assert!(skipped(true, true, false).problems(&[gated]).is_empty());
        assert_eq!(
            skipped(true, true, false).problems(&[plain]),
            [
                "tests/b.rs: p t is test = false but not gated by a #![cfg(…)]: cargo test skips its tests"
            ]
        );
        assert_eq!(
            declared_modules("mod a;\npub mod b;\npub(crate) mod c;\nmod d {\n// mod e;\n"),
            ["a", "b", "c"]
        );
    }

    #[test]
    fn lists_of_the_formats_are_found() {
        let names = &["t3en", "tsn", "ten", "tuple", "digits", "bits"];
        let text = "let a = [\"t3en\", \"tsn\", \"ten\", \"tuple\"];\nlet b = [\n    \"t3en\",\n    \"tsn\",\n    \"ten\",\n    \"tuple\",\n    \"bits\",\n];\n\
                    let c = (\"t3en\", \"tsn\", \"x\", \"ten\", \"tuple\", \"bits\");\n\
                    let d = \"tuple\" == \"ten\" && \"tsn\" != \"bits\" || \"digits\" == s;\n\
                    // [\"t3en\", \"tsn\", \"ten\", \"tuple\", \"bits\"]\n\
                    # [\"t3en\", \"tsn\", \"ten\", \"tuple\", \"bits\"]\n\
                    for f in [\"bits\", \"digits\", \"tuple\", \"ten\", \"tsn\", \"t3en\"] {}\n";
        // Four in a row (a) are a sample; names parted by another literal (c) or by
        // operators (d) are no list, nor are comments (Rust's and Python's); five or more
        // over several lines (b, from line 3) and on one line are.
        assert_eq!(format_name_lists(text, names), [3, 13]);
    }

    #[test]
    fn path_includes_outside_the_crate_are_found() {
        let krate = Path::new("/w/crates/t3en");
        let text = "#[path = \"../../../fixtures/corpus/corpus.rs\"]\nmod corpus;\n\
                    #[path = \"../examples/images.rs\"]\nmod images;\n#[path = \"common.rs\"]\nmod c;\n";
        assert_eq!(
            outside_paths(&krate.join("tests/corpus.rs"), krate, text),
            [(1, "../../../fixtures/corpus/corpus.rs".to_owned())]
        );
        assert_eq!(lexical(Path::new("/w/x/../y/./z")), Path::new("/w/y/z"));
    }
}

//! `cargo xtask fuzz`: builds the libFuzzer targets of `fuzz/` (its own workspace) and runs
//! each for a while, a few at a time, seeded from the fixtures.
//!
//! No cargo-fuzz needed: the targets are built with the same compiler flags cargo-fuzz
//! passes (SanitizerCoverage instrumentation, `--cfg fuzzing`), which the stable toolchain
//! accepts; AddressSanitizer is left out (gridnote forbids unsafe code). What is needed: a
//! Rust toolchain and a C++ compiler (libfuzzer-sys compiles libFuzzer itself). With
//! cargo-fuzz installed, `cargo +nightly fuzz run t3en` works on the same layout too.

use gridnote_convert::Format;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::Duration;

use crate::workspace_root;

/// The corpus line format's escapes, shared with the corpus tests (gridnote-testkit).
use gridnote_testkit::escape;

/// The seeds of the targets that do not take every file of a format: (target, the
/// fixture folders and extensions it reads). A target named after a registered format
/// reads that format's files ([`Format::file_extensions`]) in every fixtures folder; the
/// others (`convert`, `formats`) read every format's files.
const OWN_SEEDS: [(&str, &[(&str, &str)]); 15] = [
    ("tsn", &[("tafl", "tsn"), ("tafl", "ten")]),
    ("t3en-agree", &[("t3en", "t3en")]),
    ("tafl-agree", &[("tafl", "tsn"), ("tafl", "ten")]),
    ("otn-record", &[("otn", "otp"), ("otn", "otr"), ("otn", "otm")]),
    ("otn-game", &[("otn", "otg")]),
    // The bytes choose a rules record and the moves of a game; any bytes seed it.
    ("tafl-rules", &[("otn", "otr")]),
    // The bytes choose the moves and variations of a game; any bytes seed it.
    ("game-lines", &[("otn", "otg")]),
    // The bytes choose the commands an engine loop gets and what simulated engines do:
    // any bytes are a script, so no fixture is needed.
    ("st3p-engine", &[]),
    ("otep-engine", &[]),
    ("gomocup-engine", &[]),
    ("htp-engine", &[]),
    ("referee", &[]),
    // The bytes choose what a simulated server sends the bot.
    ("bot", &[]),
    // A hnefatafl.org-style server's game records: fixtures/game-json has no valid/ or
    // invalid/ folder, so its records are copied into the corpus by hand (docs/robustness.md).
    ("game-json", &[]),
    // Gomoku records: Piskvork's .psq (a move list is any text).
    ("psq", &[("psq", "psq")]),
];

/// Every fuzz target: the `[[bin]]` names of `fuzz/Cargo.toml`, in its order.
fn targets(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin
            && let Some(value) =
                line.strip_prefix("name").map(str::trim_start).and_then(|l| l.strip_prefix('='))
        {
            names.push(value.trim().trim_matches('"').to_owned());
        }
    }
    names
}

/// The flags cargo-fuzz passes for libFuzzer's coverage feedback (without a sanitizer).
const RUSTFLAGS: &str = "-Cpasses=sancov-module \
    -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
    -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares \
    --cfg fuzzing";

/// Options of `cargo xtask fuzz`.
#[derive(clap::Args, Debug)]
pub(crate) struct FuzzArgs {
    /// How long each target runs, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// How many targets run at a time.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Only these targets (default: every `[[bin]]` of fuzz/Cargo.toml).
    #[arg(long, value_delimiter = ',')]
    targets: Vec<String>,
    /// Build the targets and seed the corpora, but run nothing.
    #[arg(long)]
    build_only: bool,
}

pub(crate) fn run(args: &FuzzArgs) -> ExitCode {
    match fuzz(args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn fuzz(args: &FuzzArgs) -> Result<bool, String> {
    let root = workspace_root();
    let fuzz_dir = root.join("fuzz");
    let manifest = std::fs::read_to_string(fuzz_dir.join("Cargo.toml"))
        .map_err(|e| format!("cannot read fuzz/Cargo.toml: {e}"))?;
    let all = targets(&manifest);
    let targets: Vec<&str> = if args.targets.is_empty() {
        all.iter().map(String::as_str).collect()
    } else {
        args.targets
            .iter()
            .map(|name| {
                all.iter()
                    .map(String::as_str)
                    .find(|t| t == name)
                    .ok_or_else(|| format!("unknown fuzz target `{name}`: expected one of {all:?}"))
            })
            .collect::<Result<_, _>>()?
    };
    if Command::new("c++").arg("--version").stdout(Stdio::null()).status().is_err() {
        return Err("fuzzing needs a C++ compiler to build libFuzzer (libfuzzer-sys): install \
                    g++ or clang++ (Debian: apt-get install g++)"
            .to_owned());
    }
    let host = host_triple()?;
    eprintln!("fuzz: building the targets ({host}, instrumented for libFuzzer)");
    let status = crate::cargo()
        .current_dir(&fuzz_dir)
        .env("RUSTFLAGS", RUSTFLAGS.split_whitespace().collect::<Vec<_>>().join(" "))
        .env("CARGO_TARGET_DIR", fuzz_dir.join("target"))
        .args(["build", "--release", "--target", &host, "--bins"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building the fuzz targets failed (see above)".to_owned());
    }
    let bin_dir = fuzz_dir.join("target").join(&host).join("release");
    for target in &targets {
        let seeded = seed(&root, &fuzz_dir.join("corpus").join(target), target)?;
        eprintln!("fuzz: {target}: {seeded} seed inputs from fixtures/");
    }
    if args.build_only {
        return Ok(true);
    }

    let logs = fuzz_dir.join("target").join("logs");
    std::fs::create_dir_all(&logs).map_err(|e| format!("cannot create {}: {e}", logs.display()))?;
    let mut queue = targets.iter().copied();
    let mut running: Vec<(&str, Child)> = Vec::new();
    let mut results = Vec::new();
    loop {
        while running.len() < args.jobs.max(1) {
            let Some(target) = queue.next() else { break };
            eprintln!("fuzz: {target}: running for {}s", args.seconds);
            running.push((target, start(&fuzz_dir, &bin_dir, &logs, target, args.seconds)?));
        }
        if running.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
        let mut i = 0;
        while i < running.len() {
            match running[i].1.try_wait() {
                Ok(Some(status)) => {
                    let (target, _) = running.swap_remove(i);
                    let log = std::fs::read_to_string(logs.join(format!("{target}.log")))
                        .unwrap_or_default();
                    results.push(Outcome::read(target, status.success(), &log, &fuzz_dir));
                }
                Ok(None) => i += 1,
                Err(e) => return Err(format!("waiting for {}: {e}", running[i].0)),
            }
        }
    }

    results.sort_by_key(|r| all.iter().position(|t| *t == r.target));
    println!("| target | seconds | executions | execs/s | new inputs | corpus | result |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    let mut clean = true;
    for r in &results {
        clean &= r.ok;
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            r.target,
            args.seconds,
            r.executions,
            r.executions / args.seconds.max(1),
            r.new_units,
            r.corpus,
            if r.ok { "no crash".to_owned() } else { format!("**crash**: {}", r.artifacts) }
        );
    }
    if !clean {
        eprintln!(
            "fuzz: crashes found; the inputs are under fuzz/artifacts/, logs under fuzz/target/logs/"
        );
    }
    Ok(clean)
}

/// What one target's run reported.
struct Outcome<'a> {
    target: &'a str,
    ok: bool,
    executions: u64,
    new_units: u64,
    corpus: usize,
    artifacts: String,
}

impl<'a> Outcome<'a> {
    fn read(target: &'a str, ok: bool, log: &str, fuzz_dir: &Path) -> Outcome<'a> {
        let stat = |name: &str| {
            log.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(0)
        };
        let count = |dir: PathBuf| std::fs::read_dir(dir).map_or(0, Iterator::count);
        let artifacts = std::fs::read_dir(fuzz_dir.join("artifacts").join(target))
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default();
        Outcome {
            target,
            ok,
            executions: stat("stat::number_of_executed_units:"),
            new_units: stat("stat::new_units_added:"),
            corpus: count(fuzz_dir.join("corpus").join(target)),
            artifacts,
        }
    }
}

fn host_triple() -> Result<String, String> {
    let out =
        Command::new("rustc").arg("-vV").output().map_err(|e| format!("cannot run rustc: {e}"))?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        .ok_or_else(|| "rustc -vV named no host".to_owned())
}

fn start(
    fuzz_dir: &Path,
    bin_dir: &Path,
    logs: &Path,
    target: &str,
    seconds: u64,
) -> Result<Child, String> {
    let artifacts = fuzz_dir.join("artifacts").join(target);
    std::fs::create_dir_all(&artifacts)
        .map_err(|e| format!("cannot create {}: {e}", artifacts.display()))?;
    let log = std::fs::File::create(logs.join(format!("{target}.log")))
        .map_err(|e| format!("cannot create the log of {target}: {e}"))?;
    Command::new(bin_dir.join(target))
        .arg(format!("-max_total_time={seconds}"))
        .arg("-print_final_stats=1")
        .arg("-max_len=4096")
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .arg(fuzz_dir.join("corpus").join(target))
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .map_err(|e| format!("cannot start the {target} fuzzer: {e}"))
}

/// The fixture folders and extensions a target reads ([`OWN_SEEDS`], else a format's
/// files, else every format's files), each folder with the extensions of its files.
fn fixture_sources(root: &Path, target: &str) -> Vec<(String, String)> {
    if let Some((_, pairs)) = OWN_SEEDS.iter().find(|(t, _)| *t == target) {
        return pairs.iter().map(|&(folder, ext)| (folder.to_owned(), ext.to_owned())).collect();
    }
    let mut folders: Vec<String> = std::fs::read_dir(root.join("fixtures"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("valid").is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let extensions: Vec<&str> = match target.parse::<Format>() {
        Ok(format) => format.file_extensions().to_vec(),
        Err(_) => Format::ALL.iter().flat_map(|f| f.file_extensions()).copied().collect(),
    };
    let mut pairs = Vec::new();
    for folder in &folders {
        for &ext in &extensions {
            // Only the folders that hold such files, so that the corpus of invalid inputs
            // of an extension is read once.
            if holds(&root.join("fixtures").join(folder), ext) {
                pairs.push((folder.clone(), ext.to_owned()));
            }
        }
    }
    pairs
}

/// Whether `folder`'s `valid/` or `invalid/` holds a file ending in `.ext`.
fn holds(folder: &Path, ext: &str) -> bool {
    ["valid", "invalid"].iter().any(|sub| {
        std::fs::read_dir(folder.join(sub))
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == ext))
    })
}

/// Copies the fixtures (valid, invalid, and each input of the corpus of invalid inputs)
/// into the target's corpus. The converter's inputs start with a byte that picks the formats: one
/// seed per fixture and target format.
fn seed(root: &Path, corpus: &Path, target: &str) -> Result<usize, String> {
    std::fs::create_dir_all(corpus)
        .map_err(|e| format!("cannot create {}: {e}", corpus.display()))?;
    let mut count = 0;
    let formats = Format::ALL.len();
    for (folder, ext) in fixture_sources(root, target) {
        let (folder, ext) = (folder.as_str(), ext.as_str());
        let format_index = Format::for_file_extension(ext)
            .and_then(|f| Format::ALL.iter().position(|&g| g == f))
            .unwrap_or(0);
        let dirs = [
            root.join("fixtures").join(folder).join("valid"),
            root.join("fixtures").join(folder).join("invalid"),
        ];
        let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
        for dir in dirs {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().and_then(|e| e.to_str()) != Some(ext) {
                    continue;
                }
                let Ok(mut bytes) = std::fs::read(&path) else { continue };
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                }
                let name =
                    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                inputs.push((name, bytes));
            }
        }
        // The corpus of invalid inputs: one escaped input per line (fixtures/corpus/README.md).
        let corpus_dir =
            root.join("fixtures").join("corpus").join(if folder == "otn" { "otn" } else { ext });
        for file in
            ["invalid.txt", "mutated.txt", "position.txt", "rules.txt", "move.txt", "game.txt"]
        {
            let Ok(text) = std::fs::read_to_string(corpus_dir.join(file)) else { continue };
            for (n, line) in text.lines().enumerate() {
                if !line.is_empty() && !line.starts_with('#') {
                    inputs.push((format!("corpus-{file}-{n}"), escape::decode(line).into_bytes()));
                }
            }
        }
        for (stem, bytes) in inputs {
            if target == "formats" {
                // The target's first byte: the format's index.
                let Ok(pick) = u8::try_from(format_index) else { continue };
                let mut input = vec![pick];
                input.extend_from_slice(&bytes);
                write(corpus, &format!("seed-{format_index}-{stem}"), &input)?;
                count += 1;
            } else if target == "convert" {
                // The target's first byte: source index + (formats + 1) × target index.
                for to in 0..formats {
                    let Ok(pick) = u8::try_from(format_index + (formats + 1) * to) else {
                        continue;
                    };
                    let mut input = vec![pick];
                    input.extend_from_slice(&bytes);
                    write(corpus, &format!("seed-{to}-{format_index}-{stem}"), &input)?;
                    count += 1;
                }
            } else {
                write(corpus, &format!("seed-{stem}"), &bytes)?;
                count += 1;
            }
        }
    }
    Ok(count)
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), String> {
    let path = dir.join(name);
    std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_targets_are_the_bins_of_the_manifest() {
        let manifest = "[package]\nname = \"gridnote-fuzz\"\n\n[[bin]]\nname = \"a\"\npath = \"a.rs\"\n\n[profile.release]\ndebug = 1\n\n[[bin]]\nname=\"b-c\"\n";
        assert_eq!(targets(manifest), ["a", "b-c"]);
        let root = workspace_root();
        let real = targets(&std::fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap());
        assert!(real.iter().any(|t| t == "convert") && real.iter().any(|t| t == "formats"));
        for (target, _) in OWN_SEEDS {
            assert!(real.iter().any(|t| t == target), "{target} is no target");
        }
    }

    #[test]
    fn every_format_seeds_the_targets_that_take_every_format() {
        let root = workspace_root();
        for target in ["formats", "convert"] {
            let sources = fixture_sources(&root, target);
            for format in Format::ALL {
                let seeded = sources.iter().any(|(folder, ext)| {
                    format.file_extensions().contains(&ext.as_str())
                        && holds(&root.join("fixtures").join(folder), ext)
                });
                assert!(seeded, "{target} has no seed of {format}");
            }
        }
    }

    #[test]
    fn a_target_named_after_a_format_reads_its_files() {
        let root = workspace_root();
        let digits = Format::ALL.iter().find(|f| f.name() == "digits").unwrap();
        let sources = fixture_sources(&root, digits.name());
        assert_eq!(sources, [("digits".to_owned(), "digits".to_owned())]);
        assert_eq!(fixture_sources(&root, "otn-game"), [("otn".to_owned(), "otg".to_owned())]);
    }
}

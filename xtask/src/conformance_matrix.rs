//! `cargo xtask conformance matrix`: every adapter that can be built or found here run
//! through the suite, written to docs/conformance.md (one row per implementation, one
//! column per group of categories, then the failing cases of each implementation).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::conformance_export::CASES;

use conformance_runner::{self as runner, Report};

/// An implementation the matrix knows: its name, what it is, and how to get its adapter's
/// command (or why it cannot be had here).
struct Implementation {
    name: &'static str,
    what: &'static str,
    adapter: fn(&Path) -> Result<Vec<String>, String>,
}

const IMPLEMENTATIONS: [Implementation; 5] = [
    Implementation {
        name: "gridnote",
        what: "this repository (the reference): conformance/adapters/gridnote",
        adapter: |_| gridnote_adapter().map(|p| vec![p.to_string_lossy().into_owned()]),
    },
    Implementation {
        name: "rustep",
        what: "github artfuldev/rustep (Rust), T3EN through ST3P: conformance/adapters/st3p",
        adapter: |root| st3p(root, "rustep", "GRIDNOTE_CONFORMANCE_RUSTEP"),
    },
    Implementation {
        name: "stepwise",
        what: "github artfuldev/stepwise (TypeScript, run with bun), T3EN through ST3P: conformance/adapters/st3p",
        adapter: |root| st3p(root, "stepwise", "GRIDNOTE_CONFORMANCE_STEPWISE"),
    },
    Implementation {
        name: "hnefatafl",
        what: "crates.io `hnefatafl` (bunburya): conformance/adapters/hnefatafl",
        adapter: |root| cargo_adapter(root, "hnefatafl", "hnefatafl-adapter"),
    },
    Implementation {
        name: "hnefatafl-copenhagen",
        what: "crates.io `hnefatafl-copenhagen`: conformance/adapters/hnefatafl-copenhagen",
        adapter: |root| cargo_adapter(root, "hnefatafl-copenhagen", "hnefatafl-copenhagen-adapter"),
    },
];

/// Builds the programs of `packages` and returns the folder they are in. They are built
/// with xtask (the dev profile, features unified as in xtask's own build, which has their
/// libraries), so that only the programs themselves are compiled and linked.
pub(crate) fn build(packages: &[&str]) -> Result<PathBuf, String> {
    let mut cargo = crate::cargo();
    cargo.current_dir(crate::workspace_root()).args(["build", "--quiet", "--package", "xtask"]);
    for package in packages {
        cargo.args(["--package", package]);
    }
    let built = cargo.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !built.success() {
        return Err(format!("`cargo build` of {} failed", packages.join(" and ")));
    }
    Ok(crate::target_dir().join("debug"))
}

/// gridnote's adapter, built: the program.
pub(crate) fn gridnote_adapter() -> Result<PathBuf, String> {
    Ok(build(&["gridnote-adapter"])?.join(exe("gridnote-adapter")))
}

/// A program's file name on this platform.
pub(crate) fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

/// An ST3P engine's command from the environment variable, behind the ST3P adapter.
fn st3p(root: &Path, name: &str, variable: &str) -> Result<Vec<String>, String> {
    let engine = std::env::var(variable)
        .map_err(|_| format!("not found here: set {variable} to the engine's command (conformance/adapters/st3p/README.md)"))?;
    let script = root.join("conformance/adapters/st3p/adapter.py");
    let mut command = vec![
        "python3".to_owned(),
        script.to_string_lossy().into_owned(),
        "--name".to_owned(),
        name.to_owned(),
        "--".to_owned(),
    ];
    command.extend(engine.split_whitespace().map(str::to_owned));
    Ok(command)
}

/// Builds an adapter crate of conformance/adapters (a workspace of its own) in release mode.
fn cargo_adapter(root: &Path, folder: &str, binary: &str) -> Result<Vec<String>, String> {
    let dir = root.join("conformance/adapters").join(folder);
    let status = crate::cargo()
        .current_dir(&dir)
        .args(["build", "--quiet", "--release"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("`cargo build --release` in conformance/adapters/{folder} failed"));
    }
    Ok(vec![dir.join("target/release").join(binary).to_string_lossy().into_owned()])
}

/// The column a category belongs to: its kind (`t3en`, …), `convert` or `solve`; each
/// tafl rules category (`tafl/perft`, `tafl/moves`, `tafl/games`) is a column of its own.
fn column(category: &str) -> &str {
    if category.starts_with("tafl/") {
        return category;
    }
    category.split_once('/').map_or(category, |(group, _)| group)
}

/// At most this many failures of one implementation in one column are listed (the rest
/// are counted).
const LISTED: usize = 30;

pub(crate) fn write(root: &Path, timeout: Duration) -> Result<(), String> {
    let mut results: Vec<(&Implementation, Result<Report, String>)> = Vec::new();
    for implementation in &IMPLEMENTATIONS {
        eprintln!("conformance matrix: {}", implementation.name);
        let report = (implementation.adapter)(root)
            .and_then(|command| runner::run(&root.join(CASES), &command, timeout, None));
        if let Err(e) = &report {
            eprintln!("  skipped: {e}");
        }
        results.push((implementation, report));
    }
    let cases = runner::load(&root.join(CASES))?;
    let mut columns: BTreeMap<String, usize> = BTreeMap::new();
    for case in &cases {
        *columns.entry(column(&case.category).to_owned()).or_default() += 1;
    }
    let version = std::fs::read_to_string(root.join("conformance/VERSION")).unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(out, "# Conformance matrix\n");
    let _ = writeln!(
        out,
        "The suite of `conformance/` (version {}, {} cases) run through each implementation's \
         adapter by `cargo xtask conformance matrix`, which wrote this page. A cell is \
         passed/run; `—` when the implementation does not do that category (its adapter says \
         so); a failure is a case the implementation answers differently from the suite. \
         See `conformance/README.md` for the case format and the protocol.\n",
        version.trim(),
        cases.len()
    );
    let header: Vec<String> = columns.iter().map(|(c, n)| format!("{c} ({n})")).collect();
    let _ = writeln!(out, "| implementation | {} |", header.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(columns.len()));
    for (implementation, report) in &results {
        let cells: Vec<String> = match report {
            Ok(report) => columns
                .keys()
                .map(|c| {
                    let [pass, fail, _] = report
                        .counts
                        .iter()
                        .filter(|(category, _)| column(category) == c)
                        .fold([0, 0, 0], |acc, (_, n)| {
                            [acc[0] + n[0], acc[1] + n[1], acc[2] + n[2]]
                        });
                    if pass + fail == 0 {
                        "—".to_owned()
                    } else {
                        format!("{pass}/{}", pass + fail)
                    }
                })
                .collect(),
            Err(_) => columns.keys().map(|_| "not run".to_owned()).collect(),
        };
        let _ = writeln!(out, "| {} | {} |", implementation.name, cells.join(" | "));
    }
    let mut categories: BTreeMap<&str, usize> = BTreeMap::new();
    for case in &cases {
        *categories.entry(case.category.as_str()).or_default() += 1;
    }
    let _ = writeln!(out, "\n## The cases\n");
    let _ = writeln!(out, "| category | cases |\n|---|---|");
    for (category, count) in &categories {
        let _ = writeln!(out, "| `{category}` | {count} |");
    }
    let _ = writeln!(out, "\n## The implementations\n");
    for (implementation, report) in &results {
        let status = match report {
            Ok(report) => {
                let version = report.hello["version"].as_str().unwrap_or("");
                format!(
                    "Version {}; {} failure(s)",
                    if version.is_empty() { "unknown" } else { version },
                    report.failures.len()
                )
            }
            Err(e) => format!("not run: {e}"),
        };
        let _ = writeln!(out, "- **{}**: {}. {status}.", implementation.name, implementation.what);
    }
    for (implementation, report) in &results {
        let Ok(report) = report else { continue };
        if report.failures.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n## {}: failing cases\n", implementation.name);
        let _ = writeln!(
            out,
            "Each line: category, case name, the request to send the adapter, and what differed.\n"
        );
        let mut by_column: BTreeMap<&str, Vec<_>> = BTreeMap::new();
        for failure in &report.failures {
            by_column.entry(column(&failure.0)).or_default().push(failure);
        }
        for failures in by_column.values() {
            for (category, name, request, why) in failures.iter().take(LISTED) {
                let _ = writeln!(
                    out,
                    "- {}",
                    runner::failure_line(category, name, request, why).replace('|', "\\|")
                );
            }
            if failures.len() > LISTED {
                let _ = writeln!(
                    out,
                    "- … and {} more of `{}` (`cargo xtask conformance run -- <adapter>` lists them all).",
                    failures.len() - LISTED,
                    column(&failures[0].0)
                );
            }
        }
    }
    let path = root.join("docs/conformance.md");
    std::fs::write(&path, out).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("conformance: wrote docs/conformance.md");
    Ok(())
}

//! `cargo xtask consumers`: for every library crate, a throwaway program that depends on
//! that crate alone builds and runs each Rust example of the crate's README (its front
//! page), as a stranger who adds one `gridnote-*` dependency would.
//!
//! Each example becomes `src/bin/example-N.rs` of a fresh package under
//! `target/consumers/<crate>/` whose only dependency is the crate (by path); rustdoc's
//! conventions apply: lines starting with `# ` are kept (hidden in docs, compiled here), an
//! example ending in `Ok::<(), E>(())` runs as a closure whose error fails the check, and
//! fences marked `ignore` or in another language are skipped (`no_run` is built only).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::workspace_root;

/// One Rust example of a README.
struct Example {
    code: String,
    run: bool,
}

/// Runs the check for every crate under `crates/` whose README has Rust examples.
pub(crate) fn run() -> ExitCode {
    match check_all() {
        Ok(checked) => {
            println!(
                "consumers: {checked} crate(s): every README example builds and runs with only its own crate as a dependency"
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("consumers: {message}");
            ExitCode::FAILURE
        }
    }
}

fn check_all() -> Result<usize, String> {
    let root = workspace_root();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map_err(|e| format!("cannot list crates/: {e}"))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file() && p.join("README.md").is_file())
        .collect();
    crates.sort();
    let target = root.join("target").join("consumers-target");
    let mut checked = 0;
    let mut failures = Vec::new();
    for dir in crates {
        let name = package_name(&dir.join("Cargo.toml"))?;
        let readme = std::fs::read_to_string(dir.join("README.md"))
            .map_err(|e| format!("cannot read {}: {e}", dir.join("README.md").display()))?;
        let examples = rust_examples(&readme);
        if examples.is_empty() {
            continue;
        }
        eprintln!("consumers: {name}: {} example(s)", examples.len());
        match check_crate(&root, &dir, &name, &examples, &target) {
            Ok(()) => checked += 1,
            Err(message) => failures.push(format!("{name}: {message}")),
        }
    }
    if failures.is_empty() { Ok(checked) } else { Err(failures.join("\n")) }
}

/// The `name = "…"` of a manifest's `[package]`.
fn package_name(manifest: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(manifest)
        .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
    text.lines()
        .find_map(|line| {
            let rest = line.trim().strip_prefix("name")?.trim_start().strip_prefix('=')?;
            Some(rest.trim().trim_matches('"').to_owned())
        })
        .ok_or_else(|| format!("{} has no package name", manifest.display()))
}

/// The Rust code blocks of a Markdown text, with rustdoc's fence rules: an unlabelled
/// fence or one labelled `rust` is Rust; `ignore`, `text`, `sh`… are skipped.
fn rust_examples(markdown: &str) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut lines = markdown.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.trim_start().strip_prefix("```") else { continue };
        let tags: Vec<&str> = info.split(',').map(str::trim).filter(|t| !t.is_empty()).collect();
        let rust = tags.iter().all(|t| {
            matches!(*t, "rust" | "no_run" | "should_panic" | "edition2021" | "edition2024")
        });
        let mut code = String::new();
        for body in lines.by_ref() {
            if body.trim_start().starts_with("```") {
                break;
            }
            let kept = body.strip_prefix("# ").or_else(|| (body == "#").then_some(""));
            code.push_str(kept.unwrap_or(body));
            code.push('\n');
        }
        if rust && !tags.contains(&"should_panic") {
            examples.push(Example { code, run: !tags.contains(&"no_run") });
        }
    }
    examples
}

/// The example as a program: `fn main` as written, or the body wrapped the way rustdoc
/// wraps a doctest.
/// A warning (an unused import, say) fails the build: a README example is copied by
/// readers as it is.
fn program(code: &str) -> String {
    let mut out = String::from("#![deny(warnings)]\n");
    if code.contains("fn main") {
        out.push_str(code);
        return out;
    }
    let (uses, body): (Vec<&str>, Vec<&str>) =
        code.lines().partition(|l| l.starts_with("use ") || l.starts_with("extern crate "));
    out.push_str(&uses.join("\n"));
    out.push('\n');
    let last = body.iter().rev().find(|l| !l.trim().is_empty()).map_or("", |l| l.trim());
    if last.starts_with("Ok::<") {
        let _ = write!(
            out,
            "fn main() {{\n    let run = || {{\n{}\n    }};\n    if let Err(err) = run() {{\n        panic!(\"the example failed: {{err:?}}\");\n    }}\n}}\n",
            body.join("\n")
        );
    } else {
        let _ = write!(out, "fn main() {{\n{}\n}}\n", body.join("\n"));
    }
    out
}

fn check_crate(
    root: &Path,
    dir: &Path,
    name: &str,
    examples: &[Example],
    target: &Path,
) -> Result<(), String> {
    let project = root.join("target").join("consumers").join(name);
    let bin = project.join("src").join("bin");
    if project.exists() {
        std::fs::remove_dir_all(&project)
            .map_err(|e| format!("cannot clear {}: {e}", project.display()))?;
    }
    std::fs::create_dir_all(&bin).map_err(|e| format!("cannot create {}: {e}", bin.display()))?;
    let path = dir.display().to_string().replace('\\', "/");
    let manifest = format!(
        "[package]\nname = \"consumer-of-{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n{name} = {{ path = \"{path}\" }}\n\n[workspace]\n"
    );
    write(&project.join("Cargo.toml"), &manifest)?;
    // The workspace's lock file pins the same dependency versions the workspace tests.
    std::fs::copy(root.join("Cargo.lock"), project.join("Cargo.lock"))
        .map_err(|e| format!("cannot copy Cargo.lock: {e}"))?;
    for (i, example) in examples.iter().enumerate() {
        write(&bin.join(format!("example-{}.rs", i + 1)), &program(&example.code))?;
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(&cargo)
        .args(["build", "--quiet", "--bins", "--manifest-path"])
        .arg(project.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "a README example does not build with only {name} as a dependency (see {})",
            bin.display()
        ));
    }
    for (i, _) in examples.iter().enumerate().filter(|(_, e)| e.run) {
        let status = Command::new(&cargo)
            .args(["run", "--quiet", "--bin", &format!("example-{}", i + 1), "--manifest-path"])
            .arg(project.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", target)
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("README example {} fails when run", i + 1));
        }
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_follow_rustdoc_fences() {
        let md = "a\n```rust\nuse x::Y;\nlet a = 1;\n# Ok::<(), E>(())\n```\n```text\nno\n```\n```rust,ignore\nno\n```\n```\nplain();\n```\n```sh\n$ no\n```\n";
        let examples = rust_examples(md);
        assert_eq!(examples.len(), 2);
        assert_eq!(examples[0].code, "use x::Y;\nlet a = 1;\nOk::<(), E>(())\n");
        assert_eq!(examples[1].code, "plain();\n");
    }

    #[test]
    fn a_body_ending_in_ok_runs_as_a_closure() {
        let p = program("use x::Y;\nlet a = f()?;\nOk::<(), E>(())\n");
        assert!(p.starts_with(
            "#![deny(warnings)]\nuse x::Y;\nfn main() {\n    let run = || {\nlet a = f()?;"
        ));
        assert_eq!(program("g();\n"), "#![deny(warnings)]\n\nfn main() {\ng();\n}\n");
        assert_eq!(program("fn main() {}\n"), "#![deny(warnings)]\nfn main() {}\n");
    }
}

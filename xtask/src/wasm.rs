//! `cargo xtask wasm`: gridnote-wasm built for `wasm32-unknown-unknown` with the size
//! profile (`[profile.wasm]`) twice, as the converter module (`gridnote_wasm`, the
//! default features) and as the engine module (`gridnote_engine`, the `engine` feature),
//! each bound with wasm-bindgen, and written with the engine's worker wrapper
//! (`crates/wasm/js`) as one npm package folder (`target/wasm-pkg`); `--test` also runs
//! the bindings' tests in Node.
//!
//! What it needs is installed when missing: the target with rustup, and wasm-bindgen-cli
//! with cargo at exactly the version of the `wasm-bindgen` crate in Cargo.lock (the CLI
//! and the crate must agree).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use clap::Args;

use crate::{cargo, target_dir, workspace_root};

/// The Rust target of the package.
pub(crate) const TARGET: &str = "wasm32-unknown-unknown";

/// The budget for the converter's `.wasm` file, in bytes: 400 KiB for the converter,
/// detection, the check, the pictures and the solver, and 88 KiB more for the tafl rules
/// engine behind `moves` and `play` (80 KiB until its bit planes; docs/wasm.md says why).
pub(crate) const SIZE_BUDGET: u64 = 488 * 1024;

/// The budget for the package's `.wasm` files together (the converter's and the
/// engine's), in bytes.
pub(crate) const TOTAL_BUDGET: u64 = 1024 * 1024;

/// The budget for the package's `.wasm` files together, each compressed with gzip -9.
pub(crate) const GZIP_BUDGET: u64 = 400 * 1024;

/// The npm package's name and the file stem wasm-bindgen writes.
const PACKAGE: &str = "gridnote-wasm";
const STEM: &str = "gridnote_wasm";
/// The file stem of the engine module.
const ENGINE_STEM: &str = "gridnote_engine";
/// The hand-written JavaScript of the package (the engine's worker and its wrapper),
/// under crates/wasm/js.
const SCRIPTS: [&str; 3] = ["engine.js", "engine.d.ts", "engine-worker.js"];

/// `cargo xtask wasm`.
#[derive(Debug, Default, Args)]
pub(crate) struct WasmArgs {
    /// Also run the bindings' wasm-bindgen tests (crates/wasm/tests) in Node.
    #[arg(long)]
    pub(crate) test: bool,
    /// Leave the .wasm as wasm-bindgen wrote it (no wasm-opt pass).
    #[arg(long)]
    pub(crate) no_opt: bool,
}

/// Binaryen's wasm-opt, from npm (pinned), for the size pass.
const BINARYEN: &str = "binaryen@132.0.0";

pub(crate) fn run(args: &WasmArgs) -> ExitCode {
    let result = (|| {
        let tools = Tools::ensure()?;
        let package = build(&tools, !args.no_opt)?;
        println!("wasm: npm package folder {}", package.display());
        if args.test {
            node_tests(&tools)?;
            pack_check(&package)?;
        }
        Ok::<(), String>(())
    })();
    crate::exit(result)
}

/// The installed tools the build needs.
pub(crate) struct Tools {
    bindgen: PathBuf,
    test_runner: PathBuf,
}

impl Tools {
    /// Installs the target and wasm-bindgen-cli when missing.
    pub(crate) fn ensure() -> Result<Tools, String> {
        ensure_target()?;
        let version = lock_version("wasm-bindgen")?;
        let bin = cargo_bin_dir();
        let bindgen = bin.join("wasm-bindgen");
        let test_runner = bin.join("wasm-bindgen-test-runner");
        let installed = Command::new(&bindgen)
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
        let wanted = format!("wasm-bindgen {version}");
        if installed.as_deref() != Some(wanted.as_str()) || !test_runner.is_file() {
            println!(
                "wasm: installing wasm-bindgen-cli {version} (found: {})",
                installed.as_deref().unwrap_or("none")
            );
            install_bindgen(&version)?;
        }
        Ok(Tools { bindgen, test_runner })
    }
}

/// Where `cargo install` puts binaries: `$CARGO_HOME/bin`, else `~/.cargo/bin`.
fn cargo_bin_dir() -> PathBuf {
    let home = std::env::var_os("CARGO_HOME").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cargo")
    });
    home.join("bin")
}

/// Adds the wasm target with rustup unless it is installed.
fn ensure_target() -> Result<(), String> {
    let installed = output(
        Command::new("rustup").args(["target", "list", "--installed"]),
        "rustup target list",
    )?;
    if !installed.lines().any(|l| l.trim() == TARGET) {
        status(Command::new("rustup").args(["target", "add", TARGET]), "rustup target add")?;
    }
    Ok(())
}

/// Installs wasm-bindgen-cli `version`: first with its own lockfile (`--locked`), then,
/// when that lockfile names a crate the registry no longer serves (0.2.130's pins a yanked
/// webpki-roots), with the newest compatible dependencies.
fn install_bindgen(version: &str) -> Result<(), String> {
    let install = |locked: bool| {
        let mut command = cargo();
        command.args(["install", "--force", "--version", version, "wasm-bindgen-cli"]);
        if locked {
            command.arg("--locked");
        }
        // Its own temporary target directory, not the workspace's.
        command.env_remove("CARGO_TARGET_DIR");
        command.status()
    };
    match install(true) {
        Ok(s) if s.success() => return Ok(()),
        _ => println!("wasm: `cargo install --locked` failed; trying without --locked"),
    }
    match install(false) {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("cargo install wasm-bindgen-cli {version} failed ({s})")),
        Err(e) => Err(format!("could not run cargo install: {e}")),
    }
}

/// The version of `crate_name` in the workspace's Cargo.lock.
pub(crate) fn lock_version(crate_name: &str) -> Result<String, String> {
    let path = workspace_root().join("Cargo.lock");
    let lock = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{crate_name}\"")
            && let Some(version) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|l| l.strip_suffix('"'))
        {
            return Ok(version.to_owned());
        }
    }
    Err(format!("{crate_name} is not in Cargo.lock"))
}

/// The npm package folder.
pub(crate) fn package_dir() -> PathBuf {
    target_dir().join("wasm-pkg")
}

/// Builds the package into [`package_dir`] and returns it; `optimise`: shrink the .wasm
/// files with wasm-opt (binaryen from npm) when npm is there.
pub(crate) fn build(tools: &Tools, optimise: bool) -> Result<PathBuf, String> {
    let started = Instant::now();
    let root = workspace_root();
    let out = package_dir();
    if out.exists() {
        std::fs::remove_dir_all(&out)
            .map_err(|e| format!("cannot empty {}: {e}", out.display()))?;
    }
    // The converter (default features), then the engine: the same crate, two modules.
    for (stem, features) in [(STEM, None), (ENGINE_STEM, Some("engine"))] {
        let mut build = cargo();
        build.current_dir(&root).args([
            "build",
            "-p",
            PACKAGE,
            "--lib",
            "--target",
            TARGET,
            "--profile",
            "wasm",
        ]);
        if let Some(features) = features {
            build.args(["--no-default-features", "--features", features]);
        }
        status(&mut build, &format!("cargo build --target {TARGET} ({stem})"))?;
        let module = target_dir().join(TARGET).join("wasm").join(format!("{STEM}.wasm"));
        status(
            Command::new(&tools.bindgen)
                // The name section is dropped here rather than by `strip` in the profile:
                // wasm-bindgen reads the target-features section that `strip` would drop.
                .args(["--target", "web", "--remove-name-section", "--remove-producers-section"])
                .args(["--out-name", stem, "--out-dir"])
                .arg(&out)
                .arg(&module),
            &format!("wasm-bindgen ({stem})"),
        )?;
    }
    let crate_dir = root.join("crates").join("wasm");
    let mut copies = vec![
        (crate_dir.join("README.md"), "README.md"),
        (root.join("LICENSE-MIT"), "LICENSE-MIT"),
        (root.join("LICENSE-APACHE"), "LICENSE-APACHE"),
    ];
    copies.extend(SCRIPTS.iter().map(|&name| (crate_dir.join("js").join(name), name)));
    for (from, to) in copies {
        std::fs::copy(&from, out.join(to))
            .map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    std::fs::write(out.join("package.json"), package_json())
        .map_err(|e| format!("cannot write package.json: {e}"))?;
    let mut sizes = Vec::new();
    for stem in [STEM, ENGINE_STEM] {
        let wasm = out.join(format!("{stem}_bg.wasm"));
        if optimise {
            wasm_opt(&wasm)?;
        }
        let size = std::fs::metadata(&wasm)
            .map_err(|e| format!("cannot read {}: {e}", wasm.display()))?
            .len();
        let gzipped = gzip_size(&wasm)?;
        println!(
            "wasm: {} is {size} bytes ({:.1} KiB), {gzipped} bytes with gzip -9",
            rel(&wasm),
            size as f64 / 1024.0,
        );
        sizes.push((size, gzipped));
    }
    let (converter, _) = sizes[0];
    let total: u64 = sizes.iter().map(|s| s.0).sum();
    let gzipped: u64 = sizes.iter().map(|s| s.1).sum();
    println!(
        "wasm: the converter {converter} bytes (budget {SIZE_BUDGET}); both modules {total} bytes (budget {TOTAL_BUDGET}), {gzipped} with gzip (budget {GZIP_BUDGET}) — built in {:.0?}",
        started.elapsed()
    );
    let over = [
        ("the converter module", converter, SIZE_BUDGET),
        ("the .wasm files together", total, TOTAL_BUDGET),
        ("the .wasm files together with gzip -9", gzipped, GZIP_BUDGET),
    ];
    for (what, bytes, budget) in over {
        if bytes > budget {
            return Err(format!("{what}: {bytes} bytes, over the budget of {budget} bytes"));
        }
    }
    Ok(out)
}

/// The size of `file` compressed by `gzip -9`.
fn gzip_size(file: &Path) -> Result<u64, String> {
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(file)
        .output()
        .map_err(|e| format!("could not run gzip: {e}"))?;
    if !out.status.success() {
        return Err(format!("gzip -9 {} failed", file.display()));
    }
    Ok(out.stdout.len() as u64)
}

/// Installs the npm package `spec` (`name@version`) into `dir` unless that version is
/// there.
pub(crate) fn npm_install(dir: &Path, spec: &str) -> Result<(), String> {
    let (name, version) = spec.rsplit_once('@').unwrap_or((spec, ""));
    let manifest = dir.join("node_modules").join(name).join("package.json");
    let installed = std::fs::read_to_string(&manifest)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|json| json["version"].as_str().map(str::to_owned));
    if installed.as_deref() == Some(version) {
        return Ok(());
    }
    println!("installing {spec} with npm into {}", rel(dir));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // A package.json of its own, so npm installs here and not into a parent folder.
    let package = dir.join("package.json");
    if !package.is_file() {
        std::fs::write(&package, "{ \"private\": true }\n")
            .map_err(|e| format!("cannot write {}: {e}", package.display()))?;
    }
    status(
        Command::new("npm").current_dir(dir).args([
            "install",
            "--no-audit",
            "--no-fund",
            "--save-exact",
            spec,
        ]),
        &format!("npm install {spec}"),
    )
}

/// Shrinks `wasm` in place with `wasm-opt -Oz`; without npm, says so and leaves it.
fn wasm_opt(wasm: &Path) -> Result<(), String> {
    let npm_runs = Command::new("npm").arg("--version").output().is_ok_and(|o| o.status.success());
    if !npm_runs {
        println!("wasm: npm not found: no wasm-opt pass (binaryen comes from npm)");
        return Ok(());
    }
    let dir = target_dir().join("wasm-tools");
    npm_install(&dir, BINARYEN)?;
    let before = std::fs::metadata(wasm).map_err(|e| e.to_string())?.len();
    let optimised = wasm.with_extension("opt.wasm");
    status(
        Command::new(dir.join("node_modules").join(".bin").join("wasm-opt"))
            .arg("-Oz")
            .arg(wasm)
            .arg("-o")
            .arg(&optimised),
        "wasm-opt -Oz",
    )?;
    std::fs::rename(&optimised, wasm).map_err(|e| format!("cannot replace the .wasm: {e}"))?;
    println!("wasm: wasm-opt -Oz: {before} bytes before");
    Ok(())
}

/// The package manifest: the same name, version and licence as the crate.
fn package_json() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let license = env!("CARGO_PKG_LICENSE");
    format!(
        r#"{{
  "name": "{PACKAGE}",
  "version": "{version}",
  "description": "gridnote in JavaScript: convert, detect, check, draw and solve positions of tic-tac-toe (m,n,k) and tafl games, and play them against gridnote's engines in a Web Worker (WebAssembly).",
  "license": "{license}",
  "repository": {{ "type": "git", "url": "https://github.com/gridnote/gridnote" }},
  "keywords": ["tic-tac-toe", "tafl", "gomoku", "notation", "wasm", "board-game", "engine"],
  "type": "module",
  "main": "{STEM}.js",
  "module": "{STEM}.js",
  "types": "{STEM}.d.ts",
  "exports": {{
    ".": {{ "types": "./{STEM}.d.ts", "default": "./{STEM}.js" }},
    "./engine": {{ "types": "./engine.d.ts", "default": "./engine.js" }},
    "./{ENGINE_STEM}": {{ "types": "./{ENGINE_STEM}.d.ts", "default": "./{ENGINE_STEM}.js" }},
    "./{STEM}_bg.wasm": "./{STEM}_bg.wasm",
    "./{ENGINE_STEM}_bg.wasm": "./{ENGINE_STEM}_bg.wasm"
  }},
  "files": [
    "{STEM}_bg.wasm",
    "{STEM}_bg.wasm.d.ts",
    "{STEM}.js",
    "{STEM}.d.ts",
    "{ENGINE_STEM}_bg.wasm",
    "{ENGINE_STEM}_bg.wasm.d.ts",
    "{ENGINE_STEM}.js",
    "{ENGINE_STEM}.d.ts",
    "engine.js",
    "engine.d.ts",
    "engine-worker.js",
    "README.md",
    "LICENSE-MIT",
    "LICENSE-APACHE"
  ],
  "sideEffects": false
}}
"#
    )
}

/// Runs crates/wasm/tests in Node with wasm-bindgen-test-runner.
pub(crate) fn node_tests(tools: &Tools) -> Result<(), String> {
    let started = Instant::now();
    println!("== wasm: the bindings' tests in Node (wasm-bindgen-test)");
    status(
        cargo()
            .current_dir(workspace_root())
            .args(["test", "-p", PACKAGE, "--target", TARGET, "--features", "engine"])
            .args(["--test", "node", "--test", "engine"])
            .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", &tools.test_runner),
        "cargo test --target wasm32-unknown-unknown (wasm-bindgen-test in Node)",
    )?;
    println!("wasm: Node tests done in {:.0?}", started.elapsed());
    Ok(())
}

/// `npm pack --dry-run` in the package folder: it packs, and the tarball holds the module,
/// its glue, its types and the manifest.
pub(crate) fn pack_check(package: &Path) -> Result<(), String> {
    let listing = output(
        Command::new("npm").current_dir(package).args(["pack", "--dry-run", "--json"]),
        "npm pack --dry-run",
    )?;
    let json: serde_json::Value =
        serde_json::from_str(&listing).map_err(|e| format!("npm pack --json: {e}"))?;
    let files: Vec<&str> = json[0]["files"]
        .as_array()
        .map(|files| files.iter().filter_map(|f| f["path"].as_str()).collect())
        .unwrap_or_default();
    let mut wanted = vec![
        format!("{STEM}_bg.wasm"),
        format!("{STEM}.js"),
        format!("{STEM}.d.ts"),
        format!("{ENGINE_STEM}_bg.wasm"),
        format!("{ENGINE_STEM}.js"),
        format!("{ENGINE_STEM}.d.ts"),
        "package.json".to_owned(),
    ];
    wanted.extend(SCRIPTS.iter().map(|&s| s.to_owned()));
    let missing: Vec<&String> = wanted.iter().filter(|w| !files.contains(&w.as_str())).collect();
    if !missing.is_empty() {
        return Err(format!(
            "npm pack --dry-run: the tarball lacks {missing:?} (it holds {files:?})"
        ));
    }
    println!(
        "wasm: npm pack --dry-run: {} {}, {} files, {} bytes packed",
        json[0]["name"].as_str().unwrap_or("?"),
        json[0]["version"].as_str().unwrap_or("?"),
        files.len(),
        json[0]["size"]
    );
    Ok(())
}

/// `path` relative to the workspace root when inside it.
pub(crate) fn rel(path: &Path) -> String {
    let root = workspace_root();
    path.strip_prefix(&root).unwrap_or(path).display().to_string()
}

pub(crate) fn status(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("could not run {what}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{what} failed ({status})")) }
}

pub(crate) fn output(command: &mut Command, what: &str) -> Result<String, String> {
    let out = command.output().map_err(|e| format!("could not run {what}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{what} failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{what} printed non-UTF-8: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_names_the_bindgen_version_the_crate_uses() {
        let version = lock_version("wasm-bindgen").unwrap();
        assert!(version.starts_with("0.2."), "{version}");
        assert!(lock_version("no-such-crate-here").is_err());
    }

    #[test]
    fn package_json_names_the_files_wasm_bindgen_writes() {
        let json: serde_json::Value = serde_json::from_str(&package_json()).unwrap();
        assert_eq!(json["name"], "gridnote-wasm");
        assert_eq!(json["types"], "gridnote_wasm.d.ts");
        assert_eq!(json["license"], "MIT OR Apache-2.0");
        assert_eq!(json["files"][0], "gridnote_wasm_bg.wasm");
    }
}

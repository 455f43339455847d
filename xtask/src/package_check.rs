//! `cargo xtask package-check` and `cargo xtask msrv`: what a stranger gets from
//! crates.io, checked before anything is published.
//!
//! Both iterate the workspace's publishable members as `cargo metadata` reports them (every
//! member whose `publish` is not `false`), so a new crate is checked without being named
//! here.
//!
//! - `package-check`: every publishable member holds its own README and both licence
//!   files (the same bytes as the root's); `cargo publish --workspace --dry-run` packages
//!   and verifies them all; then every `.crate` is unpacked into a temporary directory
//!   and runs its own `cargo test`, with the workspace's crates patched to each other's
//!   unpacked packages (they are not on crates.io yet). One target directory serves
//!   every unpacked package, so each dependency is built once.
//! - `msrv`: checks the members with the declared minimum Rust version (installing it
//!   with rustup when missing): all features, and for `no-std` crates no default
//!   features, natively and for a bare-metal target with and without `serde`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::{cargo, exit, target_dir, workspace_root};

/// The bare-metal target the `no-std` crates are checked for (no `std`, no allocator).
const NO_STD_TARGET: &str = "thumbv7em-none-eabihf";

/// The files every package must hold besides its sources.
const PACKAGE_FILES: [&str; 3] = ["README.md", "LICENSE-MIT", "LICENSE-APACHE"];

/// Options of `cargo xtask package-check`.
#[derive(clap::Args, Debug)]
pub(crate) struct PackageCheckArgs {
    /// Only these packages' unpacked tests (default: every publishable member); the
    /// dry-run still packages the whole workspace.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Package without `cargo publish --workspace --dry-run` (no verification build): for
    /// trying the unpacked packages' tests again quickly.
    #[arg(long)]
    no_verify: bool,
}

/// A publishable workspace member, from `cargo metadata`.
#[derive(Debug)]
struct Member {
    name: String,
    version: String,
    dir: PathBuf,
    rust_version: Option<String>,
    no_std: bool,
    features: BTreeSet<String>,
    /// Names of the workspace crates this one depends on (normal and build dependencies).
    deps: BTreeSet<String>,
    /// Names of the workspace crates among its dev-dependencies.
    dev_deps: BTreeSet<String>,
}

/// The workspace's publishable members, in `cargo metadata` order.
fn publishable_members() -> Result<Vec<Member>, String> {
    let meta = crate::workspace::metadata()?;
    let members: BTreeSet<&str> = meta["workspace_members"]
        .as_array()
        .ok_or("cargo metadata: no workspace_members")?
        .iter()
        .filter_map(|id| id.as_str())
        .collect();
    let packages = meta["packages"].as_array().ok_or("cargo metadata: no packages")?;
    let names: BTreeSet<&str> = packages
        .iter()
        .filter(|p| p["id"].as_str().is_some_and(|id| members.contains(id)))
        .filter_map(|p| p["name"].as_str())
        .collect();
    let mut found = Vec::new();
    for p in packages {
        if !p["id"].as_str().is_some_and(|id| members.contains(id)) {
            continue;
        }
        // `publish`: null = anywhere, [] = nowhere (`publish = false`), [..] = those registries.
        if p["publish"].as_array().is_some_and(Vec::is_empty) {
            continue;
        }
        let text = |key: &str| p[key].as_str().map(str::to_owned);
        let name = text("name").ok_or("cargo metadata: a package without a name")?;
        let manifest = text("manifest_path").ok_or("cargo metadata: no manifest_path")?;
        let mut deps = BTreeSet::new();
        let mut dev_deps = BTreeSet::new();
        for dep in p["dependencies"].as_array().into_iter().flatten() {
            let Some(dep_name) = dep["name"].as_str() else { continue };
            if !names.contains(dep_name) {
                continue;
            }
            if dep["kind"].as_str() == Some("dev") {
                dev_deps.insert(dep_name.to_owned());
            } else {
                deps.insert(dep_name.to_owned());
            }
        }
        found.push(Member {
            version: text("version").ok_or("cargo metadata: no version")?,
            dir: Path::new(&manifest).parent().ok_or("manifest without a folder")?.to_owned(),
            rust_version: text("rust_version"),
            no_std: p["categories"]
                .as_array()
                .is_some_and(|c| c.iter().any(|c| c.as_str() == Some("no-std"))),
            features: p["features"]
                .as_object()
                .map(|f| f.keys().cloned().collect())
                .unwrap_or_default(),
            name,
            deps,
            dev_deps,
        });
    }
    Ok(found)
}

pub(crate) fn run(args: &PackageCheckArgs) -> ExitCode {
    exit(package_check(args))
}

pub(crate) fn run_msrv() -> ExitCode {
    exit(msrv())
}

fn package_check(args: &PackageCheckArgs) -> Result<(), String> {
    let started = Instant::now();
    let root = workspace_root();
    let members = publishable_members()?;
    if let Some(unknown) = args.only.iter().find(|n| !members.iter().any(|m| &m.name == *n)) {
        return Err(format!("--only {unknown}: not a publishable member of the workspace"));
    }
    println!(
        "publishable members: {}",
        members.iter().map(|m| m.name.as_str()).collect::<Vec<_>>().join(", ")
    );

    // The files every package must hold, in the repository.
    let mut problems = Vec::new();
    for m in &members {
        for file in PACKAGE_FILES {
            let path = m.dir.join(file);
            if !path.is_file() {
                problems.push(format!("{}: no {file} in {}", m.name, m.dir.display()));
            } else if file.starts_with("LICENSE")
                && fs::read(&path).ok() != fs::read(root.join(file)).ok()
            {
                problems.push(format!("{}: {file} differs from the root's {file}", m.name));
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }

    // Package and verify, exactly as publishing would. The verification builds the
    // packages as registry crates, whose compiled forms cargo never rebuilds for the same
    // version: they get a target directory of their own, cleared of this workspace's
    // crates first (other dependencies stay built).
    clear_unpacked_sources(&members)?;
    let work = target_dir().join("package-check");
    let verify = work.join("verify");
    let mut clean = cargo();
    clean.current_dir(&root).env("CARGO_TARGET_DIR", &verify).arg("clean");
    for m in &members {
        clean.args(["-p", m.name.as_str()]);
    }
    status(&mut clean, "cargo clean")?;
    let step = Instant::now();
    if !args.no_verify {
        status(
            cargo().current_dir(&root).env("CARGO_TARGET_DIR", &verify).args([
                "publish",
                "--workspace",
                "--dry-run",
                "--allow-dirty",
            ]),
            "cargo publish --workspace --dry-run",
        )?;
        println!("cargo publish --workspace --dry-run: {:.0?}", step.elapsed());
    }
    // The dry-run keeps its `.crate` files in a scratch registry of its own; packaging
    // again without verifying writes them where `cargo package` documents them.
    let mut package = cargo();
    package.current_dir(&root).env("CARGO_TARGET_DIR", &verify).args([
        "package",
        "--no-verify",
        "--allow-dirty",
    ]);
    for m in &members {
        package.args(["-p", m.name.as_str()]);
    }
    status(&mut package, "cargo package")?;

    // Unpack every package.
    let unpacked = work.join("packages");
    if unpacked.exists() {
        fs::remove_dir_all(&unpacked)
            .map_err(|e| format!("could not clear {}: {e}", unpacked.display()))?;
    }
    fs::create_dir_all(&unpacked).map_err(|e| format!("{}: {e}", unpacked.display()))?;
    let mut dirs = BTreeMap::new();
    for m in &members {
        let krate = verify.join("package").join(format!("{}-{}.crate", m.name, m.version));
        let list = output(Command::new("tar").arg("-tzf").arg(&krate), "tar -t")?;
        let prefix = format!("{}-{}/", m.name, m.version);
        for file in PACKAGE_FILES {
            if !list.lines().any(|l| l.strip_prefix(&prefix) == Some(file)) {
                problems.push(format!("{}: the package holds no {file}", m.name));
            }
        }
        // `-m`: the files get the time of unpacking, so that cargo, which judges path
        // dependencies by modification time, rebuilds them in the shared target directory.
        status(Command::new("tar").arg("-xmzf").arg(&krate).arg("-C").arg(&unpacked), "tar -x")?;
        dirs.insert(m.name.clone(), unpacked.join(&prefix));
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }

    // Each unpacked package runs its own tests.
    let lock = fs::read(root.join("Cargo.lock")).ok();
    let by_name: BTreeMap<&str, &Member> = members.iter().map(|m| (m.name.as_str(), m)).collect();
    let mut failed = Vec::new();
    let mut times = Vec::new();
    for m in members.iter().filter(|m| args.only.is_empty() || args.only.contains(&m.name)) {
        let dir = &dirs[&m.name];
        // An unpacked package is a workspace of its own, as it is for anyone who downloads
        // it; without this, cargo would take the repository's workspace (around
        // `target/`) for its parent and refuse to build.
        let manifest = dir.join("Cargo.toml");
        let mut text =
            fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
        if !text.lines().any(|l| l.trim() == "[workspace]") {
            text.push_str("\n[workspace]\n");
            fs::write(&manifest, text).map_err(|e| format!("{}: {e}", manifest.display()))?;
        }
        // The workspace's lock file pins the same dependency versions as the workspace's
        // own tests (cargo drops what the package does not use); a package that ships its
        // own lock file (a binary's) keeps it.
        if let Some(lock) = &lock {
            let path = dir.join("Cargo.lock");
            if !path.exists() {
                fs::write(&path, lock).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        let mut command = cargo();
        command
            .current_dir(dir)
            .env("CARGO_TARGET_DIR", work.join("target"))
            .env("INSTA_UPDATE", "no")
            .env("CI", "true")
            .arg("test")
            // Optimised, as the workspace's test profile optimises the crates with exhaustive
            // tests (the workspace's profiles are not part of a package).
            .args(["--config", "profile.test.opt-level=2"])
            .args(["--config", "profile.test.package.\"*\".opt-level=2"]);
        for dep in internal_closure(m, &by_name) {
            // An unpublished dev-dependency (gridnote-testkit, named without a version)
            // is stripped from the package: nothing to patch in.
            let Some(dir) = dirs.get(&dep) else { continue };
            let path = dir.display().to_string();
            command
                .args(["--config", &format!("patch.crates-io.{dep}.path={}", toml_string(&path))]);
        }
        let step = Instant::now();
        println!("== {}: cargo test in {}", m.name, dir.display());
        let ok = command.status().map_err(|e| format!("could not run cargo test: {e}"))?.success();
        times.push(format!("{} {:.0?}{}", m.name, step.elapsed(), if ok { "" } else { " FAILED" }));
        if !ok {
            failed.push(m.name.clone());
        }
    }
    println!("unpacked package tests: {}", times.join(", "));
    println!("package-check: {:.0?} in all", started.elapsed());
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("unpacked packages failed their tests: {}", failed.join(", ")))
    }
}

/// Removes cargo's extracted copies of earlier packages of these crates.
///
/// The dry-run verifies each package against the others through a scratch registry in
/// the target directory, and cargo extracts its crates under
/// `$CARGO_HOME/registry/src/<that registry>/<name>-<version>` but does not extract them
/// again while that folder exists: a second run would build the first run's sources.
/// Cargo extracts them again from its cache when needed, so removing them is safe.
fn clear_unpacked_sources(members: &[Member]) -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let Ok(registries) = fs::read_dir(home.join("registry").join("src")) else { return Ok(()) };
    for registry in registries.flatten() {
        for m in members {
            let stale = registry.path().join(format!("{}-{}", m.name, m.version));
            if stale.is_dir() {
                fs::remove_dir_all(&stale)
                    .map_err(|e| format!("could not remove {}: {e}", stale.display()))?;
            }
        }
    }
    Ok(())
}

/// The workspace crates an unpacked package needs patched in: its dependencies and
/// dev-dependencies, and their dependencies, transitively.
fn internal_closure(m: &Member, by_name: &BTreeMap<&str, &Member>) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&String> = m.deps.iter().chain(&m.dev_deps).collect();
    while let Some(name) = todo.pop() {
        if name != &m.name
            && seen.insert(name.clone())
            && let Some(dep) = by_name.get(name.as_str())
        {
            todo.extend(&dep.deps);
        }
    }
    seen
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn msrv() -> Result<(), String> {
    let started = Instant::now();
    let members = publishable_members()?;
    let workspace_msrv = members
        .iter()
        .filter_map(|m| m.rust_version.clone())
        .min_by_key(|v| v.split('.').map(|n| n.parse::<u32>().unwrap_or(0)).collect::<Vec<_>>())
        .ok_or("no publishable member declares a rust-version")?;
    let (checked, skipped): (Vec<&Member>, Vec<&Member>) =
        members.iter().partition(|m| m.rust_version.as_deref() == Some(workspace_msrv.as_str()));
    for m in &skipped {
        println!(
            "{}: rust-version {:?}, not checked with {workspace_msrv}",
            m.name, m.rust_version
        );
    }
    let toolchain = workspace_msrv;
    ensure_toolchain(&toolchain, checked.iter().any(|m| m.no_std))?;

    let target = target_dir().join("msrv");
    let run = |what: &str, args: &[&str]| -> Result<(), String> {
        let step = Instant::now();
        println!("== Rust {toolchain}: cargo check {what}");
        let mut command = Command::new("rustup");
        command
            .current_dir(workspace_root())
            .args(["run", &toolchain, "cargo", "check"])
            .args(args)
            .env("CARGO_TARGET_DIR", &target);
        // What the calling cargo set for itself must not leak into the older one.
        for var in ["CARGO", "RUSTC", "RUSTDOC", "RUSTUP_TOOLCHAIN", "RUSTC_WRAPPER"] {
            command.env_remove(var);
        }
        status(&mut command, &format!("cargo +{toolchain} check {}", args.join(" ")))?;
        println!("   {:.0?}", step.elapsed());
        Ok(())
    };

    let mut all = vec!["--all-features"];
    for m in &checked {
        all.extend(["-p", m.name.as_str()]);
    }
    run("every publishable member, all features", &all)?;
    for m in checked.iter().filter(|m| m.no_std) {
        let p = m.name.as_str();
        run(&format!("{p} without default features"), &["-p", p, "--no-default-features"])?;
        let bare = ["-p", p, "--no-default-features", "--target", NO_STD_TARGET];
        run(&format!("{p} for {NO_STD_TARGET}"), &bare)?;
        if m.features.contains("serde") {
            let with_serde = [&bare[..], &["--features", "serde"]].concat();
            run(&format!("{p} for {NO_STD_TARGET} with serde"), &with_serde)?;
        }
    }
    println!("msrv: {:.0?} in all", started.elapsed());
    Ok(())
}

/// Installs `toolchain` (minimal profile) and, when asked, the bare-metal target for it,
/// unless they are there already.
fn ensure_toolchain(toolchain: &str, no_std_target: bool) -> Result<(), String> {
    let installed = output(Command::new("rustup").args(["toolchain", "list"]), "rustup")?;
    if !installed.lines().any(|l| l.starts_with(&format!("{toolchain}-")) || l == toolchain) {
        status(
            Command::new("rustup").args([
                "toolchain",
                "install",
                toolchain,
                "--profile",
                "minimal",
            ]),
            "rustup toolchain install",
        )?;
    }
    if no_std_target {
        let targets = output(
            Command::new("rustup").args([
                "target",
                "list",
                "--installed",
                "--toolchain",
                toolchain,
            ]),
            "rustup target list",
        )?;
        if !targets.lines().any(|l| l.trim() == NO_STD_TARGET) {
            status(
                Command::new("rustup").args([
                    "target",
                    "add",
                    NO_STD_TARGET,
                    "--toolchain",
                    toolchain,
                ]),
                "rustup target add",
            )?;
        }
    }
    Ok(())
}

fn status(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("could not run {what}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{what} failed ({status})")) }
}

fn output(command: &mut Command, what: &str) -> Result<String, String> {
    let out = command.output().map_err(|e| format!("could not run {what}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{what} failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{what} printed non-UTF-8: {e}"))
}

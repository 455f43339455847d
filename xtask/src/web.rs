//! `cargo xtask web [--serve]`: the playground page (web/) with the wasm package, as a
//! static site in `target/web-site`, served on 127.0.0.1 by a small std-only server.
//!
//! `cargo xtask web-test`: the bindings' Node tests, then the page driven in headless
//! Chromium by Playwright (Debian's `chromium`, installed with apt when missing and root;
//! `playwright-core` installed with npm into `target/web-test`), with screenshots saved
//! there.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use clap::Args;

use crate::wasm::{self, Tools, output, rel, status};
use crate::{exit, target_dir, workspace_root};

/// The playground's browser driver, pinned (installed with npm into target/web-test).
const PLAYWRIGHT: &str = "playwright-core@1.64.1";

/// Debian's Chromium.
const CHROMIUM: &str = "/usr/bin/chromium";

/// `cargo xtask web`.
#[derive(Debug, Args)]
pub(crate) struct WebArgs {
    /// Serve the page on 127.0.0.1 after building it (until interrupted).
    #[arg(long)]
    serve: bool,
    /// The port to serve on (0: any free port).
    #[arg(long, default_value_t = 8020)]
    port: u16,
}

/// `cargo xtask web-test`.
#[derive(Debug, Args)]
pub(crate) struct WebTestArgs {
    /// When a tool cannot be had (no node or npm, no rustup, Chromium missing and not
    /// root, an install failing), print `skipped: <reason>` and succeed instead of
    /// failing (what CI does).
    #[arg(long)]
    if_installable: bool,
}

pub(crate) fn run(args: &WebArgs) -> ExitCode {
    let result = (|| {
        let tools = Tools::ensure()?;
        let site = build_site(&tools)?;
        println!("web: site in {}", rel(&site));
        if args.serve {
            let listener = TcpListener::bind(("127.0.0.1", args.port))
                .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", args.port))?;
            let port = listener.local_addr().map_err(|e| e.to_string())?.port();
            println!("web: serving the playground at http://127.0.0.1:{port}/ (Ctrl-C stops)");
            serve(&listener, &site);
        }
        Ok::<(), String>(())
    })();
    exit(result)
}

/// Builds the wasm package and copies web/ and the package into `target/web-site`.
fn build_site(tools: &Tools) -> Result<PathBuf, String> {
    let package = wasm::build(tools, true)?;
    let site = target_dir().join("web-site");
    if site.exists() {
        std::fs::remove_dir_all(&site)
            .map_err(|e| format!("cannot empty {}: {e}", site.display()))?;
    }
    copy_dir(&workspace_root().join("web"), &site, &|p| p.starts_with("tests"))?;
    copy_dir(&package, &site.join("pkg"), &|_| false)?;
    Ok(site)
}

/// Copies the files of `from` into `to`, but those whose relative path `skip` accepts.
fn copy_dir(from: &Path, to: &Path, skip: &dyn Fn(&Path) -> bool) -> Result<(), String> {
    let mut stack = vec![from.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            let relative = path.strip_prefix(from).map_err(|e| e.to_string())?;
            if skip(relative) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let dest = to.join(relative);
            if let Some(parent) = dest.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::copy(&path, &dest)
                .map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Serves `site` on `listener`, one thread per connection, until the process ends.
fn serve(listener: &TcpListener, site: &Path) {
    for stream in listener.incoming().flatten() {
        let site = site.to_path_buf();
        std::thread::spawn(move || {
            let _ = respond(stream, &site);
        });
    }
}

/// The content type of a served file.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("ts" | "md" | "txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file under `site` a request path names: `/` is index.html; `..`, absolute parts
/// and anything outside the site are refused.
fn resolve(site: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let path = path.strip_prefix('/')?;
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_owned()
    };
    let mut file = site.to_path_buf();
    for component in Path::new(&path).components() {
        match component {
            Component::Normal(part) => file.push(part),
            _ => return None,
        }
    }
    file.is_file().then_some(file)
}

/// Answers one request (GET or HEAD), then closes the connection.
fn respond(stream: TcpStream, site: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?.take(16 * 1024));
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // The headers, read and ignored (bounded by `take`).
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let mut stream = stream;
    let (code, reason, kind, body) = match (method, resolve(site, target)) {
        ("GET" | "HEAD", Some(file)) => match std::fs::read(&file) {
            Ok(bytes) => (200, "OK", content_type(&file), bytes),
            Err(_) => (404, "Not Found", "text/plain", b"not found\n".to_vec()),
        },
        ("GET" | "HEAD", None) => (404, "Not Found", "text/plain", b"not found\n".to_vec()),
        _ => (405, "Method Not Allowed", "text/plain", b"GET or HEAD only\n".to_vec()),
    };
    write!(
        stream,
        "HTTP/1.1 {code} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()?;
    let _ = stream.shutdown(Shutdown::Write);
    Ok(())
}

/// Why a tool cannot be had, or a real failure.
enum Problem {
    Unavailable(String),
    Failed(String),
}

impl From<String> for Problem {
    fn from(message: String) -> Problem {
        Problem::Failed(message)
    }
}

pub(crate) fn run_test(args: &WebTestArgs) -> ExitCode {
    let started = Instant::now();
    match web_test() {
        Ok(()) => {
            println!("web-test: done in {:.0?}", started.elapsed());
            ExitCode::SUCCESS
        }
        Err(Problem::Unavailable(reason)) if args.if_installable => {
            println!("skipped: {reason}");
            ExitCode::SUCCESS
        }
        Err(Problem::Unavailable(reason) | Problem::Failed(reason)) => exit(Err(reason)),
    }
}

/// Whether `program --version` runs.
fn runs(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

fn is_root() -> bool {
    output(Command::new("id").arg("-u"), "id -u").is_ok_and(|uid| uid.trim() == "0")
}

/// Installs Debian's Chromium with apt unless it is there.
fn ensure_chromium() -> Result<(), Problem> {
    if Path::new(CHROMIUM).is_file() {
        return Ok(());
    }
    if !is_root() {
        return Err(Problem::Unavailable(format!(
            "{CHROMIUM} is missing and installing it with apt-get needs root"
        )));
    }
    println!("web-test: installing Debian's chromium with apt-get");
    let quiet = |c: &mut Command| {
        c.env("DEBIAN_FRONTEND", "noninteractive");
    };
    let mut update = Command::new("apt-get");
    update.arg("update");
    quiet(&mut update);
    let mut install = Command::new("apt-get");
    install.args(["install", "-y", "chromium"]);
    quiet(&mut install);
    status(&mut update, "apt-get update")
        .and_then(|()| status(&mut install, "apt-get install chromium"))
        .map_err(|e| Problem::Unavailable(format!("chromium could not be installed: {e}")))
}

/// Installs the pinned playwright-core into `dir` unless it is there.
fn ensure_playwright(dir: &Path) -> Result<(), Problem> {
    wasm::npm_install(dir, PLAYWRIGHT)
        .map_err(|e| Problem::Unavailable(format!("{PLAYWRIGHT} could not be installed: {e}")))
}

fn web_test() -> Result<(), Problem> {
    for (tool, why) in [
        ("node", "node is not installed (the Node tests and Playwright need it)"),
        ("npm", "npm is not installed (it installs playwright-core)"),
        ("rustup", "rustup is not installed (it adds the wasm32-unknown-unknown target)"),
    ] {
        if !runs(tool) {
            return Err(Problem::Unavailable(why.to_owned()));
        }
    }
    ensure_chromium()?;
    let dir = target_dir().join("web-test");
    ensure_playwright(&dir)?;
    let tools = Tools::ensure().map_err(|e| Problem::Unavailable(format!("wasm tools: {e}")))?;
    wasm::node_tests(&tools)?;
    let site = build_site(&tools)?;
    wasm::pack_check(&wasm::package_dir())?;
    let listener = TcpListener::bind(("127.0.0.1", 0))
        .map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    {
        let site = site.clone();
        std::thread::spawn(move || serve(&listener, &site));
    }
    let url = format!("http://127.0.0.1:{port}/");
    println!("== web-test: the playground at {url} in headless Chromium");
    let script = dir.join("e2e.mjs");
    let source = workspace_root().join("web").join("tests").join("e2e.mjs");
    std::fs::copy(&source, &script)
        .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
    let profile = dir.join("chromium-profile");
    if profile.exists() {
        let _ = std::fs::remove_dir_all(&profile);
    }
    status(
        Command::new("node")
            .current_dir(&dir)
            .arg(&script)
            .env("PLAYGROUND_URL", &url)
            .env("CHROMIUM", CHROMIUM)
            .env("PROFILE_DIR", &profile)
            .env("SHOTS_DIR", &dir)
            .env("FIXTURES_DIR", workspace_root().join("fixtures")),
        "the browser test (web/tests/e2e.mjs)",
    )?;
    // The game the browser test played against gridnote and saved must replay under the
    // rules engine, as the CLI checks a record (the CLI in-process: xtask links it).
    let saved = dir.join("saved-brandubh.otg");
    println!("== web-test: gridnote game --check {}", rel(&saved));
    let argv = ["gridnote".into(), "game".into(), "--check".into(), saved.into_os_string()];
    if gridnote_cli::main_with_args(argv) != gridnote_cli::EXIT_OK {
        return Err(Problem::Failed(
            "gridnote game --check failed on the game the browser test saved".to_owned(),
        ));
    }
    println!("web-test: screenshots in {}", rel(&dir));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_resolve_inside_the_site_only() {
        let site = workspace_root().join("web");
        assert_eq!(resolve(&site, "/"), Some(site.join("index.html")));
        assert_eq!(resolve(&site, "/index.html?x=1#y"), Some(site.join("index.html")));
        assert_eq!(resolve(&site, "/app.js"), Some(site.join("app.js")));
        assert_eq!(resolve(&site, "/../Cargo.toml"), None);
        assert_eq!(resolve(&site, "//etc/passwd"), None);
        assert_eq!(resolve(&site, "/missing.js"), None);
        assert_eq!(resolve(&site, "index.html"), None);
    }

    #[test]
    fn content_types_suit_the_browser() {
        assert_eq!(content_type(Path::new("a/b.wasm")), "application/wasm");
        assert_eq!(content_type(Path::new("app.js")), "text/javascript; charset=utf-8");
        assert_eq!(content_type(Path::new("x.bin")), "application/octet-stream");
    }

    #[test]
    fn the_server_answers_get_head_and_refuses_the_rest() {
        let site = workspace_root().join("web");
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || serve(&listener, &site));
        let ask = |request: &str| {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
            stream.write_all(request.as_bytes()).unwrap();
            let mut answer = String::new();
            stream.read_to_string(&mut answer).unwrap();
            answer
        };
        let page = ask("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(page.starts_with("HTTP/1.1 200 OK\r\nContent-Type: text/html"), "{page}");
        assert!(page.contains("<title>gridnote playground</title>"));
        let head = ask("HEAD /app.js HTTP/1.1\r\n\r\n");
        assert!(head.starts_with("HTTP/1.1 200 OK\r\n") && head.ends_with("\r\n\r\n"), "{head}");
        assert!(ask("GET /../Cargo.toml HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404 "));
        assert!(ask("POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405 "));
    }
}

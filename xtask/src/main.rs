//! Project automation for gridnote: `cargo xtask <command>`.
//!
//! Every command runs the project's own code or scripts; none is a second implementation.

use std::process::{Command, ExitCode};

use clap::{Parser, Subcommand};

mod bench;
mod codegen;
mod conformance;
mod conformance_export;
mod conformance_matrix;
mod consumers;
mod fuzz;
mod package_check;
mod pixels;
mod python;
mod spark;
mod tidy;
mod wasm;
mod web;
mod workspace;

pub(crate) use workspace::{cargo, exit, target_dir, workspace_root};

/// gridnote's project tasks.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run exactly what CI runs (`.ci/run`): fmt, tidy, clippy, doc, the tests, pixels,
    /// bench --check, consumers, msrv, package-check, web-test, the snapshot check.
    Ci,
    /// Convert positions: the same arguments and code as `gridnote convert`
    /// (`cargo xtask convert --from t3en --to tsn "2_o/_x_/3_ x"`).
    #[command(disable_help_flag = true)]
    Convert {
        /// Everything after `convert`, passed to `gridnote convert` unchanged.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<std::ffi::OsString>,
    },
    /// Run the benchmarks (shakmaty's FEN as the peer) and the CLI throughput test, and
    /// write docs/performance.md; `--check` compares instruction counts with
    /// bench/baseline.toml, `--bless` rewrites it.
    Bench(bench::BenchArgs),
    /// gridnote-svg's pixel tests (resvg, built only here), or with `--images` the
    /// pictures of docs/svg.md rewritten.
    Pixels(pixels::PixelsArgs),
    /// Fuzz every reader and the converter (`fuzz/`, libFuzzer), seeded from the
    /// fixtures: `cargo xtask fuzz --seconds 300`.
    Fuzz(fuzz::FuzzArgs),
    /// gridnote as a streaming mapper: a file of positions through Spark's `RDD.pipe` in
    /// local mode (pyspark from PyPI in a venv under the target directory; Java 17+) gives
    /// the same lines as the CLI alone. Not part of `.ci/run`.
    SparkDemo(spark::SparkArgs),
    /// Package every publishable crate (`cargo publish --workspace --dry-run`), then unpack
    /// each package and run its own `cargo test`, as a stranger would.
    PackageCheck(package_check::PackageCheckArgs),
    /// For every library crate, a program depending on that crate alone builds and runs
    /// each Rust example of its README (its front page).
    Consumers,
    /// The language-neutral conformance suite (conformance/): `export` the cases, `run`
    /// them through an implementation's adapter, write the `matrix` (docs/conformance.md).
    Conformance(conformance::ConformanceArgs),
    /// Check the architecture rules (docs/architecture.md's invariants), and that what
    /// `codegen` writes is up to date.
    Tidy,
    /// Write the files and regions generated from the format registry (the WASM crate's
    /// TypeScript types, the README's and docs/wasm.md's tables); `--check` only reports
    /// the stale ones.
    Codegen(codegen::CodegenArgs),
    /// Check the publishable crates with the declared minimum Rust version (installed
    /// with rustup when missing), `no-std` crates also without `std` and bare-metal.
    Msrv,
    /// Build gridnote-wasm for wasm32-unknown-unknown into an npm package folder
    /// (target/wasm-pkg), installing the target and wasm-bindgen-cli when missing;
    /// `--test` also runs the bindings' tests in Node.
    Wasm(wasm::WasmArgs),
    /// Build the playground page (web/) with the wasm package into target/web-site;
    /// `--serve` serves it on 127.0.0.1.
    Web(web::WebArgs),
    /// The bindings' Node tests, then the playground driven in headless Chromium
    /// (installed with apt when missing) by playwright-core (installed with npm).
    WebTest(web::WebTestArgs),
    /// Build the Python wheel `gridnote` (crates/python, maturin) into target/wheels, install
    /// it into a virtual environment made from PyPI (target/python/venv) and run its tests,
    /// doctests and example scripts; `--bench` measures docs/python.md's goals instead.
    Python(python::PythonArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Task::Ci => run_ci(),
        Task::Convert { args } => {
            let argv = ["gridnote".into(), "convert".into()].into_iter().chain(args);
            ExitCode::from(gridnote_cli::main_with_args(argv))
        }
        Task::Bench(args) => bench::run(&args),
        Task::Pixels(args) => pixels::run(&args),
        Task::Fuzz(args) => fuzz::run(&args),
        Task::SparkDemo(args) => spark::run(&args),
        Task::PackageCheck(args) => package_check::run(&args),
        Task::Msrv => package_check::run_msrv(),
        Task::Consumers => consumers::run(),
        Task::Conformance(args) => conformance::run(&args),
        Task::Tidy => tidy::run(),
        Task::Codegen(args) => codegen::run(&args),
        Task::Wasm(args) => wasm::run(&args),
        Task::Web(args) => web::run(&args),
        Task::WebTest(args) => web::run_test(&args),
        Task::Python(args) => python::run(&args),
    }
}

fn run_ci() -> ExitCode {
    let status = Command::new("bash").arg(workspace_root().join(".ci/run")).status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: could not run .ci/run: {err}");
            ExitCode::FAILURE
        }
    }
}

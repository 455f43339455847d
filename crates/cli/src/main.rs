//! The `gridnote` binary: convert, check and show grid-game positions.
//! See `gridnote --help`, and the library docs of `gridnote_cli`.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(gridnote_cli::main_from_env())
}

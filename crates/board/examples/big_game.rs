//! Writes a big OpenTafl game record (`.otg`) to standard output, for measuring how
//! `gridnote game` and `gridnote_board::tafl::Game` scale (docs/robustness.md, "Big game
//! records"):
//!
//! ```text
//! cargo run --release -p gridnote-board --example big_game -- main-line 16000000 > main.otg
//! cargo run --release -p gridnote-board --example big_game -- variations 16000000 > var.otg
//! cargo run --release -p gridnote-board --example big_game -- comment 16000000 > comment.otg
//! ```
//!
//! `main-line`: a Brandubh main line of turns shuttling two pieces (`a4-a5 d5-c5`, then
//! back) until the text reaches the size in bytes; `variations`: a two-turn main line and
//! one-turn variations of its first turn, each with a comment; `comment`: one turn with
//! one comment of that size.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

const HEADER: &str =
    "[rules:dim:7 name:Brandubh esc:c atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n\n";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, size) = match args.as_slice() {
        [kind, size] => match size.parse::<usize>() {
            Ok(size) => (kind.as_str(), size),
            Err(_) => return usage(),
        },
        _ => return usage(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let written = match kind {
        "main-line" => main_line(&mut out, size),
        "variations" => variations(&mut out, size),
        "comment" => comment(&mut out, size),
        _ => return usage(),
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: big_game main-line|variations|comment BYTES");
    ExitCode::from(2)
}

/// Turns shuttling an attacker (a4-a5, back) and a defender (d5-c5, back).
fn main_line(out: &mut dyn Write, size: usize) -> io::Result<()> {
    out.write_all(HEADER.as_bytes())?;
    let mut written = HEADER.len();
    let mut turn = 1usize;
    while written < size {
        let line = if turn % 2 == 1 {
            format!("{turn}. a4-a5 d5-c5\n")
        } else {
            format!("{turn}. a5-a4 c5-d5\n")
        };
        out.write_all(line.as_bytes())?;
        written += line.len();
        turn += 1;
    }
    Ok(())
}

/// Two main-line turns, then one-turn variations of the first turn, each with a comment.
fn variations(out: &mut dyn Write, size: usize) -> io::Result<()> {
    let main = "1. a4-a5 d5-c5\n\n2. a5-a4 c5-d5\n\n";
    out.write_all(HEADER.as_bytes())?;
    out.write_all(main.as_bytes())?;
    let mut written = HEADER.len() + main.len();
    let mut variation = 1usize;
    while written < size {
        let text = format!("1a.{variation}.1a. a4-a6 d5-c5\n[variation {variation}|]\n\n");
        out.write_all(text.as_bytes())?;
        written += text.len();
        variation += 1;
    }
    Ok(())
}

/// One turn with one comment of `size` bytes.
fn comment(out: &mut dyn Write, size: usize) -> io::Result<()> {
    out.write_all(HEADER.as_bytes())?;
    out.write_all(b"1. a4-a5 d5-c5\n[")?;
    let line = "A long comment about nothing in particular. ";
    let mut written = 0;
    while written < size {
        out.write_all(line.as_bytes())?;
        written += line.len();
    }
    out.write_all(b"|]\n")
}

//! Terminal behaviour through a real pseudo-terminal, with util-linux `script` (which runs
//! the command with a pty as its standard input and output): the hint when positions are
//! read from a terminal, and each result shown as soon as its line is typed, before the
//! end of input. Skipped, with a message, where `script` is not installed.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn script_available() -> bool {
    Command::new("script").arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn a_typed_line_is_answered_before_the_end_of_input() {
    if !script_available() {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    }
    let command = format!("{} convert --to digits", env!("CARGO_BIN_EXE_gridnote"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script runs");
    let mut stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if tx.send(buf[..n].to_vec()).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    // Wait for the hint before typing (the terminal is set up by then).
    let mut seen = Vec::new();
    let wait_for = |needle: &str, seen: &mut Vec<u8>| {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !String::from_utf8_lossy(seen).contains(needle) {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(bytes) => seen.extend_from_slice(&bytes),
                Err(_) => return false,
            }
        }
        true
    };
    assert!(
        wait_for("reading positions from standard input, one per line; Ctrl-D to end", &mut seen),
        "no hint: {:?}",
        String::from_utf8_lossy(&seen)
    );
    stdin.write_all(b"3_/_x_/3_ o\n").unwrap();
    stdin.flush().unwrap();
    // The result arrives while standard input is still open.
    let answered = wait_for("000010000\r\n", &mut seen);
    // End the input (Ctrl-D) and let the child finish either way.
    let _ = stdin.write_all(b"\x04");
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(answered, "no result before the end of input: {:?}", String::from_utf8_lossy(&seen));
    assert!(status.success());
}

//! Tafl perft beside the peer crates, for `cargo xtask bench`: builds `bench/tafl-peers`
//! (a workspace of its own, so that the peers' dependency trees and licences stay out of
//! the operations runner that `--check` builds), counts each engine's perft with
//! callgrind, times it, measures the value each perft works on, and writes the section of
//! `docs/performance.md` that shows them beside OpenTafl's speed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::operations::output;
use crate::cargo;

/// The engines, gridnote first, as `gridnote-bench-tafl` names them.
const ENGINES: [&str; 3] = ["gridnote", "hnefatafl", "hnefatafl-copenhagen"];

/// One perft: a variant, its depth, and whether it starts from the midgame of
/// `bench/tafl-peers` rather than the start.
struct Case {
    variant: &'static str,
    title: &'static str,
    depth: u32,
    midgame: bool,
    /// OpenTafl's leaves per second on the same position and depth, measured with
    /// `tools/opentafl-harness` (`speed`): see [`OPENTAFL`].
    opentafl: f64,
}

/// The four positions: the start and a midgame of each variant.
const CASES: [Case; 4] = [
    Case {
        variant: "copenhagen",
        title: "Copenhagen",
        depth: 3,
        midgame: false,
        opentafl: 126_600.0,
    },
    Case {
        variant: "copenhagen",
        title: "Copenhagen",
        depth: 3,
        midgame: true,
        opentafl: 28_700.0,
    },
    Case { variant: "brandubh", title: "Brandubh", depth: 4, midgame: false, opentafl: 234_400.0 },
    Case { variant: "brandubh", title: "Brandubh", depth: 4, midgame: true, opentafl: 276_900.0 },
];

/// Where the OpenTafl figures of [`CASES`] come from: they are not measured by this run
/// (it needs a JDK and an OpenTafl checkout).
const OPENTAFL: &str = "OpenTafl v0.4.8.0b (commit 6895051), Java, through \
                        `tools/opentafl-harness` (`speed`), measured earlier and not by this \
                        run";

/// A callgrind count: the engine and case (indices in [`ENGINES`] and [`CASES`]), and
/// the count or why there is none.
type Counted = (usize, usize, Result<u64, String>);

/// One engine's perft of one case.
#[derive(Clone, Copy, Default)]
struct Run {
    leaves: u64,
    /// The fastest of the timed runs.
    nanos: u64,
    /// Callgrind's count of the perft alone.
    instructions: Option<u64>,
}

/// What an engine's perft works on, in bytes (`gridnote-bench-tafl memory`).
struct Memory {
    engine: String,
    variant: String,
    inline: u64,
    heap: u64,
    ply: u64,
}

/// Every figure of the section.
pub(crate) struct Perft {
    /// By engine (index in [`ENGINES`]), then case (index in [`CASES`]).
    runs: Vec<Vec<Run>>,
    memory: Vec<Memory>,
    /// gridnote's functions by the instructions they ran in the first case, most first.
    profile: Vec<(String, u64)>,
    runs_timed: usize,
}

/// Builds the peers' workspace and measures every engine on every case: `runs` timed runs
/// each (the fastest counts), and callgrind counts `jobs` at a time when `count`.
pub(crate) fn measure(
    root: &Path,
    target: &Path,
    jobs: usize,
    runs: usize,
    count: bool,
) -> Result<Perft, String> {
    let target = target.join("tafl-peers");
    eprintln!("bench: building bench/tafl-peers (perft beside the peer crates)");
    let status = cargo()
        .current_dir(root)
        .args(["build", "--release", "--manifest-path"])
        .arg(root.join("bench/tafl-peers/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("building bench/tafl-peers failed: {status}"));
    }
    let binary = target.join("release/gridnote-bench-tafl");
    let mut table = vec![vec![Run::default(); CASES.len()]; ENGINES.len()];
    for (e, engine) in ENGINES.iter().enumerate() {
        for (c, case) in CASES.iter().enumerate() {
            eprintln!(
                "bench: perft {engine} {} {} depth {} ({runs} timed runs)",
                case.variant,
                position(case),
                case.depth
            );
            let out = output(Command::new(&binary).args(args(engine, case)).arg(runs.to_string()))?;
            table[e][c].leaves = field(&out, "nodes")?;
            table[e][c].nanos = field(&out, "nanos")?;
        }
    }
    let mut profile = Vec::new();
    if count {
        let profiled = target.join("perft-gridnote.callgrind");
        let jobs_list: Vec<(usize, usize)> =
            (0..ENGINES.len()).flat_map(|e| (0..CASES.len()).map(move |c| (e, c))).collect();
        eprintln!("bench: counting {} perfts with callgrind, {jobs} at a time", jobs_list.len());
        let next = AtomicUsize::new(0);
        let counted: Mutex<Vec<Counted>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(e, c)) = jobs_list.get(i) else { break };
                        let out_file = (e == 0 && c == 0).then_some(profiled.as_path());
                        let n = callgrind(&binary, ENGINES[e], &CASES[c], out_file);
                        counted.lock().expect("no panic holds the lock").push((e, c, n));
                    }
                });
            }
        });
        for (e, c, n) in counted.into_inner().expect("no panic holds the lock") {
            table[e][c].instructions = Some(n?);
        }
        profile = functions(&profiled)?;
    }
    let memory = output(Command::new(&binary).arg("memory"))?
        .lines()
        .map(|line| {
            Ok(Memory {
                engine: text_field(line, "engine")?,
                variant: text_field(line, "variant")?,
                inline: field(line, "inline")?,
                heap: field(line, "heap")?,
                ply: field(line, "ply")?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Perft { runs: table, memory, profile, runs_timed: runs })
}

fn position(case: &Case) -> &'static str {
    if case.midgame { "midgame" } else { "start" }
}

fn args(engine: &str, case: &Case) -> Vec<String> {
    vec![
        engine.to_owned(),
        case.variant.to_owned(),
        case.depth.to_string(),
        position(case).to_owned(),
    ]
}

/// Callgrind's count of one perft (one run), its profile written to `out_file` if given.
fn callgrind(
    binary: &Path,
    engine: &str,
    case: &Case,
    out_file: Option<&Path>,
) -> Result<u64, String> {
    let out_file: PathBuf = out_file.map_or_else(|| PathBuf::from("/dev/null"), Path::to_path_buf);
    let out = Command::new("valgrind")
        .env_clear()
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out_file.display()))
        .args(["--collect-atstart=no", "--toggle-collect=*measured_*"])
        .arg(binary)
        .args(args(engine, case))
        .arg("1")
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("valgrind on {engine} {} failed: {log}", case.variant));
    }
    log.lines()
        .find_map(|line| line.split_once("Collected :").and_then(|(_, n)| n.trim().parse().ok()))
        .ok_or_else(|| format!("valgrind reported no instruction count for {engine}"))
}

/// The functions of a callgrind profile by the instructions they ran themselves (inlined
/// code counts in the function it was inlined into, every recursion level in the
/// function), most first.
fn functions(profile: &Path) -> Result<Vec<(String, u64)>, String> {
    let text = output(
        Command::new("callgrind_annotate").args(["--threshold=100", "--auto=no"]).arg(profile),
    )?;
    // With debug information, callgrind splits a function's count by the source file of
    // each inlined line, and marks recursion levels (`'2`): one row per function.
    let mut by_function: Vec<(String, u64)> = Vec::new();
    for (function, count) in text.lines().filter_map(function_line) {
        let function = match function.rsplit_once('\'') {
            Some((name, level)) if level.bytes().all(|b| b.is_ascii_digit()) => name.to_owned(),
            _ => function,
        };
        match by_function.iter_mut().find(|(f, _)| *f == function) {
            Some((_, total)) => *total += count,
            None => by_function.push((function, count)),
        }
    }
    by_function.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
    Ok(by_function)
}

/// A line `1,234 (5.6%)  file:function [binary]` of `callgrind_annotate`, as the function
/// and its count (the file part never holds a colon; the function's path does).
fn function_line(line: &str) -> Option<(String, u64)> {
    let (count, rest) = line.trim().split_once(' ')?;
    let count = count.replace(',', "").parse::<u64>().ok()?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('(')?.split_once(')')?.1.trim();
    let (_, function) = rest.split_once(':')?;
    let function = function.split(" [").next()?.trim();
    (!function.is_empty()).then(|| (function.to_owned(), count))
}

fn text_field(line: &str, key: &str) -> Result<String, String> {
    line.split_whitespace()
        .find_map(|kv| kv.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        .map(str::to_owned)
        .ok_or_else(|| format!("`{line}` has no {key}"))
}

fn field(line: &str, key: &str) -> Result<u64, String> {
    text_field(line, key)?.parse().map_err(|_| format!("`{line}`: {key} is not a number"))
}

/// Thousands separated by commas (the report's tables are read by people).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The section of `docs/performance.md`.
pub(crate) fn section(w: &mut String, p: &Perft) {
    let _ = writeln!(w, "\n## Tafl perft beside the peers\n");
    let _ = writeln!(
        w,
        "`bench/tafl-peers` (a workspace of its own: the peers' dependency trees and \
         `hnefatafl-copenhagen`'s AGPL stay out of the operations runner) runs perft in \
         gridnote-tafl-rules, in `hnefatafl-copenhagen` (through its public `Game`: the legal \
         plays, and a copy of the game per play, since it has no undo) and in bunburya's \
         `hnefatafl` (through its `GameLogic`: the plays of each piece, each applied to a copy \
         of its `Copy` state), from the same positions: the start and a midgame (the same \
         plies in all three, no capture) of Copenhagen 11×11 at depth 3 and Brandubh 7×7 at \
         depth 4. All three count the last ply's moves without making them. The engines' \
         rules differ in details, and so do their leaf counts by a few tenths of a percent: \
         the figures are per leaf. Instructions are callgrind's count of the perft call \
         alone; leaves per second are from the fastest of {} timed runs on this machine. \
         OpenTafl's leaves per second: {OPENTAFL}.\n",
        p.runs_timed
    );
    let _ = writeln!(
        w,
        "| position | depth | leaves (gridnote) | gridnote instr. / leaf | `hnefatafl` instr. / \
         leaf | `hnefatafl-copenhagen` instr. / leaf | gridnote's lead (instructions) | \
         gridnote leaves / s | \
         `hnefatafl` leaves / s | `hnefatafl-copenhagen` leaves / s | OpenTafl leaves / s |"
    );
    let _ = writeln!(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let per_leaf = |run: &Run| run.instructions.map(|n| n as f64 / run.leaves.max(1) as f64);
    let speed = |run: &Run| run.leaves as f64 / (run.nanos.max(1) as f64 / 1e9);
    let mut met = Vec::new();
    for (c, case) in CASES.iter().enumerate() {
        let [ours, bunburya, copenhagen] = [0, 1, 2].map(|e| p.runs[e][c]);
        let fmt = |v: Option<f64>| v.map_or_else(String::new, |v| format!("{v:.1}"));
        let lead = match (per_leaf(&ours), per_leaf(&bunburya), per_leaf(&copenhagen)) {
            (Some(o), Some(b), Some(h)) => {
                let lead = b.min(h) / o;
                met.push(lead >= 3.0);
                format!("{lead:.1}×")
            }
            _ => String::new(),
        };
        let _ = writeln!(
            w,
            "| {}, {} | {} | {} | {} | {} | {} | {lead} | {} | {} | {} | {} |",
            case.title,
            position(case),
            case.depth,
            grouped(ours.leaves),
            fmt(per_leaf(&ours)),
            fmt(per_leaf(&bunburya)),
            fmt(per_leaf(&copenhagen)),
            grouped(speed(&ours) as u64),
            grouped(speed(&bunburya) as u64),
            grouped(speed(&copenhagen) as u64),
            grouped(case.opentafl as u64),
        );
    }
    if met.len() == CASES.len() {
        let _ = writeln!(
            w,
            "\nThe goal (at least 3× the faster peer per leaf, in instructions) is {} on {} \
             of the {} positions.",
            if met.iter().all(|&m| m) { "met" } else { "**not met**" },
            met.iter().filter(|&&m| m).count(),
            CASES.len()
        );
    }
    profile_text(w, p);
    memory_text(w, p);
}

/// Where gridnote's instructions go in the first case.
fn profile_text(w: &mut String, p: &Perft) {
    let total: u64 = p.profile.iter().map(|(_, n)| n).sum();
    let leaves = p.runs[0][0].leaves.max(1);
    if total == 0 {
        return;
    }
    let _ = writeln!(
        w,
        "\nWhere gridnote's instructions go ({} from the start, depth {}): each function's own \
         instructions (with what the compiler inlined into it) per leaf, from callgrind's \
         profile of the run above:\n",
        CASES[0].title, CASES[0].depth
    );
    let _ = writeln!(w, "| function | instructions / leaf | share |\n|---|---:|---:|");
    for (function, n) in p.profile.iter().take(8) {
        let _ = writeln!(
            w,
            "| `{function}` | {:.1} | {:.1}% |",
            *n as f64 / leaves as f64,
            *n as f64 / total as f64 * 100.0
        );
    }
}

/// What each engine's perft works on.
fn memory_text(w: &mut String, p: &Perft) {
    if p.memory.is_empty() {
        return;
    }
    let _ = writeln!(
        w,
        "\nMemory (`gridnote-bench-tafl memory`): the value each perft works on, inline and on \
         the heap (what a copy of it allocates, counted by a counting allocator), and what a \
         ply of the perft copies or pushes besides its list of moves: gridnote makes and \
         unmakes one position, each ply an `Undo` and one entry of the repetition history; \
         the peers have no undo and copy their state (`hnefatafl`) or their game \
         (`hnefatafl-copenhagen`, with its list of previous boards) once per ply.\n"
    );
    let _ = writeln!(
        w,
        "| engine | variant | inline bytes | heap bytes | position bytes | bytes per ply |"
    );
    let _ = writeln!(w, "|---|---|---:|---:|---:|---:|");
    for m in &p.memory {
        let _ = writeln!(
            w,
            "| `{}` | {} | {} | {} | {} | {} |",
            m.engine,
            m.variant,
            m.inline,
            m.heap,
            m.inline + m.heap,
            m.ply
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(1_007_392), "1,007,392");
    }

    #[test]
    fn fields_are_read_by_key() {
        let line = "engine=gridnote variant=brandubh inline=120 heap=89 ply=40";
        assert_eq!(text_field(line, "engine").unwrap(), "gridnote");
        assert_eq!(field(line, "heap").unwrap(), 89);
        assert_eq!(field("nodes=40 nanos=7", "nanos").unwrap(), 7);
        assert!(field(line, "nodes").is_err());
        assert!(field("inline=x", "inline").is_err());
    }

    #[test]
    fn annotate_lines_give_function_and_count() {
        assert_eq!(
            function_line("148,000 (15.18%)  ???:gridnote_bits::boards::read_marks [/t/bin]"),
            Some(("gridnote_bits::boards::read_marks".to_owned(), 148_000))
        );
        assert_eq!(
            function_line(" 9 ( 0.1%)  src/a.rs:<a::B as c::D>::e [/t/bin]"),
            Some(("<a::B as c::D>::e".to_owned(), 9))
        );
        assert_eq!(function_line("1,324,018 (100.0%)  PROGRAM TOTALS"), None);
        assert_eq!(function_line("Ir  file:function"), None);
    }
}

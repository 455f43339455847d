//! The conformance suite's runner: drives an implementation's adapter program through the
//! cases of conformance/cases (conformance/README.md describes the cases and the protocol)
//! and reports per category. The `conformance-runner` program is this library's command
//! line; `cargo xtask conformance run` and `matrix` call it.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// One case of the suite: its category (`t3en/valid`, `convert/tsn`, `solve/mnk`, …), its
/// name and its JSON line.
pub struct Case {
    /// The folder and file stem it comes from: `t3en/valid`, `tafl/perft`, ….
    pub category: String,
    /// The case as written.
    pub case: Value,
}

/// Every case of the cases folder `dir` (conformance/cases: one folder per group, one
/// `.jsonl` file per category), in path then line order.
pub fn load(dir: &Path) -> Result<Vec<Case>, String> {
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?.flatten() {
        for file in std::fs::read_dir(entry.path()).into_iter().flatten().flatten() {
            if file.path().extension().is_some_and(|e| e == "jsonl") {
                paths.push(file.path());
            }
        }
    }
    paths.sort();
    let mut cases = Vec::new();
    for path in paths {
        let group = path
            .parent()
            .and_then(Path::file_name)
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let stem = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (number, line) in text.lines().enumerate() {
            let case = serde_json::from_str(line)
                .map_err(|e| format!("{}:{}: {e}", path.display(), number + 1))?;
            cases.push(Case { category: format!("{group}/{stem}"), case });
        }
    }
    Ok(cases)
}

/// What happened to one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The adapter answered as the case expects.
    Pass,
    /// It did not: why.
    Fail(String),
    /// The adapter does not do what the case asks (it says so).
    Unsupported,
}

/// A running adapter: its process, its input, and its output lines through a thread (so a
/// case can time out).
struct Adapter {
    command: Vec<String>,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    next_id: u64,
}

impl Adapter {
    fn start(command: &[String], timeout: Duration) -> Result<Adapter, String> {
        let (program, args) = command.split_first().ok_or("no adapter command given")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{}`: {e}", command.join(" ")))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Adapter { command: command.to_vec(), child, stdin, lines, timeout, next_id: 0 })
    }

    /// Sends one request and waits for its answer; on a timeout or a dead adapter the
    /// adapter is restarted (and greeted) and the error returned.
    fn ask(&mut self, request: Value) -> Result<Value, String> {
        let answer = self.exchange(request);
        if answer.is_err() {
            let _ = self.child.kill();
            let _ = self.child.wait();
            *self = Adapter::start(&self.command.clone(), self.timeout)?;
            let _ = self.exchange(json!({"op": "hello"}));
        }
        answer
    }

    fn exchange(&mut self, mut request: Value) -> Result<Value, String> {
        self.next_id += 1;
        request["id"] = json!(self.next_id);
        let sent = writeln!(self.stdin, "{request}").and_then(|()| self.stdin.flush());
        match sent {
            Err(e) => Err(format!("the adapter stopped reading ({e})")),
            Ok(()) => loop {
                match self.lines.recv_timeout(self.timeout) {
                    Ok(line) => match serde_json::from_str::<Value>(&line) {
                        // An answer to an earlier, timed-out request is skipped.
                        Ok(answer)
                            if answer.get("id").is_some_and(|id| id != &json!(self.next_id)) => {}
                        Ok(mut answer) if answer.is_object() => {
                            // The id has been matched: it would only clutter the report.
                            if let Some(fields) = answer.as_object_mut() {
                                fields.remove("id");
                            }
                            break Ok(answer);
                        }
                        _ => break Err(format!("the answer is not a JSON object: {line:.120}")),
                    },
                    Err(RecvTimeoutError::Timeout) => {
                        break Err(format!("no answer within {} ms", self.timeout.as_millis()));
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        break Err("the adapter exited".to_owned());
                    }
                }
            },
        }
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the adapter said it does (its `hello` answer).
struct Supports {
    hello: Value,
}

impl Supports {
    fn lists(&self, op: &str, item: &str) -> bool {
        self.hello[op].as_array().is_some_and(|items| items.iter().any(|i| i == item))
    }

    /// Whether `op` (`moves`, `perft`) is declared for a tafl variant: by its name, or by
    /// `*` (any variant given by its rules record).
    fn variant(&self, op: &str, variant: &str) -> bool {
        self.lists(op, variant) || self.lists(op, "*")
    }

    /// Whether the adapter's decode answers for `kind` carry `what` (`meaning`,
    /// `canonical`, `offset`): `reports` is one list for every kind or an object of lists
    /// by kind.
    fn reports(&self, kind: &str, what: &str) -> bool {
        let reports = &self.hello["reports"];
        let list = if reports.is_object() { &reports[kind] } else { reports };
        list.as_array().is_some_and(|items| items.iter().any(|i| i == what))
    }
}

/// The results of a run: per category (pass, fail, unsupported), every failure as
/// (category, name, request, why), and the adapter's `hello`.
pub struct Report {
    /// The adapter's answer to `hello`.
    pub hello: Value,
    /// Per category: how many cases passed, failed and were unsupported.
    pub counts: BTreeMap<String, [usize; 3]>,
    /// Every failure: (category, case name, the request, why).
    pub failures: Vec<(String, String, Value, String)>,
}

/// Runs every case of the cases folder `cases` (or those whose category starts with
/// `only`) through the adapter that `command` starts, each within `timeout`.
pub fn run(
    cases: &Path,
    command: &[String],
    timeout: Duration,
    only: Option<&str>,
) -> Result<Report, String> {
    let cases = load(cases)?;
    let mut adapter = Adapter::start(command, timeout)?;
    let hello = adapter.ask(json!({"op": "hello"})).map_err(|e| format!("`hello`: {e}"))?;
    let supports = Supports { hello: hello.clone() };
    let mut counts: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut failures = Vec::new();
    for Case { category, case } in &cases {
        if only.is_some_and(|prefix| !category.starts_with(prefix)) {
            continue;
        }
        let (request, outcome) = check(&mut adapter, &supports, category, case);
        let slot = counts.entry(category.clone()).or_default();
        match outcome {
            Outcome::Pass => slot[0] += 1,
            Outcome::Fail(why) => {
                slot[1] += 1;
                let name = case["name"].as_str().unwrap_or("").to_owned();
                failures.push((category.clone(), name, request, why));
            }
            Outcome::Unsupported => slot[2] += 1,
        }
    }
    Ok(Report { hello, counts, failures })
}

/// The request a case makes and what the adapter's answer makes of it.
fn check(
    adapter: &mut Adapter,
    supports: &Supports,
    category: &str,
    case: &Value,
) -> (Value, Outcome) {
    let (group, kind) = category.split_once('/').unwrap_or((category, ""));
    match group {
        "convert" => {
            let request = json!({"op": "convert", "from": case["from"], "to": case["to"], "input": case["input"]});
            let supported = [&case["from"], &case["to"]]
                .iter()
                .all(|f| f.as_str().is_some_and(|f| supports.lists("convert", f)));
            if !supported {
                return (request, Outcome::Unsupported);
            }
            let outcome = adapter
                .ask(request.clone())
                .map_or_else(Outcome::Fail, |answer| convert_outcome(case, &answer));
            (request, outcome)
        }
        "tafl" => tafl_check(adapter, supports, kind, case),
        "solve" => {
            let request = json!({"op": "solve", "game": kind, "position": case["position"], "k": case["k"],
                "diagonals": case["diagonals"], "misere": case["misere"]});
            if !supports.lists("solve", kind) {
                return (request, Outcome::Unsupported);
            }
            let outcome = adapter
                .ask(request.clone())
                .map_or_else(Outcome::Fail, |answer| solve_outcome(case, &answer));
            (request, outcome)
        }
        _ => {
            let request = json!({"op": "decode", "kind": group, "input": case["input"]});
            if !supports.lists("decode", group) {
                return (request, Outcome::Unsupported);
            }
            let outcome = adapter.ask(request.clone()).map_or_else(Outcome::Fail, |answer| {
                if answer["unsupported"] == json!(true) {
                    return Outcome::Unsupported;
                }
                decode_outcome(supports, group, kind, case, &answer)
            });
            (request, outcome)
        }
    }
}

/// A tafl case (`tafl/perft`, `tafl/moves`, `tafl/games`): a `perft` or `moves` request
/// for the position the moves `played` reach from the variant's start.
fn tafl_check(
    adapter: &mut Adapter,
    supports: &Supports,
    kind: &str,
    case: &Value,
) -> (Value, Outcome) {
    let op = if kind == "perft" { "perft" } else { "moves" };
    let mut request = json!({"op": op, "variant": case["variant"], "rules": case["rules"],
        "played": case["played"], "position": case["position"], "to_move": case["to_move"]});
    if !supports.variant(op, case["variant"].as_str().unwrap_or("")) {
        if op == "perft" {
            request["depth"] = json!(1);
        }
        return (request, Outcome::Unsupported);
    }
    if op == "perft" {
        // The table: one request per depth, up to the first count that differs.
        let none = Vec::new();
        for (depth, nodes) in case["nodes"].as_array().unwrap_or(&none).iter().enumerate() {
            request["depth"] = json!(depth + 1);
            let outcome = match adapter.ask(request.clone()) {
                Err(e) => Outcome::Fail(e),
                Ok(answer) if answer["unsupported"] == json!(true) => Outcome::Unsupported,
                Ok(answer) if answer["ok"] != json!(true) => {
                    Outcome::Fail(format!("expected an answer, got refusal {}", short(&answer)))
                }
                Ok(answer) if &answer["nodes"] == nodes => continue,
                Ok(answer) => Outcome::Fail(format!(
                    "perft({}): expected {nodes} nodes, got {}",
                    depth + 1,
                    answer["nodes"]
                )),
            };
            return (request, outcome);
        }
        return (request, Outcome::Pass);
    }
    let outcome = adapter.ask(request.clone()).map_or_else(Outcome::Fail, |answer| {
        if answer["unsupported"] == json!(true) {
            return Outcome::Unsupported;
        }
        if answer["ok"] != json!(true) {
            return Outcome::Fail(format!("expected an answer, got refusal {}", short(&answer)));
        }
        match kind {
            "moves" => moves_outcome(&case["legal"], &answer["moves"]),
            "games" if answer["result"] == case["result"] => Outcome::Pass,
            "games" => Outcome::Fail(format!(
                "expected the result {}, got {}",
                case["result"], answer["result"]
            )),
            other => Outcome::Fail(format!("unknown category `tafl/{other}`")),
        }
    });
    (request, outcome)
}

/// The squares of an OTN move record, in order: the start, the destination, then the
/// captures (piece letters, `-` `^` `=` `x` `/` and check marks are skipped: a square is a
/// lower-case file letter followed by the rank's digits).
pub fn move_squares(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if bytes[i].is_ascii_lowercase() && digits > 0 {
            out.push(text[i..i + 1 + digits].to_owned());
            i += 1 + digits;
        } else {
            i += 1;
        }
    }
    out
}

/// Moves as `from-to` → the sorted squares they capture.
fn move_map(moves: &Value) -> Result<BTreeMap<String, Vec<String>>, String> {
    let mut out = BTreeMap::new();
    for text in moves.as_array().ok_or("`moves` is not a list")? {
        let text = text.as_str().ok_or("a move is not a string")?;
        let squares = move_squares(text);
        if squares.len() < 2 {
            return Err(format!("`{text}` is not an OTN move"));
        }
        let mut captures = squares[2..].to_vec();
        captures.sort();
        if out.insert(format!("{}-{}", squares[0], squares[1]), captures).is_some() {
            return Err(format!("`{text}` is listed twice"));
        }
    }
    Ok(out)
}

/// Legal moves compare as sets of (start, destination), each with its set of captures.
fn moves_outcome(expected: &Value, got: &Value) -> Outcome {
    let (expected, got) = match (move_map(expected), move_map(got)) {
        (Ok(e), Ok(g)) => (e, g),
        (Err(e), _) => return Outcome::Fail(format!("the case's moves: {e}")),
        (_, Err(e)) => return Outcome::Fail(e),
    };
    if expected == got {
        return Outcome::Pass;
    }
    let list = |moves: Vec<&String>| -> String {
        let more = moves.len().saturating_sub(6);
        let mut text = moves.into_iter().take(6).cloned().collect::<Vec<_>>().join(" ");
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        text
    };
    let missing: Vec<&String> = expected.keys().filter(|m| !got.contains_key(*m)).collect();
    let extra: Vec<&String> = got.keys().filter(|m| !expected.contains_key(*m)).collect();
    let mut why = vec![format!("{} moves expected, got {}", expected.len(), got.len())];
    if !missing.is_empty() {
        why.push(format!("missing {}", list(missing)));
    }
    if !extra.is_empty() {
        why.push(format!("not legal {}", list(extra)));
    }
    if let Some((m, captures)) = expected.iter().find(|(m, c)| got.get(*m).is_some_and(|g| g != *c))
    {
        why.push(format!("{m} captures {captures:?}, got {:?}", got[m]));
    }
    Outcome::Fail(why.join("; "))
}

fn short(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 160 {
        format!("{}…", text.chars().take(160).collect::<String>())
    } else {
        text
    }
}

/// Where two JSON values first differ, as `path: expected …, got …`.
fn first_difference(path: &str, expected: &Value, got: &Value) -> String {
    match (expected, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (key, value) in e {
                let inner = g.get(key).unwrap_or(&Value::Null);
                if value != inner {
                    return first_difference(&format!("{path}.{key}"), value, inner);
                }
            }
            if let Some(key) = g.keys().find(|k| !e.contains_key(*k)) {
                return format!("{path}.{key}: not expected, got {}", short(&g[key]));
            }
        }
        (Value::Array(e), Value::Array(g)) if e.len() == g.len() => {
            if let Some(i) = (0..e.len()).find(|&i| e[i] != g[i]) {
                return first_difference(&format!("{path}[{i}]"), &e[i], &g[i]);
            }
        }
        (Value::Array(e), Value::Array(g)) => {
            return format!("{path}: {} items expected, got {}", e.len(), g.len());
        }
        _ => {}
    }
    format!(
        "{}: expected {}, got {}",
        if path.is_empty() { "." } else { path },
        short(expected),
        short(got)
    )
}

fn decode_outcome(
    supports: &Supports,
    kind: &str,
    category: &str,
    case: &Value,
    answer: &Value,
) -> Outcome {
    let ok = answer["ok"] == json!(true);
    let meaning = supports.reports(kind, "meaning");
    let canonical = supports.reports(kind, "canonical");
    let accepted = |expected_meaning: &Value, expected_canonical: &Value| -> Outcome {
        if !ok {
            return Outcome::Fail(format!("expected acceptance, got refusal {}", short(answer)));
        }
        if meaning && &answer["meaning"] != expected_meaning {
            return Outcome::Fail(format!(
                "meaning differs: {}",
                first_difference("", expected_meaning, &answer["meaning"])
            ));
        }
        if canonical && &answer["canonical"] != expected_canonical {
            return Outcome::Fail(format!(
                "canonical {expected_canonical} expected, got {}",
                answer["canonical"]
            ));
        }
        Outcome::Pass
    };
    match category {
        "valid" => accepted(&case["meaning"], &case["canonical"]),
        "roundtrip" => accepted(&case["meaning"], &case["input"]),
        "invalid" => {
            if ok {
                Outcome::Fail(format!(
                    "expected refusal at byte {}, got acceptance {}",
                    case["offset"],
                    short(answer)
                ))
            } else if supports.reports(kind, "offset") && answer["offset"] != case["offset"] {
                Outcome::Fail(format!(
                    "expected refusal at byte {}, got refusal at byte {}",
                    case["offset"], answer["offset"]
                ))
            } else {
                Outcome::Pass
            }
        }
        // Either reading passes; an acceptance must mean what the accepting reading says.
        "implementation-defined" => {
            if !ok {
                return Outcome::Pass;
            }
            let readings = case["readings"].as_array().cloned().unwrap_or_default();
            let accepting: Vec<&Value> =
                readings.iter().filter(|r| r["ok"] == json!(true)).collect();
            if accepting.iter().any(|r| accepted(&r["meaning"], &r["canonical"]) == Outcome::Pass) {
                Outcome::Pass
            } else {
                match accepting.first() {
                    Some(r) => accepted(&r["meaning"], &r["canonical"]),
                    None => Outcome::Fail("accepted where every reading refuses".to_owned()),
                }
            }
        }
        other => Outcome::Fail(format!("unknown category `{other}`")),
    }
}

fn convert_outcome(case: &Value, answer: &Value) -> Outcome {
    let ok = answer["ok"] == json!(true);
    if case["refused"] == json!(true) {
        return if ok {
            Outcome::Fail(format!("expected refusal, got {}", short(&answer["output"])))
        } else {
            Outcome::Pass
        };
    }
    if !ok {
        return Outcome::Fail(format!(
            "expected {}, got refusal {}",
            case["output"],
            short(answer)
        ));
    }
    if answer["output"] != case["output"] {
        return Outcome::Fail(format!("expected {}, got {}", case["output"], answer["output"]));
    }
    let fields = |notes: &Value| -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = notes
            .as_array()
            .map(|notes| {
                notes
                    .iter()
                    .map(|n| {
                        (
                            n["kind"].as_str().unwrap_or("").to_owned(),
                            n["field"].as_str().unwrap_or("").to_owned(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    };
    if fields(&answer["notes"]) != fields(&case["notes"]) {
        return Outcome::Fail(format!(
            "notes {} expected, got {}",
            short(&case["notes"]),
            short(&answer["notes"])
        ));
    }
    Outcome::Pass
}

fn solve_outcome(case: &Value, answer: &Value) -> Outcome {
    if answer["ok"] != json!(true) {
        return Outcome::Fail(format!("expected a solution, got refusal {}", short(answer)));
    }
    let sorted = |v: &Value| -> Vec<String> {
        let mut names: Vec<String> = v
            .as_array()
            .map(|a| a.iter().filter_map(|n| n.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        names.sort();
        names
    };
    let expected = (&case["value"], &case["distance"], sorted(&case["best"]));
    let got = (&answer["value"], &answer["distance"], sorted(&answer["best"]));
    if expected == got {
        Outcome::Pass
    } else {
        Outcome::Fail(format!(
            "expected {} in {} best {:?}, got {} in {} best {:?}",
            expected.0, expected.1, expected.2, got.0, got.1, got.2
        ))
    }
}

/// The per-category table, as plain text.
pub fn table(report: &Report) -> String {
    let mut out = format!(
        "{:<34} {:>6} {:>6} {:>6} {:>12}\n",
        "category", "cases", "pass", "fail", "unsupported"
    );
    let mut total = [0usize; 3];
    for (category, [pass, fail, unsupported]) in &report.counts {
        out.push_str(&format!(
            "{category:<34} {:>6} {pass:>6} {fail:>6} {unsupported:>12}\n",
            pass + fail + unsupported
        ));
        total[0] += pass;
        total[1] += fail;
        total[2] += unsupported;
    }
    out.push_str(&format!(
        "{:<34} {:>6} {:>6} {:>6} {:>12}\n",
        "total",
        total.iter().sum::<usize>(),
        total[0],
        total[1],
        total[2]
    ));
    out
}

/// One failure as a short reproducible line: the request to send the adapter, and why.
/// A tafl request shows the moves played and the rules record by reference to the case
/// (the position after them is in the request).
pub fn failure_line(category: &str, name: &str, request: &Value, why: &str) -> String {
    let mut shown = request.clone();
    if let Some(n) = request["played"].as_array().map(Vec::len).filter(|n| *n > 0) {
        shown["played"] = json!(format!("<the case's {n} moves>"));
    }
    if request.get("rules").is_some() {
        shown["rules"] = json!("<the case's rules>");
    }
    format!("{category} `{name}`: `{}` → {why}", short(&shown))
}

/// The report as JSON (`--json`).
pub fn to_json(report: &Report) -> Value {
    let categories: serde_json::Map<String, Value> = report
        .counts
        .iter()
        .map(|(c, [pass, fail, unsupported])| {
            (c.clone(), json!({"pass": pass, "fail": fail, "unsupported": unsupported}))
        })
        .collect();
    let failures: Vec<Value> = report
        .failures
        .iter()
        .map(|(category, name, request, why)| json!({"category": category, "name": name, "request": request, "why": why}))
        .collect();
    json!({"adapter": report.hello, "categories": categories, "failures": failures})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn supports(reports: Value) -> Supports {
        Supports { hello: json!({"decode": ["t3en"], "reports": reports}) }
    }

    fn valid() -> Value {
        json!({"name": "v", "input": "1_1_o/_x_/3_ x", "meaning": {"rows": ["__o", "_x_", "___"]}, "canonical": "2_o/_x_/3_ x"})
    }

    #[test]
    fn valid_cases_compare_what_the_adapter_reports() {
        let all = supports(json!(["meaning", "canonical", "offset"]));
        let right = json!({"ok": true, "meaning": {"rows": ["__o", "_x_", "___"]}, "canonical": "2_o/_x_/3_ x"});
        assert_eq!(decode_outcome(&all, "t3en", "valid", &valid(), &right), Outcome::Pass);
        let wrong_row = json!({"ok": true, "meaning": {"rows": ["__o", "x__", "___"]}, "canonical": "2_o/_x_/3_ x"});
        assert_eq!(
            decode_outcome(&all, "t3en", "valid", &valid(), &wrong_row),
            Outcome::Fail(r#"meaning differs: .rows[1]: expected "_x_", got "x__""#.to_owned())
        );
        let refused = json!({"ok": false, "offset": 0});
        assert!(matches!(
            decode_outcome(&all, "t3en", "valid", &valid(), &refused),
            Outcome::Fail(_)
        ));
        // An adapter that reports nothing but acceptance passes by accepting.
        let none = supports(json!([]));
        assert_eq!(
            decode_outcome(&none, "t3en", "valid", &valid(), &json!({"ok": true})),
            Outcome::Pass
        );
        // Reports declared per kind.
        let by_kind = supports(json!({"t3en": ["canonical"]}));
        let other_canonical = json!({"ok": true, "canonical": "1_1_o/_x_/3_ x"});
        assert_eq!(
            decode_outcome(&by_kind, "t3en", "valid", &valid(), &other_canonical),
            Outcome::Fail(r#"canonical "2_o/_x_/3_ x" expected, got "1_1_o/_x_/3_ x""#.to_owned())
        );
    }

    #[test]
    fn invalid_cases_need_a_refusal_at_the_offset() {
        let case = json!({"name": "i", "input": "3_/4_/3_ x", "offset": 3});
        let all = supports(json!(["offset"]));
        assert_eq!(
            decode_outcome(&all, "t3en", "invalid", &case, &json!({"ok": false, "offset": 3})),
            Outcome::Pass
        );
        assert_eq!(
            decode_outcome(&all, "t3en", "invalid", &case, &json!({"ok": false, "offset": 4})),
            Outcome::Fail("expected refusal at byte 3, got refusal at byte 4".to_owned())
        );
        let none = supports(json!([]));
        assert_eq!(
            decode_outcome(&none, "t3en", "invalid", &case, &json!({"ok": false, "offset": 4})),
            Outcome::Pass
        );
        assert!(matches!(
            decode_outcome(&none, "t3en", "invalid", &case, &json!({"ok": true})),
            Outcome::Fail(_)
        ));
    }

    #[test]
    fn implementation_defined_cases_take_either_reading() {
        let case = json!({"name": "d", "input": "1_1_o/_x_/3_ x", "readings": [
            {"reader": "lenient", "ok": true, "meaning": {"rows": ["__o", "_x_", "___"]}, "canonical": "2_o/_x_/3_ x"},
            {"reader": "strict", "ok": false, "offset": 0}]});
        let all = supports(json!(["meaning", "canonical"]));
        assert_eq!(
            decode_outcome(&all, "t3en", "implementation-defined", &case, &json!({"ok": false})),
            Outcome::Pass
        );
        let lenient = json!({"ok": true, "meaning": {"rows": ["__o", "_x_", "___"]}, "canonical": "2_o/_x_/3_ x"});
        assert_eq!(
            decode_outcome(&all, "t3en", "implementation-defined", &case, &lenient),
            Outcome::Pass
        );
        let misread = json!({"ok": true, "meaning": {"rows": ["o__", "_x_", "___"]}, "canonical": "2_o/_x_/3_ x"});
        assert!(matches!(
            decode_outcome(&all, "t3en", "implementation-defined", &case, &misread),
            Outcome::Fail(_)
        ));
    }

    #[test]
    fn conversions_compare_output_and_noted_fields() {
        let case = json!({"output": "3 4 3/1a1/2d a 3 2", "notes": [
            {"kind": "derived", "field": "defenders", "value": "4"},
            {"kind": "derived", "field": "ply", "value": "3"}]});
        let same_fields = json!({"ok": true, "output": "3 4 3/1a1/2d a 3 2", "notes": [
            {"kind": "derived", "field": "ply", "value": "three"},
            {"kind": "derived", "field": "defenders", "value": "4"}]});
        assert_eq!(convert_outcome(&case, &same_fields), Outcome::Pass);
        let missing = json!({"ok": true, "output": "3 4 3/1a1/2d a 3 2", "notes": []});
        assert!(matches!(convert_outcome(&case, &missing), Outcome::Fail(_)));
        assert_eq!(
            convert_outcome(
                &case,
                &json!({"ok": true, "output": "3 4 3/1a1/2d a 1 0", "notes": []})
            ),
            Outcome::Fail(r#"expected "3 4 3/1a1/2d a 3 2", got "3 4 3/1a1/2d a 1 0""#.to_owned())
        );
        assert_eq!(
            convert_outcome(&json!({"refused": true}), &json!({"ok": false})),
            Outcome::Pass
        );
    }

    #[test]
    fn tafl_moves_compare_as_sets_with_their_captures() {
        assert_eq!(move_squares("Kd4-d7xe7/Tf5+"), ["d4", "d7", "e7", "f5"]);
        assert_eq!(move_squares("ka11^=a13"), ["a11", "a13"]);
        let case = json!(["a4-a2", "d3-g3xg2", "d5-d6xc6/e6"]);
        let same = json!(["Kd5-d6xe6/Tc6", "a4-a2", "d3-g3xg2"]);
        assert_eq!(moves_outcome(&case, &same), Outcome::Pass);
        assert_eq!(
            moves_outcome(&case, &json!(["a4-a2", "d3-g3", "d5-d6xc6/e6", "b1-b2"])),
            Outcome::Fail(
                r#"3 moves expected, got 4; not legal b1-b2; d3-g3 captures ["g2"], got []"#
                    .to_owned()
            )
        );
        assert_eq!(
            moves_outcome(&case, &json!(["a4-a2"])),
            Outcome::Fail("3 moves expected, got 1; missing d3-g3 d5-d6".to_owned())
        );
        assert!(matches!(moves_outcome(&case, &json!(["a4-a2", "a4-a2"])), Outcome::Fail(_)));
        let request = json!({"op": "perft", "rules": "dim:7 start:/7/7/7/3K3/7/7/7/",
            "played": ["d4-d1", "d1-d4"], "position": "/7/7/7/3K3/7/7/7/", "depth": 1});
        assert_eq!(
            failure_line("tafl/perft", "p", &request, "why"),
            r#"tafl/perft `p`: `{"depth":1,"op":"perft","played":"<the case's 2 moves>","position":"/7/7/7/3K3/7/7/7/","rules":"<the case's rules>"}` → why"#
        );
    }

    #[test]
    fn solutions_compare_best_moves_as_a_set() {
        let case = json!({"value": "draw", "distance": 9, "best": ["a1", "b2"]});
        let answer = json!({"ok": true, "value": "draw", "distance": 9, "best": ["b2", "a1"]});
        assert_eq!(solve_outcome(&case, &answer), Outcome::Pass);
        let longer = json!({"ok": true, "value": "draw", "distance": 8, "best": ["a1", "b2"]});
        assert_eq!(
            solve_outcome(&case, &longer),
            Outcome::Fail(
                r#"expected "draw" in 9 best ["a1", "b2"], got "draw" in 8 best ["a1", "b2"]"#
                    .to_owned()
            )
        );
    }
}

//! `--json` output reads back into the library's own types: a converted line deserialises
//! into `gridnote_convert::Converted` equal to what the library converts, and `check`'s
//! `legality` and `report` fields into gridnote-board's `Problems` and gridnote-digits'
//! `Report`.

use gridnote_convert::{Converted, Format, Options, convert};

fn run(args: &[&str], stdin: &[u8]) -> (u8, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
    let status = gridnote_cli::run(argv, &mut &stdin[..], &mut out, &mut err);
    (status, String::from_utf8(out).unwrap())
}

#[test]
fn convert_json_reads_back_into_converted() {
    let inputs = ["3_/_x_/3_ o", "120120000", "(x ____ ____ ____)", "3 4 3/1a1/2d a 3 2 x:1:y"];
    for to in Format::ALL {
        let stdin = inputs.join("\n");
        let (_, out) = run(&["convert", "--json", "--to", to.name()], stdin.as_bytes());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), inputs.len(), "{to}: {out}");
        for (input, line) in inputs.iter().zip(lines) {
            match convert(input, None, *to, &Options::default()) {
                Ok(expected) => {
                    let read: Converted = serde_json::from_str(line)
                        .unwrap_or_else(|e| panic!("{to}: {line} does not read back: {e}"));
                    assert_eq!(read, expected, "{input} -> {to}");
                }
                Err(_) => assert!(line.contains(r#""error":"#), "{input} -> {to}: {line}"),
            }
        }
    }
}

#[test]
fn check_json_reads_back_into_problems_and_report() {
    use gridnote_board::{Problem, Problems, Rules};
    use gridnote_digits::{Digits, Report};

    let (status, out) = run(&["check", "--json", "111000222", "x2_/3_/3_ x"], b"");
    assert_eq!(status, 1);
    let lines: Vec<serde_json::Value> =
        out.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 2);

    let digits: Digits = "111000222".parse().unwrap();
    let report: Report = serde_json::from_value(lines[0]["report"].clone()).unwrap();
    assert_eq!(report, Report::new(digits));
    let legality: Problems = serde_json::from_value(lines[0]["legality"].clone()).unwrap();
    assert_eq!(legality, digits.board().problems(Rules::TIC_TAC_TOE, None));
    assert!(legality.contains(Problem::BothHaveLines));

    let legality: Problems = serde_json::from_value(lines[1]["legality"].clone()).unwrap();
    assert_eq!(legality, Problems::NONE.with(Problem::WrongSideToMove));
    assert!(lines[1].get("report").is_none());
}

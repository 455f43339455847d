//! The bindings as JavaScript sees them, run in Node by wasm-bindgen-test-runner
//! (`cargo xtask wasm --test`). Natively this file is empty: the plain-Rust core has its
//! own tests in src/api.rs.
#![cfg(target_arch = "wasm32")]

use gridnote_convert::Format;
use gridnote_wasm::{
    ConvertOptions, RulesOptions, TaflOptions, check, convert, detect, formats, moves, play, solve,
    svg, tafl_presets,
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// `value[key]`.
fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from(key)).unwrap()
}

fn string(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().unwrap_or_else(|| panic!("{key} is not a string"))
}

/// A JavaScript value from JSON text, as the options type a function takes.
fn js<T: JsCast>(json: &str) -> T {
    js_sys::JSON::parse(json).unwrap().unchecked_into()
}

fn strings(value: &JsValue) -> Vec<String> {
    Array::from(value).iter().map(|v| v.as_string().unwrap()).collect()
}

/// The names `formats()` lists.
fn names() -> Vec<String> {
    Array::from(&formats()).iter().map(|f| string(&f, "name")).collect()
}

/// The thrown error's message, span, format and caret.
fn thrown(err: JsValue) -> (String, JsValue, JsValue, JsValue) {
    assert!(err.is_instance_of::<js_sys::Error>(), "not an Error: {err:?}");
    assert_eq!(string(&err, "name"), "GridnoteError");
    (string(&err, "message"), get(&err, "span"), get(&err, "format"), get(&err, "caret"))
}

#[wasm_bindgen_test]
fn convert_returns_output_and_notes() {
    let out = convert("2_o/_x_/3_ x", js(r#"{"to":"TSN"}"#)).unwrap();
    assert_eq!(string(&out, "output"), "3 4 3/1a1/2d a 3 2");
    assert_eq!(string(&out, "from"), "t3en");
    assert_eq!(string(&out, "to"), "tsn");
    let notes = Array::from(&get(&out, "notes"));
    assert_eq!(notes.length(), 3);
    let first = notes.get(0);
    assert_eq!(string(&first, "kind"), "derived");
    assert!(string(&first, "message").starts_with("derived "));
}

#[wasm_bindgen_test]
fn convert_takes_options() {
    let options = js(r#"{"from":"t3en","to":"tsn","ply":9,"sinceCapture":1}"#);
    let out = convert("2_o/_x_/3_ x", options).unwrap();
    assert_eq!(string(&out, "output"), "3 4 3/1a1/2d a 9 1");
    let lossless = js(r#"{"to":"digits","lossless":true}"#);
    let (message, span, format, _) = thrown(convert("__o/3_/3_ x", lossless).unwrap_err());
    assert_eq!(message, "lossless conversion to digits would drop: side-to-move x");
    assert_eq!(js_sys::JSON::stringify(&span).unwrap(), "[0,11]");
    assert_eq!(format.as_string().as_deref(), Some("t3en"));
}

#[wasm_bindgen_test]
fn a_syntax_error_is_thrown_with_span_format_and_caret() {
    let (message, span, format, caret) =
        thrown(convert("3_/4_/3_ x", js(r#"{"to":"digits"}"#)).unwrap_err());
    assert!(message.contains("row 2"), "{message}");
    assert_eq!(js_sys::JSON::stringify(&span).unwrap(), "[3,5]");
    assert_eq!(format.as_string().as_deref(), Some("t3en"));
    assert_eq!(caret.as_string().as_deref(), Some("  | 3_/4_/3_ x\n  |    ^^\n"));
}

#[wasm_bindgen_test]
fn bad_options_are_thrown_not_panicked() {
    let cases: [(JsValue, &str); 6] = [
        (JsValue::UNDEFINED, "options.to: missing: name the target format (formats() lists them)"),
        (js("[1]"), "options: expected an object"),
        (JsValue::from("tsn"), "options: expected an object"),
        (js(r#"{"to":5}"#), "options.to: expected a string"),
        (js(r#"{"to":"tsn","lossless":"yes"}"#), "options.lossless: expected true or false"),
        (
            js(r#"{"to":"tsn","ply":-1}"#),
            "options.ply: expected a whole number from 1 to 4294967295, got -1",
        ),
    ];
    let unknown =
        format!("options.to: unknown format `fen`: expected one of {}", names().join(", "));
    let cases = cases.into_iter().chain([(js(r#"{"to":"fen"}"#), unknown.as_str())]);
    for (options, expected) in cases {
        let options: ConvertOptions = options.unchecked_into();
        let (message, span, format, caret) = thrown(convert("2_o/_x_/3_ x", options).unwrap_err());
        assert_eq!(message, expected);
        assert!(span.is_null() && format.is_null() && caret.is_null());
    }
    let (message, ..) = thrown(svg("2_o/_x_/3_ x", Some(js(r#"{"highlight":"a1"}"#))).unwrap_err());
    assert_eq!(message, "options.highlight: expected an array of strings");
    let (message, ..) =
        thrown(svg("2_o/_x_/3_ x", Some(js(r#"{"arrows":[["a1"]]}"#))).unwrap_err());
    assert_eq!(message, "options.arrows: expected an array of [from, to] pairs of cell names");
}

#[wasm_bindgen_test]
fn detect_and_formats() {
    assert_eq!(detect("120120000").unwrap(), "digits");
    let (message, span, format, _) = thrown(detect("").unwrap_err());
    assert_eq!(message, "empty input: there is no position to read");
    assert_eq!(js_sys::JSON::stringify(&span).unwrap(), "[0,0]");
    assert!(format.is_null());
    let list = Array::from(&formats());
    let names = names();
    assert_eq!(names, Format::NAMES);
    for f in list.iter() {
        // Each example reads as its own format.
        assert_eq!(detect(&string(&f, "example")).unwrap(), string(&f, "name"));
    }
    let first = list.get(0);
    assert!(first.is_instance_of::<Object>());
    assert_eq!(string(&first, "example"), "2_o/_x_/3_ x");
    assert_eq!(strings(&get(&first, "extensions")), ["t3en"]);
}

#[wasm_bindgen_test]
fn check_reports_problems_and_outcome() {
    let ok = check("2_o/_x_/3_ x", None).unwrap();
    assert_eq!(get(&ok, "legal"), JsValue::TRUE);
    assert_eq!(string(&ok, "rules"), "tic-tac-toe");
    assert_eq!(string(&ok, "outcome"), "in progress");
    assert_eq!(string(&ok, "toMove"), "x");
    let bad = check("3x/3_/3_ o", Some(js(r#"{"rules":"tic-tac-toe"}"#))).unwrap();
    assert_eq!(get(&bad, "legal"), JsValue::FALSE);
    let problems = Array::from(&get(&bad, "problems"));
    assert!(problems.length() > 0);
    assert!(!string(&problems.get(0), "message").is_empty());
    let tafl =
        check("3 4 3/1a1/2d a 3 2", Some(JsValue::NULL.unchecked_into::<RulesOptions>())).unwrap();
    assert!(get(&tafl, "rules").is_null());
    assert_eq!(string(&tafl, "format"), "tsn");
}

#[wasm_bindgen_test]
fn svg_draws_a_picture() {
    let picture = svg("2_o/_x_/3_ x", Some(js(r#"{"size":200,"highlight":["b2"]}"#))).unwrap();
    assert!(picture.starts_with("<svg "));
    assert!(picture.contains(" width=\"200\""));
    assert!(picture.ends_with("</svg>\n"));
    let (message, ..) =
        thrown(svg("2_o/_x_/3_ x", Some(js(r#"{"highlight":["z9"]}"#))).unwrap_err());
    assert!(message.starts_with("options.highlight: "), "{message}");
    let tablut = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
    let marked = svg(tablut, Some(js(r#"{"special":["e5"]}"#))).unwrap();
    assert!(marked.contains("<path class=\"special\" d=\"M180 180h40v40h-40z\""), "{marked}");
    let (message, ..) = thrown(svg(tablut, Some(js(r#"{"special":"e5"}"#))).unwrap_err());
    assert_eq!(message, "options.special: expected an array of strings");
}

#[wasm_bindgen_test]
fn solve_gives_the_verdict() {
    let solved = solve("3_/x2_/xo_ o", None).unwrap();
    assert_eq!(string(&solved, "winner"), "x");
    assert_eq!(get(&solved, "plies").as_f64(), Some(4.0));
    assert_eq!(strings(&get(&solved, "best")), ["a3"]);
    assert_eq!(string(&solved, "toMove"), "o");
    assert_eq!(string(&solved, "summary"), "x wins in 4 plies; best: a3");
    let (message, span, format, _) = thrown(solve("3 4 3/1a1/2d a 3 2", None).unwrap_err());
    assert_eq!(
        message,
        "solve handles m,n,k games (tic-tac-toe and its relatives); a tsn position is tafl"
    );
    assert_eq!(js_sys::JSON::stringify(&span).unwrap(), "[0,18]");
    assert_eq!(format.as_string().as_deref(), Some("tsn"));
}

#[wasm_bindgen_test]
fn odd_inputs_never_trap() {
    // Each of these either converts or throws a GridnoteError; a panic would trap.
    let long = "x".repeat(100_000);
    for text in ["", " ", "\u{0}", "(", "((((", "9999999999999999999999", "0x", "ä/ö ü", &long] {
        for to in names() {
            let options = js(&format!(r#"{{"to":"{to}"}}"#));
            if let Err(err) = convert(text, options) {
                thrown(err);
            }
        }
        if let Err(err) = check(text, None) {
            thrown(err);
        }
        if let Err(err) = svg(text, None) {
            thrown(err);
        }
        if let Err(err) = solve(text, None) {
            thrown(err);
        }
        for options in [None, Some(r#"{"rules":"brandubh"}"#)] {
            if let Err(err) = moves(text, options.map(js::<TaflOptions>)) {
                thrown(err);
            }
            if let Err(err) = play(text, text, options.map(js::<TaflOptions>)) {
                thrown(err);
            }
        }
    }
}

/// OpenTafl's perft counts of every preset (fixtures/tafl-rules/perft.jsonl), as
/// `(variant, depth, nodes)`.
fn perft_fixtures() -> Vec<(String, u32, f64)> {
    include_str!("../../../fixtures/tafl-rules/perft.jsonl")
        .lines()
        .map(|line| {
            let row = js_sys::JSON::parse(line).unwrap();
            let depth = get(&row, "depth").as_f64().unwrap() as u32;
            (string(&row, "variant"), depth, get(&row, "nodes").as_f64().unwrap())
        })
        .collect()
}

fn preset(name: &str) -> JsValue {
    Array::from(&tafl_presets())
        .iter()
        .find(|p| string(p, "name") == name)
        .unwrap_or_else(|| panic!("no preset {name}"))
}

#[wasm_bindgen_test]
fn tafl_presets_list_every_variant_with_its_start() {
    let names: Vec<String> =
        Array::from(&tafl_presets()).iter().map(|p| string(&p, "name")).collect();
    assert_eq!(names, gridnote_board::tafl::PRESETS);
    let brandubh = preset("brandubh");
    assert_eq!(string(&brandubh, "title"), "Brandub");
    assert_eq!(get(&brandubh, "dim").as_f64(), Some(7.0));
    assert_eq!(string(&brandubh, "start"), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert_eq!(string(&brandubh, "toMove"), "a");
    assert!(string(&brandubh, "rules").starts_with("dim:7 name:Brandub "));
    assert_eq!(string(&preset("berserk"), "toMove"), "d");
    assert_eq!(strings(&get(&brandubh, "special")), ["a1", "g1", "a7", "g7", "d4"]);
    assert_eq!(strings(&get(&preset("tablut"), "special")), ["e5"]);
}

#[wasm_bindgen_test]
fn moves_at_the_start_of_every_preset_are_opentafls_perft_1() {
    let fixtures = perft_fixtures();
    let depth_one: Vec<_> = fixtures.iter().filter(|(_, depth, _)| *depth == 1).collect();
    assert_eq!(depth_one.len(), 14);
    for (variant, _, nodes) in depth_one {
        let start = string(&preset(variant), "start");
        let options = js(&format!(r#"{{"rules":"{variant}"}}"#));
        let listed = moves(&start, Some(options)).unwrap();
        assert_eq!(f64::from(Array::from(&get(&listed, "moves")).length()), *nodes, "{variant}");
    }
}

#[wasm_bindgen_test]
fn brandubh_moves_after_each_first_move_sum_to_perft_2() {
    let expected = perft_fixtures()
        .into_iter()
        .find(|(variant, depth, _)| variant == "brandubh" && *depth == 2)
        .unwrap()
        .2;
    assert_eq!(expected, 960.0);
    let start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let listed = moves(start, Some(js(r#"{"rules":"brandubh"}"#))).unwrap();
    let mut total = 0;
    for m in Array::from(&get(&listed, "moves")).iter() {
        // The same count from the position the move leads to and from the start with the
        // move played first.
        let after =
            moves(&string(&m, "position"), Some(js(r#"{"rules":"brandubh","side":"d"}"#))).unwrap();
        let options = js(&format!(r#"{{"rules":"brandubh","played":["{}"]}}"#, string(&m, "move")));
        let line = moves(start, Some(options)).unwrap();
        let count = Array::from(&get(&after, "moves")).length();
        assert_eq!(Array::from(&get(&line, "moves")).length(), count);
        assert_eq!(string(&line, "position"), string(&m, "position"));
        total += count;
    }
    assert_eq!(f64::from(total), expected);
}

#[wasm_bindgen_test]
fn moves_names_squares_captures_positions_and_ends() {
    let start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let listed = moves(start, Some(js(r#"{"rules":"brandubh"}"#))).unwrap();
    assert_eq!(string(&listed, "position"), start);
    assert_eq!(get(&listed, "dim").as_f64(), Some(7.0));
    assert_eq!(string(&listed, "toMove"), "a");
    assert_eq!(string(&listed, "outcome"), "none");
    assert!(get(&listed, "reason").is_null() && get(&listed, "berserker").is_null());
    assert_eq!(strings(&get(&listed, "line")), Vec::<String>::new());
    assert_eq!(strings(&get(&listed, "special")), ["a1", "g1", "a7", "g7", "d4"]);
    let first = Array::from(&get(&listed, "moves")).iter().find(|m| string(m, "move") == "d2-c2");
    let first = first.unwrap();
    assert_eq!((string(&first, "from"), string(&first, "to")), ("d2".into(), "c2".into()));
    assert_eq!(strings(&get(&first, "captures")), Vec::<String>::new());
    assert_eq!(string(&first, "position"), "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert_eq!(string(&first, "ends"), "none");

    // Brandubh's king is weak: two attackers take it.
    let text = "/7/7/7/7/1t1Kt2/7/5T1/";
    let options = || js::<TaflOptions>(r#"{"rules":"brandubh","side":"a"}"#);
    let listed = moves(text, Some(options())).unwrap();
    let take =
        Array::from(&get(&listed, "moves")).iter().find(|m| string(m, "move") == "b5-c5xKd5");
    let take = take.unwrap();
    assert_eq!(strings(&get(&take, "captures")), ["d5"]);
    assert_eq!(string(&take, "ends"), "attackers");
    assert_eq!(string(&take, "reason"), "king_captured");
    let played = play(text, "b5-c5", Some(options())).unwrap();
    assert_eq!(string(&played, "move"), "b5-c5xKd5");
    assert_eq!(string(&played, "position"), "/7/7/7/7/2t1t2/7/5T1/");
    assert_eq!(string(&played, "outcome"), "attackers");
    assert_eq!(string(&played, "reason"), "king_captured");
    assert_eq!(string(&played, "toMove"), "d");
    let over = moves(&string(&played, "position"), Some(js(r#"{"rules":"brandubh","side":"d"}"#)))
        .unwrap();
    assert_eq!(string(&over, "outcome"), "attackers");
    assert_eq!(Array::from(&get(&over, "moves")).length(), 0);
}

#[wasm_bindgen_test]
fn play_returns_the_new_position_and_a_line_counts_for_repetition() {
    let start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let played = play(start, "d2-c2", Some(js(r#"{"rules":"brandubh"}"#))).unwrap();
    assert_eq!(string(&played, "position"), "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert_eq!(string(&played, "toMove"), "d");
    assert_eq!(string(&played, "outcome"), "none");
    assert!(get(&played, "reason").is_null());
    let line = r#"{"rules":"brandubh","played":["d2-c2","e4-e5","c2-d2","e5-e4","d2-c2","e4-e5","c2-d2"]}"#;
    let third = play(start, "e5-e4", Some(js(line))).unwrap();
    assert_eq!(string(&third, "outcome"), "draw");
    assert_eq!(string(&third, "reason"), "repetition");
    assert_eq!(string(&third, "position"), start);
    // A rules record stands for its start.
    let record = string(&preset("brandubh"), "rules");
    let from_record = play(&record, "d2-c2", None).unwrap();
    assert_eq!(string(&from_record, "position"), "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
}

#[wasm_bindgen_test]
fn tafl_errors_are_thrown_with_the_option_or_the_span() {
    let start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let (message, span, format, caret) = thrown(moves(start, None).unwrap_err());
    assert!(message.starts_with("this otn position carries no tafl rules: "), "{message}");
    assert_eq!(js_sys::JSON::stringify(&span).unwrap(), "[0,33]");
    assert_eq!(format.as_string().as_deref(), Some("otn"));
    assert!(caret.as_string().is_some());
    let cases: [(&str, &str, &str); 5] = [
        (r#"{"rules":"chess"}"#, "d2-c2", "options.rules: unknown tafl rules `chess`: expected "),
        (r#"{"rules":"brandubh","side":"x"}"#, "d2-c2", "options.side: unknown side `x`"),
        (
            r#"{"rules":"brandubh","played":"d2-c2"}"#,
            "d2-c2",
            "options.played: expected an array of strings",
        ),
        (r#"{"rules":"brandubh"}"#, "d1-d2", "move: d1-d2 is not a legal move for the attackers"),
        (
            r#"{"rules":"brandubh","played":["d2-c2","d2-c2"]}"#,
            "e4-e5",
            "options.played[1]: d2-c2: no piece stands on d2",
        ),
    ];
    for (options, mv, expected) in cases {
        let (message, span, format, caret) =
            thrown(play(start, mv, Some(js(options))).unwrap_err());
        assert!(message.starts_with(expected), "{message}");
        assert!(span.is_null() && format.is_null() && caret.is_null());
    }
    let (message, span, ..) =
        thrown(moves("2_o/_x_/3_ x", Some(js(r#"{"rules":"brandubh"}"#))).unwrap_err());
    assert_eq!(
        message,
        "a t3en position is m,n,k, not tafl: moves and play take a tafl position (OTN, TSN, TEN)"
    );
    assert_eq!(js_sys::JSON::stringify(&span).unwrap(), "[0,12]");
}

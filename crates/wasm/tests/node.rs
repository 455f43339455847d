//! The bindings as JavaScript sees them, run in Node by wasm-bindgen-test-runner
//! (`cargo xtask wasm --test`). Natively this file is empty: the plain-Rust core has its
//! own tests in src/api.rs.
#![cfg(target_arch = "wasm32")]

use gridnote_wasm::{ConvertOptions, RulesOptions, check, convert, detect, formats, solve, svg};
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
    let cases: [(JsValue, &str); 7] = [
        (JsValue::UNDEFINED, "options.to: missing: name the target format (formats() lists them)"),
        (js("[1]"), "options: expected an object"),
        (JsValue::from("tsn"), "options: expected an object"),
        (js(r#"{"to":5}"#), "options.to: expected a string"),
        (js(r#"{"to":"tsn","lossless":"yes"}"#), "options.lossless: expected true or false"),
        (
            js(r#"{"to":"tsn","ply":-1}"#),
            "options.ply: expected a whole number from 1 to 4294967295, got -1",
        ),
        (
            js(r#"{"to":"fen"}"#),
            "options.to: unknown format `fen`: expected one of t3en, tsn, ten, tuple, digits, bits, otn",
        ),
    ];
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
    let names: Vec<String> = list.iter().map(|f| string(&f, "name")).collect();
    assert_eq!(names, ["t3en", "tsn", "ten", "tuple", "digits", "bits", "otn"]);
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
        for to in ["t3en", "tsn", "ten", "tuple", "digits", "bits", "otn"] {
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
    }
}

//! The engine package's bindings as JavaScript sees them, run in Node by
//! wasm-bindgen-test-runner (`cargo xtask wasm --test`, with the `engine` feature).
//! Natively this file is empty: the engines' plain-Rust core has its own tests in
//! src/engine.rs.
#![cfg(target_arch = "wasm32")]

use gridnote_wasm::{
    GameToWrite, MnkSearchRequest, OnProgress, SearchRequest, read_game, search, solve_exact,
    write_game,
};
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from(key)).unwrap()
}

fn string(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().unwrap_or_else(|| panic!("{key} is not a string"))
}

fn number(value: &JsValue, key: &str) -> f64 {
    get(value, key).as_f64().unwrap_or_else(|| panic!("{key} is not a number"))
}

fn js<T: JsCast>(json: &str) -> T {
    js_sys::JSON::parse(json).unwrap().unchecked_into()
}

fn strings(value: &JsValue) -> Vec<String> {
    Array::from(value).iter().map(|v| v.as_string().unwrap()).collect()
}

/// The thrown error's message (a `GridnoteError`).
fn message(err: JsValue) -> String {
    assert!(err.is_instance_of::<js_sys::Error>(), "not an Error: {err:?}");
    assert_eq!(string(&err, "name"), "GridnoteError");
    string(&err, "message")
}

#[wasm_bindgen_test]
fn a_tafl_search_reports_each_iteration_then_answers() {
    let reports = Array::new();
    let collect = Function::new_with_args("r", "this.push(r)").bind(&reports);
    let request = js::<SearchRequest>(r#"{"game":"tafl","rules":"brandubh","depth":3}"#);
    let found = search(request, Some(collect.unchecked_into::<OnProgress>())).unwrap();
    let depths: Vec<f64> = reports.iter().map(|r| number(&r, "depth")).collect();
    assert_eq!(depths, [1.0, 2.0, 3.0]);
    assert_eq!(number(&found, "depth"), 3.0);
    let best = string(&found, "best");
    assert_eq!(strings(&get(&found, "pv"))[0], best);
    assert!(get(&found, "score").as_f64().is_some());
    assert!(get(&found, "proved").is_null());
    assert_eq!(string(&found, "method"), "searched");
    assert!(number(&found, "nodes") > 0.0);
    // Brandubh's 40 opening moves: the answer is one of them, as converter moves name it.
    assert!(best.len() == 5 && best.as_bytes()[2] == b'-', "{best}");
}

#[wasm_bindgen_test]
fn a_won_tafl_position_is_proved() {
    let request = js::<SearchRequest>(
        r#"{"game":"tafl","rules":"brandubh","start":"/7/7/7/7/1t1Kt2/7/5T1/","side":"a","timeMs":2000}"#,
    );
    let found = search(request, None).unwrap();
    assert_eq!(string(&found, "best"), "b5-c5xKd5");
    assert_eq!(string(&found, "proved"), "win");
    assert_eq!(number(&found, "plies"), 1.0);
    assert_eq!(number(&found, "score"), 29_999.0);
}

#[wasm_bindgen_test]
fn an_mnk_search_answers_in_time_and_blocks() {
    let request = js::<SearchRequest>(
        r#"{"game":"mnk","rows":15,"cols":15,"rules":"tic-tac-toe+k=5","moves":["h8","a1","i8","a2","j8","a3","k8"],"timeMs":300}"#,
    );
    let found = search(request, None).unwrap();
    let best = string(&found, "best");
    assert!(best == "g8" || best == "l8", "{best}");
    assert!(number(&found, "elapsedMs") < 1_000.0);
}

#[wasm_bindgen_test]
fn small_mnk_boards_are_solved() {
    let solved =
        solve_exact(js::<MnkSearchRequest>(r#"{"game":"mnk","rows":3,"cols":3,"moves":["b2"]}"#))
            .unwrap();
    assert_eq!(string(&solved, "value"), "draw");
    assert_eq!(number(&solved, "plies"), 8.0);
    assert_eq!(strings(&get(&solved, "best")), ["a1", "a3", "c1", "c3"]);
    assert_eq!(string(&solved, "toMove"), "o");
    assert_eq!(string(&solved, "summary"), "draw in 8 plies; best: a1 a3 c1 c3");
}

#[wasm_bindgen_test]
fn bad_requests_are_thrown_with_the_option_named() {
    let err = |json: &str| message(search(js::<SearchRequest>(json), None).unwrap_err());
    assert_eq!(
        err(r#"{"game":"chess"}"#),
        "options.game: expected \"tafl\" or \"mnk\", got \"chess\""
    );
    assert_eq!(
        err(r#"{"rules":"brandubh"}"#),
        "options.game: expected \"tafl\" or \"mnk\", got nothing"
    );
    assert_eq!(err(r#"{"game":"tafl"}"#), "options.rules: missing");
    assert_eq!(
        err(r#"{"game":"tafl","rules":"brandubh","timeMs":"fast"}"#),
        "options.timeMs: expected a number"
    );
    assert_eq!(
        err(r#"{"game":"tafl","rules":"brandubh","played":["d2-d1"]}"#),
        "options.played[0]: d2-d1 is not a legal move for the attackers"
    );
    assert_eq!(err(r#"{"game":"mnk","cols":3}"#), "options.rows: missing");
    assert_eq!(
        err(r#"{"game":"mnk","rows":3,"cols":3,"moves":["d4"]}"#),
        message(
            search(js::<SearchRequest>(r#"{"game":"mnk","rows":3,"cols":3,"moves":["d4"]}"#), None)
                .unwrap_err()
        )
    );
    let not_object =
        message(search(JsValue::from(3).unchecked_into::<SearchRequest>(), None).unwrap_err());
    assert_eq!(not_object, "options: expected an object");
}

#[wasm_bindgen_test]
fn a_throwing_progress_callback_does_not_stop_the_search() {
    let throws = Function::new_with_args("r", "throw new Error('no')");
    let request = js::<SearchRequest>(r#"{"game":"tafl","rules":"brandubh","depth":2}"#);
    let found = search(request, Some(throws.unchecked_into::<OnProgress>())).unwrap();
    assert_eq!(number(&found, "depth"), 2.0);
}

#[wasm_bindgen_test]
fn games_are_written_and_read_back() {
    let text = write_game(js::<GameToWrite>(
        r#"{"rules":"brandubh","moves":["d2-c2","e4-e6","c2-d2"],"result":"0"}"#,
    ))
    .unwrap();
    assert!(text.ends_with("[result:0]\n\n1. d2-c2 e4-e6\n2. c2-d2\n"), "{text}");
    let read = read_game(&text).unwrap();
    assert_eq!(strings(&get(&read, "moves")), ["d2-c2", "e4-e6", "c2-d2"]);
    assert_eq!(string(&read, "side"), "a");
    assert_eq!(string(&read, "result"), "0");
    assert_eq!(string(&read, "start"), "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert_eq!(get(&read, "resigned"), JsValue::FALSE);
    let bad = read_game("[rules:dim:7 esc:x]\n").unwrap_err();
    assert!(message(bad).starts_with("game record: "));
}

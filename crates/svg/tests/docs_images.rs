//! The pictures committed in docs/img are the ones the library draws today (rebuild them
//! with `cargo xtask pixels --images`).

#[path = "../examples/images.rs"]
mod images;

#[test]
fn committed_pictures_are_up_to_date() {
    let dir = format!("{}/../../docs/img", env!("CARGO_MANIFEST_DIR"));
    for (stem, svg) in images::pictures() {
        let path = format!("{dir}/{stem}.svg");
        let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(committed == svg, "{path} is stale: run cargo xtask pixels --images");
        let png = format!("{dir}/{stem}.png");
        assert!(std::path::Path::new(&png).is_file(), "{png} is missing");
    }
}

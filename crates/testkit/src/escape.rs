//! The escapes of the corpus line format (`fixtures/corpus/README.md`), shared by the
//! corpus tests and `cargo xtask fuzz`, which seeds the fuzzers with the corpus.

/// The input a corpus line stands for.
///
/// # Panics
/// On an unknown escape or a bad `\u{…}` (a mistake in a corpus file).
///
/// ```
/// use gridnote_testkit::escape::decode;
/// assert_eq!(decode(r"a\\b\n\r\t\0\s\z\u{a0}é"), "a\\b\n\r\t\0 \u{a0}é");
/// assert_eq!(decode(r"\z"), "");
/// ```
#[must_use]
pub fn decode(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('0') => out.push('\0'),
            Some('s') => out.push(' '),
            Some('z') => {}
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                let code = u32::from_str_radix(&hex, 16).expect("a hex code point");
                out.push(char::from_u32(code).expect("a character"));
            }
            other => panic!("unknown escape \\{other:?} in {line:?}"),
        }
    }
    out
}

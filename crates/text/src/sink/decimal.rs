//! [`push_decimal`]: a number in decimal, appended to any [`Sink`].

use super::base::Sink;

/// Appends `n` in decimal to `out`, without the formatting machinery (the writers of
/// every format use it for counts and number fields).
///
/// ```
/// use gridnote_text::number::push_decimal;
/// let mut out = String::from("ply ");
/// push_decimal(&mut out, 4_294_967_295);
/// push_decimal(&mut out, 0);
/// assert_eq!(out, "ply 42949672950");
/// ```
pub fn push_decimal<S: Sink + ?Sized>(out: &mut S, n: u32) {
    // One digit (run lengths, sides, most counters) as one character.
    if n < 10 {
        out.push_ascii(b'0' + n as u8);
        return;
    }
    // Up to four digits (codes, sizes, counters): two-digit pairs from a table, each
    // appended at once.
    if n < 100 {
        out.push_str(pair(n));
        return;
    }
    if n < 10_000 {
        let (high, low) = (n / 100, n % 100);
        if high < 10 {
            out.push_ascii(b'0' + high as u8);
        } else {
            out.push_str(pair(high));
        }
        out.push_str(pair(low));
        return;
    }
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// `00` to `99`.
const PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839\
                     40414243444546474849505152535455565758596061626364656667686970717273747576777879\
                     8081828384858687888990919293949596979899";

/// The two digits of `n` (below 100).
#[inline]
fn pair(n: u32) -> &'static str {
    let at = 2 * n as usize;
    &PAIRS[at..at + 2]
}

//! The number rule shared by every format: unsigned decimal, no sign, no leading zero
//! (a lone `0` where zero is allowed), and the value fits in `u32`.

/// Why a number field was rejected. The offsets are byte offsets into the number's text,
/// so a format crate can add the field's start to get a span in its input.
///
/// ```
/// use gridnote_text::number::{parse_decimal, NumberError};
/// assert_eq!(parse_decimal("007"), Err(NumberError::LeadingZero));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NumberError {
    /// No digits at all.
    #[error("expected a number")]
    Empty,
    /// A `+` or `-` sign.
    #[error("numbers are unsigned: no sign allowed")]
    Sign,
    /// A character that is not an ASCII digit, at this byte offset.
    #[error("expected a decimal digit")]
    NotDigit {
        /// Byte offset of the character in the number's text.
        offset: usize,
    },
    /// More than one digit and the first is `0`.
    #[error("numbers have no leading zero")]
    LeadingZero,
    /// Larger than `u32::MAX`.
    #[error("number is too large (the limit is 4294967295)")]
    TooLarge,
}

/// Reads a whole string as a number under the project's number rule.
///
/// # Errors
/// A [`NumberError`] saying which part of the rule the text breaks.
///
/// ```
/// use gridnote_text::number::{parse_decimal, NumberError};
/// assert_eq!(parse_decimal("0"), Ok(0));
/// assert_eq!(parse_decimal("4294967295"), Ok(u32::MAX));
/// assert_eq!(parse_decimal("4294967296"), Err(NumberError::TooLarge));
/// assert_eq!(parse_decimal("-1"), Err(NumberError::Sign));
/// assert_eq!(parse_decimal("1a"), Err(NumberError::NotDigit { offset: 1 }));
/// assert_eq!(parse_decimal(""), Err(NumberError::Empty));
/// ```
pub fn parse_decimal(text: &str) -> Result<u32, NumberError> {
    let bytes = text.as_bytes();
    match bytes.first() {
        None => return Err(NumberError::Empty),
        Some(b'+' | b'-') => return Err(NumberError::Sign),
        _ => {}
    }
    if let Some(offset) = bytes.iter().position(|b| !b.is_ascii_digit()) {
        return Err(NumberError::NotDigit { offset });
    }
    if bytes.len() > 1 && bytes[0] == b'0' {
        return Err(NumberError::LeadingZero);
    }
    digits_value(bytes).ok_or(NumberError::TooLarge)
}

/// The value of a run of ASCII digits, or `None` when it overflows `u32`. Never wraps or
/// saturates. Callers check the digits and the leading-zero rule themselves.
///
/// ```
/// use gridnote_text::number::digits_value;
/// assert_eq!(digits_value(b"255"), Some(255));
/// assert_eq!(digits_value(b"99999999999"), None);
/// ```
#[must_use]
pub fn digits_value(digits: &[u8]) -> Option<u32> {
    let mut value: u32 = 0;
    for &d in digits {
        value = value.checked_mul(10)?.checked_add(u32::from(d.wrapping_sub(b'0')))?;
    }
    Some(value)
}

pub use crate::sink::push_decimal;

/// How many decimal digits `n` has (1 for 0), for reserving output space.
///
/// ```
/// use gridnote_text::number::decimal_len;
/// assert_eq!(decimal_len(0), 1);
/// assert_eq!(decimal_len(255), 3);
/// assert_eq!(decimal_len(u32::MAX), 10);
/// ```
#[must_use]
pub const fn decimal_len(mut n: u32) -> usize {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path of the writer (1, 2 to 4, and more digits) agrees with `Display`.
    #[test]
    fn push_decimal_writes_every_number_as_display_does() {
        let big = [10_000, 65_535, 99_999, 100_000, 4_294_967_294, u32::MAX];
        for n in (0..=20_000).chain(big) {
            let mut out = String::from("x");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("x{n}"));
            assert_eq!(decimal_len(n), n.to_string().len());
        }
    }

    #[test]
    fn numbers_follow_the_project_rule() {
        assert_eq!(parse_decimal("0"), Ok(0));
        assert_eq!(parse_decimal("10"), Ok(10));
        assert_eq!(parse_decimal("00"), Err(NumberError::LeadingZero));
        assert_eq!(parse_decimal("+1"), Err(NumberError::Sign));
        assert_eq!(parse_decimal(" 1"), Err(NumberError::NotDigit { offset: 0 }));
        assert_eq!(parse_decimal("99999999999999999999"), Err(NumberError::TooLarge));
    }
}

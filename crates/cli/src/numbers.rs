//! The value parser of every whole-number option: its range named in the message whatever
//! the text (a number too big for the option's type, a sign, a word), where clap's own
//! parsers say `number too large to fit in target type` without the range.

use std::fmt::Display;
use std::str::FromStr;

/// A whole number from `min` to `max` (both included): the parser for clap's
/// `value_parser`. Anything else is `expected a whole number from MIN to MAX, got TEXT`.
pub(crate) fn whole<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone
where
    T: FromStr + PartialOrd + Display + Copy + Send + Sync + 'static,
{
    move |text: &str| match text.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("expected a whole number from {min} to {max}, got {text}")),
    }
}

#[cfg(test)]
mod tests {
    use super::whole;

    #[test]
    fn the_range_is_named_whatever_the_text() {
        let jobs = whole(1u32, 256);
        assert_eq!(jobs("1"), Ok(1));
        assert_eq!(jobs("256"), Ok(256));
        for text in ["0", "257", "4294967296", "99999999999999999999999", "-1", "x", "", " 2"] {
            assert_eq!(
                jobs(text),
                Err(format!("expected a whole number from 1 to 256, got {text}"))
            );
        }
        let seed = whole(0u64, u64::MAX);
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            seed("18446744073709551616"),
            Err("expected a whole number from 0 to 18446744073709551615, got 18446744073709551616"
                .to_owned())
        );
    }
}

//! [`Timestamp`]: an instant in UTC as the server writes it (RFC 3339, `…Z`).

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

const NANOS: u32 = 1_000_000_000;
/// 0000-01-01T00:00:00Z in Unix seconds.
const MIN_SECONDS: i64 = -62_167_219_200;
/// 9999-12-31T23:59:59Z in Unix seconds.
const MAX_SECONDS: i64 = 253_402_300_799;

/// An instant, in Unix seconds and nanoseconds (UTC), from year 0 to year 9999: the
/// `last_move` of the remaining times and the time of each chat message.
///
/// `FromStr` reads RFC 3339 text: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of one to
/// nine digits, then `Z` or an offset `+HH:MM` / `-HH:MM` (the instant is kept in UTC).
/// `Display` writes what the server writes: UTC with `Z`, the fraction without trailing
/// zeros (none when whole).
///
/// ```
/// use gridnote_game_json::Timestamp;
/// let t: Timestamp = "2026-06-24T19:57:38.070Z".parse()?;
/// assert_eq!(t.to_string(), "2026-06-24T19:57:38.07Z");
/// assert_eq!(t.unix_millis(), 1_782_331_058_070);
/// assert_eq!(Timestamp::from_unix_millis(1_782_331_058_070), Some(t));
/// let shifted: Timestamp = "2026-06-24T21:57:38.07+02:00".parse()?;
/// assert_eq!(shifted, t);
/// # Ok::<(), gridnote_game_json::TimestampError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    seconds: i64,
    nanos: u32,
}

/// Why a text is not a [`Timestamp`]: what was expected and the byte span (in the text
/// read) where it was not found.
///
/// ```
/// let err = "2026-13-01T00:00:00Z".parse::<gridnote_game_json::Timestamp>().unwrap_err();
/// assert_eq!(err.to_string(), "expected a month from 01 to 12");
/// assert_eq!(err.span, 5..7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}")]
#[non_exhaustive]
pub struct TimestampError {
    /// What was expected, in words.
    pub expected: &'static str,
    /// The offending bytes.
    pub span: Range<usize>,
}

impl Timestamp {
    /// The instant `seconds` and `nanos` after 1970-01-01T00:00:00Z, or `None` outside
    /// years 0 to 9999 or when `nanos` is a second or more.
    ///
    /// ```
    /// use gridnote_game_json::Timestamp;
    /// assert_eq!(Timestamp::from_unix(0, 5).unwrap().to_string(), "1970-01-01T00:00:00.000000005Z");
    /// assert!(Timestamp::from_unix(0, 1_000_000_000).is_none());
    /// ```
    #[must_use]
    pub const fn from_unix(seconds: i64, nanos: u32) -> Option<Timestamp> {
        if nanos >= NANOS || seconds < MIN_SECONDS || seconds > MAX_SECONDS {
            return None;
        }
        Some(Timestamp { seconds, nanos })
    }

    /// The instant `millis` milliseconds after 1970-01-01T00:00:00Z (what the server
    /// keeps of a move's time), or `None` outside years 0 to 9999.
    ///
    /// ```
    /// use gridnote_game_json::Timestamp;
    /// assert_eq!(Timestamp::from_unix_millis(-1).unwrap().to_string(), "1969-12-31T23:59:59.999Z");
    /// ```
    #[must_use]
    pub const fn from_unix_millis(millis: i64) -> Option<Timestamp> {
        let seconds = millis.div_euclid(1000);
        let nanos = millis.rem_euclid(1000) as u32 * 1_000_000;
        Timestamp::from_unix(seconds, nanos)
    }

    /// Whole seconds since 1970-01-01T00:00:00Z (rounded down).
    ///
    /// ```
    /// let t: gridnote_game_json::Timestamp = "1970-01-01T00:01:00.5Z".parse()?;
    /// assert_eq!(t.unix_seconds(), 60);
    /// # Ok::<(), gridnote_game_json::TimestampError>(())
    /// ```
    #[must_use]
    pub const fn unix_seconds(self) -> i64 {
        self.seconds
    }

    /// The nanoseconds past [`unix_seconds`](Timestamp::unix_seconds).
    ///
    /// ```
    /// let t: gridnote_game_json::Timestamp = "1970-01-01T00:01:00.5Z".parse()?;
    /// assert_eq!(t.subsec_nanos(), 500_000_000);
    /// # Ok::<(), gridnote_game_json::TimestampError>(())
    /// ```
    #[must_use]
    pub const fn subsec_nanos(self) -> u32 {
        self.nanos
    }

    /// Milliseconds since 1970-01-01T00:00:00Z (rounded down).
    ///
    /// ```
    /// let t: gridnote_game_json::Timestamp = "1970-01-01T00:00:01.0019Z".parse()?;
    /// assert_eq!(t.unix_millis(), 1001);
    /// # Ok::<(), gridnote_game_json::TimestampError>(())
    /// ```
    #[must_use]
    pub const fn unix_millis(self) -> i64 {
        self.seconds * 1000 + (self.nanos / 1_000_000) as i64
    }
}

/// Days from 1970-01-01 to the civil date (proleptic Gregorian calendar).
const fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date (year, month, day) `days` after 1970-01-01.
const fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + if month <= 2 { 1 } else { 0 };
    (year, month, day)
}

const fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.seconds.div_euclid(86_400);
        let secs = self.seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        )?;
        if self.nanos > 0 {
            let mut digits = 9;
            let mut fraction = self.nanos;
            while fraction % 10 == 0 {
                fraction /= 10;
                digits -= 1;
            }
            write!(f, ".{fraction:0digits$}")?;
        }
        f.write_str("Z")
    }
}

impl FromStr for Timestamp {
    type Err = TimestampError;

    fn from_str(text: &str) -> Result<Timestamp, TimestampError> {
        timestamp(text.as_bytes())
    }
}

/// `n` decimal digits at `at`, as a number, or the error naming `expected`.
fn digits(text: &[u8], at: usize, n: usize, expected: &'static str) -> Result<i64, TimestampError> {
    let field = text.get(at..at + n).filter(|d| d.iter().all(u8::is_ascii_digit));
    let Some(field) = field else {
        let end = (at + n).min(text.len()).max(at);
        return Err(TimestampError { expected, span: at..end });
    };
    Ok(field.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
}

fn byte(text: &[u8], at: usize, want: u8, expected: &'static str) -> Result<(), TimestampError> {
    if text.get(at) == Some(&want) {
        Ok(())
    } else {
        Err(TimestampError { expected, span: at..(at + 1).min(text.len()).max(at) })
    }
}

fn in_range(
    value: i64,
    range: core::ops::RangeInclusive<i64>,
    span: Range<usize>,
    expected: &'static str,
) -> Result<i64, TimestampError> {
    if range.contains(&value) { Ok(value) } else { Err(TimestampError { expected, span }) }
}

/// timestamp = date "T" time [fraction] zone
/// date      = 4DIGIT "-" 2DIGIT "-" 2DIGIT
/// time      = 2DIGIT ":" 2DIGIT ":" 2DIGIT
/// fraction  = "." 1*9DIGIT
/// zone      = "Z" / ("+" / "-") 2DIGIT ":" 2DIGIT
pub(crate) fn timestamp(text: &[u8]) -> Result<Timestamp, TimestampError> {
    let year = digits(text, 0, 4, "a four-digit year")?;
    byte(text, 4, b'-', "`-` after the year")?;
    let month =
        in_range(digits(text, 5, 2, "a two-digit month")?, 1..=12, 5..7, "a month from 01 to 12")?;
    byte(text, 7, b'-', "`-` after the month")?;
    let day = digits(text, 8, 2, "a two-digit day")?;
    let day = in_range(day, 1..=days_in_month(year, month), 8..10, "a day of that month")?;
    byte(text, 10, b'T', "`T` between the date and the time")?;
    let hour = in_range(
        digits(text, 11, 2, "a two-digit hour")?,
        0..=23,
        11..13,
        "an hour from 00 to 23",
    )?;
    byte(text, 13, b':', "`:` after the hour")?;
    let minute = in_range(
        digits(text, 14, 2, "two-digit minutes")?,
        0..=59,
        14..16,
        "minutes from 00 to 59",
    )?;
    byte(text, 16, b':', "`:` after the minutes")?;
    let second = in_range(
        digits(text, 17, 2, "two-digit seconds")?,
        0..=59,
        17..19,
        "seconds from 00 to 59",
    )?;
    let mut at = 19;
    let mut nanos = 0u32;
    if text.get(at) == Some(&b'.') {
        at += 1;
        let start = at;
        while text.get(at).is_some_and(u8::is_ascii_digit) {
            at += 1;
        }
        if at == start || at - start > 9 {
            return Err(TimestampError {
                expected: "one to nine digits of fraction",
                span: start..at,
            });
        }
        let value = text[start..at].iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        nanos = value * 10u32.pow((9 - (at - start)) as u32);
    }
    let offset = match text.get(at) {
        Some(b'Z') => {
            at += 1;
            0
        }
        Some(&sign @ (b'+' | b'-')) => {
            let hours = in_range(
                digits(text, at + 1, 2, "two-digit offset hours")?,
                0..=23,
                at + 1..at + 3,
                "offset hours from 00 to 23",
            )?;
            byte(text, at + 3, b':', "`:` in the offset")?;
            let minutes = in_range(
                digits(text, at + 4, 2, "two-digit offset minutes")?,
                0..=59,
                at + 4..at + 6,
                "offset minutes from 00 to 59",
            )?;
            at += 6;
            let offset = hours * 3600 + minutes * 60;
            if sign == b'-' { -offset } else { offset }
        }
        _ => {
            let end = (at + 1).min(text.len());
            return Err(TimestampError {
                expected: "`Z` or an offset such as `+01:00`",
                span: at..end,
            });
        }
    };
    if at != text.len() {
        return Err(TimestampError { expected: "the end of the timestamp", span: at..text.len() });
    }
    let seconds =
        days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - offset;
    Timestamp::from_unix(seconds, nanos).ok_or(TimestampError {
        expected: "an instant from year 0 to year 9999 in UTC",
        span: 0..at,
    })
}

#[cfg(feature = "serde")]
impl serde::Serialize for Timestamp {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Timestamp {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_days_round_trip_over_the_whole_range() {
        let first = MIN_SECONDS.div_euclid(86_400);
        let last = MAX_SECONDS.div_euclid(86_400);
        assert_eq!(civil_from_days(first), (0, 1, 1));
        assert_eq!(civil_from_days(last), (9999, 12, 31));
        for days in (first..=last).step_by(7) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
    }

    #[test]
    fn errors_name_what_was_expected() {
        let err = |text: &str| text.parse::<Timestamp>().unwrap_err();
        assert_eq!(err("2026-02-29T00:00:00Z").span, 8..10);
        assert_eq!(err("2026-02-28T00:00:00").expected, "`Z` or an offset such as `+01:00`");
        assert_eq!(err("2026-02-28T00:00:00.Z").span, 20..20);
        assert_eq!(err("2026-02-28T00:00:00.1234567891Z").span, 20..30);
        assert_eq!(err("2026-02-28T00:00:00Zx").span, 20..21);
        assert_eq!(
            err("0000-01-01T00:00:00+00:01").expected,
            "an instant from year 0 to year 9999 in UTC"
        );
        assert_eq!(err("20x6").span, 0..4);
    }

    #[test]
    fn leap_days_and_offsets() {
        let t: Timestamp = "2024-02-29T23:30:00-01:00".parse().unwrap();
        assert_eq!(t.to_string(), "2024-03-01T00:30:00Z");
        let max: Timestamp = "9999-12-31T23:59:59.999999999Z".parse().unwrap();
        assert_eq!(max.unix_seconds(), MAX_SECONDS);
    }
}

//! Timestamps: RFC 3339 in UTC, millisecond precision, everywhere.

use chrono::{DateTime, SecondsFormat, Utc};

use crate::error::{At, Problem};

/// Now, as stored and returned (`2026-11-22T10:32:00.123Z`).
pub fn now() -> String {
    format(Utc::now())
}

pub fn format(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

pub fn unix_now() -> i64 {
    Utc::now().timestamp()
}

/// Parses an RFC 3339 timestamp with any offset and returns it normalised to UTC.
pub fn parse_rfc3339(at: &At, value: &str) -> Result<String, Problem> {
    use chrono::Datelike;
    let invalid = || {
        Problem::new(
            at.clone(),
            "is not an RFC 3339 timestamp (e.g. 2026-05-01T09:00:00+02:00)",
        )
    };
    let utc = DateTime::parse_from_rfc3339(value.trim())
        .map_err(|_| invalid())?
        .with_timezone(&Utc);
    // RFC 3339 has four-digit years; past 9999 in UTC there is no valid way to write it
    // (and stored text would stop sorting in time order).
    if !(0..=9999).contains(&utc.year()) {
        return Err(Problem::new(
            at.clone(),
            "is out of range (years 0000 to 9999 in UTC)",
        ));
    }
    Ok(format(utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_to_utc_and_refuses_out_of_range() {
        assert_eq!(
            parse_rfc3339(&At::Member("p"), "2026-05-01T09:00:00+02:00").as_deref(),
            Ok("2026-05-01T07:00:00.000Z")
        );
        assert!(parse_rfc3339(&At::Member("p"), "9999-12-31T23:00:00-05:00").is_err());
        assert!(parse_rfc3339(&At::Member("p"), "9999-12-31T23:59:59+00:00").is_ok());
        assert!(parse_rfc3339(&At::Member("p"), "tomorrow").is_err());
    }
}

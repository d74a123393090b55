//! Timestamps: RFC 3339 in UTC, millisecond precision, everywhere.

use chrono::{DateTime, SecondsFormat, Utc};

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
pub fn parse_rfc3339(path: &str, value: &str) -> Result<String, String> {
    DateTime::parse_from_rfc3339(value.trim())
        .map(|t| format(t.with_timezone(&Utc)))
        .map_err(|_| {
            format!("{path} is not an RFC 3339 timestamp (e.g. 2026-05-01T09:00:00+02:00)")
        })
}

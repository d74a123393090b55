//! Checks and normalisations for the scalar kinds of input: text, emails, phones, URLs,
//! countries, dates. Each takes the place of the value (a member, an answer), so its
//! problem says where it is.

use email_address::EmailAddress;

use crate::error::{At, Problem};

/// Longest name-like text (first name, event name, label, ...), in characters.
pub const MAX_SHORT: usize = 200;
/// Longest free text (a long answer, a location), in characters.
pub const MAX_LONG: usize = 10_000;

/// A text member that must hold something: trimmed, non-empty, at most `max` characters.
pub fn required_text(at: &At, value: &str, max: usize) -> Result<String, Problem> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(Problem::new(at.clone(), "must not be empty"));
    }
    bounded(at, trimmed, max)
}

/// An optional text member: trimmed; empty text is stored as null.
pub fn optional_text(at: &At, value: Option<&str>, max: usize) -> Result<Option<String>, Problem> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => bounded(at, text, max).map(Some),
    }
}

fn bounded(at: &At, text: &str, max: usize) -> Result<String, Problem> {
    if text.chars().count() > max {
        Err(Problem::new(
            at.clone(),
            format!("is longer than {max} characters"),
        ))
    } else if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t' && c != '\r')
    {
        Err(Problem::new(at.clone(), "contains control characters"))
    } else {
        Ok(text.to_owned())
    }
}

/// An email address as the document's `format: email` is read by strict clients
/// (Python's email-validator, what generated clients check): RFC 5322's syntax with a
/// domain name of at least two labels. `ops@localhost`, `user@[127.0.0.1]` and quoted
/// local parts are valid mail addresses on paper but refused by those clients, so they
/// are refused here too and the two agree (issue 37).
pub fn email(at: &At, value: &str) -> Result<String, Problem> {
    let trimmed = value.trim();
    if trimmed.len() <= 254 && EmailAddress::is_valid(trimmed) && has_domain_name(trimmed) {
        Ok(trimmed.to_owned())
    } else {
        Err(Problem::new(at.clone(), "is not a valid email address"))
    }
}

/// A dotted domain name after the last `@`, and an unquoted local part before it.
fn has_domain_name(address: &str) -> bool {
    let Some((local, domain)) = address.rsplit_once('@') else {
        return false;
    };
    let labels: Vec<&str> = domain.split('.').collect();
    !local.is_empty()
        && !local.starts_with('"')
        && labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| !tld.chars().all(|c| c.is_ascii_digit()))
}

/// Validates a phone number and returns it in E.164 (`+442079460958`).
/// Numbers must carry their country code: a kiosk serves visitors from anywhere, so
/// there is no sensible default region.
pub fn phone(at: &At, value: &str) -> Result<String, Problem> {
    let trimmed = value.trim();
    let candidate = trimmed
        .strip_prefix("00")
        .map(|rest| format!("+{rest}"))
        .unwrap_or_else(|| trimmed.to_owned());
    match phonenumber::parse(None, &candidate) {
        Ok(number) if phonenumber::is_valid(&number) => {
            Ok(number.format().mode(phonenumber::Mode::E164).to_string())
        }
        _ => Err(Problem::new(
            at.clone(),
            "is not a valid phone number (use the international format, e.g. +44 20 7946 0958)",
        )),
    }
}

pub fn url(at: &At, value: &str) -> Result<String, Problem> {
    let trimmed = value.trim();
    match url::Url::parse(trimmed) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => {
            Ok(trimmed.to_owned())
        }
        _ => Err(Problem::new(at.clone(), "is not a valid http(s) URL")),
    }
}

/// ISO 3166-1 alpha-2, returned upper-case.
pub fn country(at: &At, value: &str) -> Result<String, Problem> {
    let upper = value.trim().to_ascii_uppercase();
    match isocountry::CountryCode::for_alpha2(&upper) {
        Ok(_) => Ok(upper),
        Err(_) => Err(Problem::new(
            at.clone(),
            "is not an ISO 3166-1 alpha-2 country code (e.g. NO, DE, GB)",
        )),
    }
}

/// A calendar date `YYYY-MM-DD`.
pub fn date(at: &At, value: &str) -> Result<String, Problem> {
    let trimmed = value.trim();
    match chrono::NaiveDate::parse_from_str(trimmed, "%Y-%m-%d") {
        Ok(d) if trimmed.len() == 10 => Ok(d.format("%Y-%m-%d").to_string()),
        _ => Err(Problem::new(
            at.clone(),
            "is not a date in the form YYYY-MM-DD",
        )),
    }
}

/// A time of day `HH:MM` (24-hour).
pub fn time_of_day(at: &At, value: &str) -> Result<String, Problem> {
    let trimmed = value.trim();
    match chrono::NaiveTime::parse_from_str(trimmed, "%H:%M") {
        Ok(t) if trimmed.len() == 5 => Ok(t.format("%H:%M").to_string()),
        _ => Err(Problem::new(at.clone(), "is not a time in the form HH:MM")),
    }
}

/// Text made safe to put in HTML, in element content or in a quoted attribute.
pub fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const X: At = At::Member("x");

    #[test]
    fn phones_normalise_to_e164() {
        assert_eq!(
            phone(&X, "+44 20 7946 0958").as_deref(),
            Ok("+442079460958")
        );
        assert_eq!(phone(&X, "0047 22 12 34 56").as_deref(), Ok("+4722123456"));
        assert!(phone(&X, "12345").is_err());
        assert!(phone(&X, "not a phone").is_err());
    }

    #[test]
    fn emails_dates_countries() {
        assert!(email(&X, "ada@example.com").is_ok());
        assert!(email(&X, "ada@").is_err());
        assert!(email(&X, "ada").is_err());
        // What strict clients refuse is refused here too (the document says `format:
        // email`): no domain name, an address literal, a quoted local part.
        for refused in [
            "ops@localhost",
            "user@[127.0.0.1]",
            "\"a b\"@example.com",
            "a@1.2.3.4",
            "a@-x.com",
            "a@x..com",
        ] {
            assert!(email(&X, refused).is_err(), "{refused}");
        }
        for accepted in [
            "nadia.castillo+door@polar-data.example",
            "ola@bølgen.no",
            "A@EXAMPLE.ORG",
        ] {
            assert!(email(&X, accepted).is_ok(), "{accepted}");
        }
        assert_eq!(date(&X, "2026-02-28").as_deref(), Ok("2026-02-28"));
        assert!(date(&X, "2026-02-30").is_err());
        assert!(date(&X, "2026-2-3").is_err());
        assert_eq!(time_of_day(&X, "09:30").as_deref(), Ok("09:30"));
        assert!(time_of_day(&X, "24:00").is_err());
        assert_eq!(country(&X, "no").as_deref(), Ok("NO"));
        assert!(country(&X, "XX").is_err());
        assert!(url(&X, "https://example.com/x").is_ok());
        assert!(url(&X, "javascript:alert(1)").is_err());
    }

    #[test]
    fn text_is_trimmed_and_bounded() {
        assert_eq!(required_text(&X, "  Ada ", 10).as_deref(), Ok("Ada"));
        assert!(required_text(&X, "   ", 10).is_err());
        assert!(required_text(&X, "abcdefghijk", 10).is_err());
        assert_eq!(optional_text(&X, Some(" "), 10), Ok(None));
    }
}

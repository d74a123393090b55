//! Events and what hangs off them besides attendees: registration types and sessions.
//!
//! The spec shows only that `GET /events` exists; the shapes here are this project's.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::text::{self, MAX_LONG, MAX_SHORT};
use super::time::parse_rfc3339;
use crate::error::{At, Problem, Problems, Result};

/// An event: the unit that attendees, fields, registration types and sessions belong to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Event {
    pub id: i64,
    pub account_id: i64,
    pub name: String,
    /// RFC 3339, UTC; null when not set. An event mirrored from a remote has the
    /// remote's text as it sent it.
    #[schema(required = true)]
    pub starts_at: Option<String>,
    /// RFC 3339, UTC; null when not set. An event mirrored from a remote has the
    /// remote's text as it sent it.
    #[schema(required = true)]
    pub ends_at: Option<String>,
    /// IANA time zone name (e.g. `Europe/Oslo`), used to show local times.
    #[schema(required = true)]
    pub timezone: Option<String>,
    #[schema(required = true)]
    pub location: Option<String>,
    /// Extension: how many attendees the event has.
    pub attendee_count: i64,
    /// Extension: the demo event made by the kiosk's "Try it with a demo event" (or
    /// `POST /kiosk/demo`); `DELETE /kiosk/demo` removes it with all its data.
    pub demo: bool,
    /// Extension: when true, a check-in scan of an attendee who has not answered a required
    /// field of the event answers `needs_answers` with the questions to ask at the door,
    /// instead of checking in (see `POST /events/{event_id}/scans`). Default false.
    pub door_questions: bool,
    /// Extension: erase the attendees' personal data this many days after `ends_at`
    /// (names, contact details, answers; the check-in history stays, anonymised; see
    /// `DELETE /events/{event_id}/attendees/{id}`). Null (the default): never.
    #[schema(required = true, minimum = 1, maximum = 36500)]
    pub retention_days: Option<i64>,
    /// Extension, read-only: when the server erases the attendees' personal data
    /// (`ends_at` + `retention_days`); attendees added later are erased at its next
    /// hourly pass. Null when `retention_days` or `ends_at` is not set.
    #[schema(required = true, format = DateTime)]
    pub erase_after: Option<String>,
    /// Extension, read-only: when the attendees' personal data was last erased by the
    /// retention or `entrada purge`; null if never.
    #[schema(required = true, format = DateTime)]
    pub purged_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// The most `retention_days` takes: a hundred years.
pub const MAX_RETENTION_DAYS: i64 = 36500;

/// When personal data of an event that ends at `ends_at` (RFC 3339, any offset) and
/// keeps it `days` is erased; None when either is not set (or the text is no time).
pub fn erase_after(
    ends_at: Option<&str>,
    days: Option<i64>,
) -> Option<chrono::DateTime<chrono::Utc>> {
    let end = chrono::DateTime::parse_from_rfc3339(ends_at?.trim()).ok()?;
    end.with_timezone(&chrono::Utc)
        .checked_add_signed(chrono::Duration::try_days(days?)?)
}

/// A kind of ticket (general admission, VIP, speaker, ...).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RegistrationType {
    pub id: i64,
    pub event_id: i64,
    pub name: String,
    /// How many attendees this type admits; null for no limit.
    #[schema(required = true)]
    pub capacity: Option<i64>,
    /// Extension: how many attendees have this type (a delete leaves them without one).
    pub attendee_count: i64,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// A part of the event with its own check-in (a talk, a workshop, a dinner).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Session {
    pub id: i64,
    pub event_id: i64,
    pub name: String,
    /// RFC 3339, UTC; null when not set. A session mirrored from a remote has the
    /// remote's text as it sent it.
    #[schema(required = true)]
    pub starts_at: Option<String>,
    /// Like `starts_at`.
    #[schema(required = true)]
    pub ends_at: Option<String>,
    #[schema(required = true)]
    pub capacity: Option<i64>,
    /// Extension: how many attendees have a check-in record in this session (a delete
    /// removes that history).
    pub attendee_count: i64,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub updated_at: String,
}

/// Body member of event create and update. On update, absent members keep their value
/// and `null` clears a nullable one.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct EventInput {
    /// Required on create.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::required_short)]
    pub name: Option<Option<String>>,
    /// RFC 3339 with offset; stored in UTC.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_time)]
    pub starts_at: Option<Option<String>>,
    /// RFC 3339 with offset; not before `starts_at`.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_time)]
    pub ends_at: Option<Option<String>>,
    /// IANA time zone name.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_time_zone)]
    pub timezone: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_long)]
    pub location: Option<Option<String>>,
    /// Extension: ask missing required answers at the door. Default false.
    pub door_questions: Option<bool>,
    /// Extension: erase the attendees' personal data this many days after `ends_at`
    /// (1 to 36500); null turns it off (the default).
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 36500)]
    pub retention_days: Option<Option<i64>>,
}

/// The complete, valid state of an event's editable members.
#[derive(Debug, Clone)]
pub struct EventData {
    pub name: String,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub timezone: Option<String>,
    pub location: Option<String>,
    pub door_questions: bool,
    pub retention_days: Option<i64>,
}

impl EventInput {
    /// Parses the input on top of `current` (None for a create).
    pub fn apply(self, current: Option<&Event>) -> Result<EventData> {
        let mut p = Problems::new();
        let name = required_name(&mut p, self.name, current.map(|e| e.name.as_str()));
        let starts_at = optional_time(
            &mut p,
            &At::Member("starts_at"),
            self.starts_at,
            current.and_then(|e| e.starts_at.clone()),
        );
        let ends_at = optional_time(
            &mut p,
            &At::Member("ends_at"),
            self.ends_at,
            current.and_then(|e| e.ends_at.clone()),
        );
        let timezone = match self.timezone {
            None => current.and_then(|e| e.timezone.clone()),
            Some(None) => None,
            Some(Some(tz)) if tz.trim().is_empty() => None,
            Some(Some(tz)) => p.take(parse_timezone(&tz)),
        };
        let location = match self.location {
            None => current.and_then(|e| e.location.clone()),
            Some(v) => p
                .take(text::optional_text(
                    &At::Member("location"),
                    v.as_deref(),
                    MAX_LONG,
                ))
                .flatten(),
        };
        check_order(&mut p, starts_at.as_deref(), ends_at.as_deref());
        let retention_days = match self.retention_days {
            None => current.and_then(|e| e.retention_days),
            Some(None) => None,
            Some(Some(days)) if (1..=MAX_RETENTION_DAYS).contains(&days) => Some(days),
            Some(Some(_)) => {
                p.push(Problem::member(
                    "retention_days",
                    format!("must be 1 to {MAX_RETENTION_DAYS} days (or null for never)"),
                ));
                None
            }
        };
        match name {
            Some(name) => p.finish(|| EventData {
                retention_days,
                name,
                starts_at,
                ends_at,
                timezone,
                location,
                door_questions: self
                    .door_questions
                    .unwrap_or(current.is_some_and(|e| e.door_questions)),
            }),
            None => Err(p.into_error()),
        }
    }
}

/// Body member of registration-type create and update.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegistrationTypeInput {
    /// Required on create.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::required_short)]
    pub name: Option<Option<String>>,
    /// A whole number of at least 0, or null for no limit.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(minimum = 0)]
    pub capacity: Option<Option<i64>>,
}

#[derive(Debug, Clone)]
pub struct RegistrationTypeData {
    pub name: String,
    pub capacity: Option<i64>,
}

impl RegistrationTypeInput {
    pub fn apply(self, current: Option<&RegistrationType>) -> Result<RegistrationTypeData> {
        let mut p = Problems::new();
        let name = required_name(&mut p, self.name, current.map(|r| r.name.as_str()));
        let capacity = capacity(&mut p, self.capacity, current.and_then(|r| r.capacity));
        match name {
            Some(name) => p.finish(|| RegistrationTypeData { name, capacity }),
            None => Err(p.into_error()),
        }
    }
}

/// Body member of session create and update.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SessionInput {
    /// Required on create.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::required_short)]
    pub name: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_time)]
    pub starts_at: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_time)]
    pub ends_at: Option<Option<String>>,
    /// A whole number of at least 0, or null for no limit.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(minimum = 0)]
    pub capacity: Option<Option<i64>>,
}

#[derive(Debug, Clone)]
pub struct SessionData {
    pub name: String,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub capacity: Option<i64>,
}

impl SessionInput {
    pub fn apply(self, current: Option<&Session>) -> Result<SessionData> {
        let mut p = Problems::new();
        let name = required_name(&mut p, self.name, current.map(|s| s.name.as_str()));
        let starts_at = optional_time(
            &mut p,
            &At::Member("starts_at"),
            self.starts_at,
            current.and_then(|s| s.starts_at.clone()),
        );
        let ends_at = optional_time(
            &mut p,
            &At::Member("ends_at"),
            self.ends_at,
            current.and_then(|s| s.ends_at.clone()),
        );
        let capacity = capacity(&mut p, self.capacity, current.and_then(|s| s.capacity));
        check_order(&mut p, starts_at.as_deref(), ends_at.as_deref());
        match name {
            Some(name) => p.finish(|| SessionData {
                name,
                starts_at,
                ends_at,
                capacity,
            }),
            None => Err(p.into_error()),
        }
    }
}

fn required_name(
    p: &mut Problems,
    input: Option<Option<String>>,
    current: Option<&str>,
) -> Option<String> {
    match (input, current) {
        (None, Some(current)) => Some(current.to_owned()),
        (None, None) => {
            p.push(Problem::member("name", "is required"));
            None
        }
        (Some(None), _) => {
            p.push(Problem::member("name", "must not be null"));
            None
        }
        (Some(Some(name)), _) => p.take(text::required_text(&At::Member("name"), &name, MAX_SHORT)),
    }
}

fn optional_time(
    p: &mut Problems,
    at: &At,
    input: Option<Option<String>>,
    current: Option<String>,
) -> Option<String> {
    match input {
        None => current,
        Some(None) => None,
        Some(Some(t)) if t.trim().is_empty() => None,
        Some(Some(t)) => p.take(parse_rfc3339(at, &t)),
    }
}

fn capacity(p: &mut Problems, input: Option<Option<i64>>, current: Option<i64>) -> Option<i64> {
    match input {
        None => current,
        Some(None) => None,
        Some(Some(c)) if c < 0 => {
            p.push(Problem::member(
                "capacity",
                "must be 0 or more (or null for no limit)",
            ));
            None
        }
        Some(Some(c)) => Some(c),
    }
}

fn check_order(p: &mut Problems, starts_at: Option<&str>, ends_at: Option<&str>) {
    // Both are normalised UTC RFC 3339 with the same precision, so text order is time order.
    if let (Some(start), Some(end)) = (starts_at, ends_at)
        && end < start
    {
        p.push(Problem::member(
            "ends_at",
            "must not be before item.starts_at",
        ));
    }
}

fn parse_timezone(tz: &str) -> Result<String, Problem> {
    tz.trim()
        .parse::<chrono_tz::Tz>()
        .map(|zone| zone.name().to_owned())
        .map_err(|_| {
            Problem::member(
                "timezone",
                format!("`{tz}` is not an IANA time zone name (e.g. Europe/Oslo)"),
            )
        })
}

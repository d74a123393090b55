//! Attendees: the record the API returns and the create/update inputs.

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::field::AttendeeField;
use super::status::{CheckinStatus, RsvpStatus};
use super::text::{self, MAX_SHORT};
use crate::error::{At, Problem, Problems};

/// A person registered for an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Attendee {
    pub id: i64,
    pub first_name: String,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    #[schema(required = true)]
    pub job_title: Option<String>,
    pub rsvp_status: RsvpStatus,
    pub checkin_status: CheckinStatus,
    /// The code on the attendee's ticket and badge. Generated at create (80 random bits,
    /// Crockford base 32 in four groups, e.g. `7KQ2-MXW9-PD3A-H8RT`) unless given.
    pub qr_code: String,
    /// RFC 3339, UTC. An attendee pulled from a remote has the remote's `created_at`
    /// (normalised to UTC; the time it arrived when the remote's is not a time).
    #[schema(format = DateTime)]
    pub created_at: String,
    /// Extension: RFC 3339, UTC; moves on every change to the attendee.
    #[schema(format = DateTime)]
    pub updated_at: String,
    /// E.164 (`+4722123456`).
    #[schema(required = true)]
    pub phone: Option<String>,
    #[schema(required = true)]
    pub company: Option<String>,
    #[schema(required = true)]
    pub registration_type_id: Option<i64>,
    pub event_id: i64,
    /// Every field of the event that takes an answer, in `position` order, with `value`
    /// null where unanswered.
    pub fields: Vec<AttendeeFieldValue>,
    /// Extension: a note for door staff, shown when the ticket is scanned. Local to this
    /// kiosk: a sync neither sends nor overwrites it.
    #[schema(required = true)]
    pub door_note: Option<String>,
    /// Extension: a check-in scan of this attendee waits for a door person's "Admit"
    /// (`confirm: true` on the scan); the spec's check-in operations are not held.
    pub needs_attention: bool,
}

impl Attendee {
    /// First and last name, as a door person reads it.
    pub fn full_name(&self) -> String {
        match &self.last_name {
            Some(last) => format!("{} {last}", self.first_name),
            None => self.first_name.clone(),
        }
    }
}

/// An answer to one of the event's fields.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AttendeeFieldValue {
    // Shared with every other answer to this field read from the same copy (`db::cache`):
    // a list page does not clone the field for each attendee.
    /// The field this answers.
    #[schema(value_type = AttendeeField)]
    pub field: std::sync::Arc<AttendeeField>,
    /// string, number, boolean, array, object, or null when unanswered.
    #[schema(value_type = Value)]
    pub value: Value,
}

/// An answer in a create or update request.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct AttendeeFieldValueInput {
    pub attendee_field_id: i64,
    /// The answer; its shape depends on the field's type. `null` clears it.
    #[schema(value_type = Value)]
    pub value: Value,
}

/// Body member of `POST /events/{event_id}/attendees`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AttendeeCreateInput {
    /// Required, not empty.
    #[schema(required = true, schema_with = super::schema::required_short)]
    pub first_name: Option<String>,
    #[schema(schema_with = super::schema::optional_short)]
    pub last_name: Option<String>,
    #[schema(schema_with = super::schema::optional_email)]
    pub email: Option<String>,
    /// Any common notation with the country code; stored in E.164.
    pub phone: Option<String>,
    #[schema(schema_with = super::schema::optional_short)]
    pub job_title: Option<String>,
    #[schema(schema_with = super::schema::optional_short)]
    pub company: Option<String>,
    /// A registration type of this event, or null.
    pub registration_type_id: Option<i64>,
    /// Extension. Default `confirmed`.
    #[schema(value_type = Option<RsvpStatus>)]
    pub rsvp_status: Option<String>,
    /// Extension, for tickets issued elsewhere: printable, at most 200 characters, unique
    /// within the event. Generated when absent.
    pub qr_code: Option<String>,
    /// Answers to the event's fields. Every required field must be answered.
    pub fields: Option<Vec<AttendeeFieldValueInput>>,
    /// Extension: a note for door staff, at most 500 characters.
    #[schema(schema_with = super::schema::optional_door_note)]
    pub door_note: Option<String>,
    /// Extension: hold check-in scans for a door person's "Admit". Default false.
    pub needs_attention: Option<bool>,
}

/// Body member of `PATCH /events/{event_id}/attendees/{id}`: absent members keep their
/// value, `null` clears a nullable one.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AttendeeUpdateInput {
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::required_short)]
    pub first_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_short)]
    pub last_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_email)]
    pub email: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    pub phone: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_short)]
    pub job_title: Option<Option<String>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_short)]
    pub company: Option<Option<String>>,
    /// Extension: move the attendee to another registration type of the event, or null.
    #[serde(default, deserialize_with = "super::double_option")]
    pub registration_type_id: Option<Option<i64>>,
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(value_type = RsvpStatus)]
    pub rsvp_status: Option<Option<String>>,
    /// Extension: answers to set; fields not listed keep their answers, `null` clears one.
    #[serde(default, deserialize_with = "super::double_option")]
    pub fields: Option<Option<Vec<AttendeeFieldValueInput>>>,
    /// Extension: a note for door staff (at most 500 characters); null or empty clears it.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::optional_door_note)]
    pub door_note: Option<Option<String>>,
    /// Extension: hold check-in scans for a door person's "Admit".
    pub needs_attention: Option<bool>,
}

/// A parsed create request. Answers are checked against the event's fields by the
/// repository, which knows them.
#[derive(Debug, Clone)]
pub struct NewAttendee {
    pub first_name: String,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub job_title: Option<String>,
    pub company: Option<String>,
    pub registration_type_id: Option<i64>,
    pub rsvp_status: RsvpStatus,
    pub qr_code: Option<String>,
    pub answers: Vec<AttendeeFieldValueInput>,
    pub door_note: Option<String>,
    pub needs_attention: bool,
}

/// A parsed update request: `None` leaves a member as it is.
#[derive(Debug, Clone, Default)]
pub struct AttendeeChanges {
    pub first_name: Option<String>,
    pub last_name: Option<Option<String>>,
    pub email: Option<Option<String>>,
    pub phone: Option<Option<String>>,
    pub job_title: Option<Option<String>>,
    pub company: Option<Option<String>>,
    pub registration_type_id: Option<Option<i64>>,
    pub rsvp_status: Option<RsvpStatus>,
    pub answers: Vec<AttendeeFieldValueInput>,
    pub door_note: Option<Option<String>>,
    pub needs_attention: Option<bool>,
}

/// Most answers one request may carry.
const MAX_ANSWERS: usize = 500;

impl AttendeeCreateInput {
    /// Parses everything that needs no database; the problems found travel on with the
    /// value so that the repository can add its own and answer them all at once.
    pub fn parse(self) -> (NewAttendee, Problems) {
        let mut p = Problems::new();
        let first_name = match self.first_name.as_deref() {
            None => {
                p.push(Problem::member("first_name", "is required"));
                String::new()
            }
            Some(name) => p
                .take(plain(&At::Member("first_name"), name))
                .unwrap_or_default(),
        };
        let rsvp_status = match self.rsvp_status.as_deref() {
            None => RsvpStatus::Confirmed,
            Some(s) => p.take(parse_rsvp(s)).unwrap_or(RsvpStatus::Confirmed),
        };
        let qr_code = self
            .qr_code
            .as_deref()
            .and_then(|c| p.take(parse_qr_code(c)));
        let answers = self.fields.unwrap_or_default();
        check_answer_count(&mut p, &answers);
        let new = NewAttendee {
            first_name,
            last_name: optional(&mut p, "last_name", self.last_name.as_deref(), plain),
            email: optional(&mut p, "email", self.email.as_deref(), text::email),
            phone: optional(&mut p, "phone", self.phone.as_deref(), text::phone),
            job_title: optional(&mut p, "job_title", self.job_title.as_deref(), plain),
            company: optional(&mut p, "company", self.company.as_deref(), plain),
            registration_type_id: self.registration_type_id,
            rsvp_status,
            qr_code,
            answers,
            door_note: door_note(&mut p, self.door_note.as_deref()),
            needs_attention: self.needs_attention.unwrap_or(false),
        };
        (new, p)
    }
}

impl AttendeeUpdateInput {
    pub fn parse(self) -> (AttendeeChanges, Problems) {
        let mut p = Problems::new();
        let first_name = match self.first_name {
            None => None,
            Some(None) => {
                p.push(Problem::member("first_name", "must not be null"));
                None
            }
            Some(Some(name)) => p.take(plain(&At::Member("first_name"), &name)),
        };
        let rsvp_status = match self.rsvp_status {
            None => None,
            Some(None) => {
                p.push(Problem::member("rsvp_status", "must not be null"));
                None
            }
            Some(Some(s)) => p.take(parse_rsvp(&s)),
        };
        let answers = self.fields.flatten().unwrap_or_default();
        check_answer_count(&mut p, &answers);
        let changes = AttendeeChanges {
            first_name,
            last_name: self
                .last_name
                .map(|v| optional(&mut p, "last_name", v.as_deref(), plain)),
            email: self
                .email
                .map(|v| optional(&mut p, "email", v.as_deref(), text::email)),
            phone: self
                .phone
                .map(|v| optional(&mut p, "phone", v.as_deref(), text::phone)),
            job_title: self
                .job_title
                .map(|v| optional(&mut p, "job_title", v.as_deref(), plain)),
            company: self
                .company
                .map(|v| optional(&mut p, "company", v.as_deref(), plain)),
            registration_type_id: self.registration_type_id,
            rsvp_status,
            answers,
            door_note: self.door_note.map(|v| door_note(&mut p, v.as_deref())),
            needs_attention: self.needs_attention,
        };
        (changes, p)
    }
}

/// Longest door note, in characters: a few lines on a banner, not a file.
pub const MAX_DOOR_NOTE: usize = 500;

fn door_note(p: &mut Problems, value: Option<&str>) -> Option<String> {
    p.take(text::optional_text(
        &At::Member("door_note"),
        value,
        MAX_DOOR_NOTE,
    ))
    .flatten()
}

fn plain(at: &At, value: &str) -> Result<String, Problem> {
    text::required_text(at, value, MAX_SHORT)
}

/// An optional member: empty text is null; anything else must pass `check`.
fn optional(
    p: &mut Problems,
    member: &'static str,
    value: Option<&str>,
    check: fn(&At, &str) -> Result<String, Problem>,
) -> Option<String> {
    match value.map(str::trim) {
        None | Some("") => None,
        Some(v) => p.take(check(&At::Member(member), v)),
    }
}

fn check_answer_count(p: &mut Problems, answers: &[AttendeeFieldValueInput]) {
    if answers.len() > MAX_ANSWERS {
        p.push(Problem::member(
            "fields",
            format!("has more than {MAX_ANSWERS} entries"),
        ));
    }
}

fn parse_rsvp(s: &str) -> Result<RsvpStatus, Problem> {
    RsvpStatus::parse(s).ok_or_else(|| {
        Problem::member(
            "rsvp_status",
            format!(
                "`{s}` is not one of unconfirmed, confirmed, declined, waitlisted, pending_approval"
            ),
        )
    })
}

/// Longest `qr_code` accepted from a client.
pub const MAX_QR_CODE: usize = 200;

fn parse_qr_code(code: &str) -> Result<String, Problem> {
    let trimmed = code.trim();
    if trimmed.is_empty() {
        Err(Problem::member("qr_code", "must not be empty"))
    } else if trimmed.chars().count() > MAX_QR_CODE {
        Err(Problem::member(
            "qr_code",
            format!("is longer than {MAX_QR_CODE} characters"),
        ))
    } else if trimmed.chars().any(char::is_control) {
        Err(Problem::member(
            "qr_code",
            "must be printable (no control characters)",
        ))
    } else {
        Ok(trimmed.to_owned())
    }
}

/// Crockford's base 32: no I, L, O or U, so a code read off a badge is hard to mistype.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A new ticket code: 80 random bits as 16 Crockford characters in groups of four.
/// Upper-case letters, digits and `-` fit QR's compact alphanumeric mode.
pub fn generate_qr_code() -> String {
    let mut rng = rand::rng();
    let mut code = String::with_capacity(19);
    for i in 0..16 {
        if i > 0 && i % 4 == 0 {
            code.push('-');
        }
        code.push(CROCKFORD[rng.random_range(0..32)] as char);
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_codes_look_right() {
        let a = generate_qr_code();
        let b = generate_qr_code();
        assert_ne!(a, b);
        assert_eq!(a.len(), 19);
        assert!(a.split('-').all(|g| g.len() == 4));
        assert!(a.bytes().all(|c| c == b'-' || CROCKFORD.contains(&c)));
    }

    #[test]
    fn create_collects_every_problem() {
        let input = AttendeeCreateInput {
            first_name: Some("  ".into()),
            email: Some("nope".into()),
            phone: Some("123".into()),
            rsvp_status: Some("maybe".into()),
            ..Default::default()
        };
        let (_, problems) = input.parse();
        let crate::error::Error::Validation(found) = problems.into_error() else {
            panic!("a validation error");
        };
        for member in ["first_name", "email", "phone", "rsvp_status"] {
            assert!(
                found.iter().any(|p| p.at == At::Member(member)),
                "{member} missing in {found:?}"
            );
        }
    }
}

/// Extension filters of `GET /events/{event_id}/attendees`; all optional and combined with
/// AND. Without any, the list behaves exactly as the spec says.
#[derive(Debug, Clone, Default)]
pub struct AttendeeFilter {
    /// FTS5 match expression built from `q` (prefix match on every word).
    pub search: Option<String>,
    pub qr_code: Option<String>,
    pub checkin_status: Option<CheckinStatus>,
    pub rsvp_status: Option<RsvpStatus>,
    pub registration_type_id: Option<i64>,
    /// Normalised RFC 3339 UTC; attendees with `updated_at` at or after it.
    pub updated_since: Option<String>,
}

impl AttendeeFilter {
    pub fn is_empty(&self) -> bool {
        self.search.is_none()
            && self.qr_code.is_none()
            && self.checkin_status.is_none()
            && self.rsvp_status.is_none()
            && self.registration_type_id.is_none()
            && self.updated_since.is_none()
    }

    /// Parses the query string's filter parameters; unknown parameters are ignored, and
    /// an invalid value is a 422 naming the parameter.
    pub fn from_query<'a>(
        pairs: impl Iterator<Item = (&'a str, &'a str)>,
    ) -> crate::error::Result<Self> {
        let mut filter = AttendeeFilter::default();
        let mut p = Problems::new();
        for (key, value) in pairs {
            let value = value.trim();
            // An empty search finds everyone; an empty status, id or time is not one.
            if value.is_empty() && matches!(key, "q" | "qr_code") {
                continue;
            }
            match key {
                "q" => filter.search = search_expression(value),
                "qr_code" => filter.qr_code = Some(super::check_in::normalise_code(value).to_owned()),
                "checkin_status" => {
                    filter.checkin_status = p.take(CheckinStatus::parse(value).ok_or_else(|| {
                        Problem::new(At::outside("checkin_status"), format!("`{value}` is not one of not_checked_in, checked_in, checked_out"))
                    }))
                }
                "rsvp_status" => {
                    filter.rsvp_status = p.take(RsvpStatus::parse(value).ok_or_else(|| {
                        Problem::new(At::outside("rsvp_status"), format!("`{value}` is not one of unconfirmed, confirmed, declined, waitlisted, pending_approval"))
                    }))
                }
                "registration_type_id" => {
                    filter.registration_type_id = p.take(
                        value.parse().map_err(|_| Problem::new(At::outside("registration_type_id"), format!("`{value}` is not an integer"))),
                    )
                }
                "updated_since" => filter.updated_since = p.take(super::time::parse_rfc3339(&At::outside("updated_since"), value)),
                _ => {}
            }
        }
        p.finish(|| filter)
    }
}

/// `q` as an FTS5 expression: every word, as a prefix, all required. Words are reduced to
/// letters and digits, so user input can never be FTS5 syntax.
fn search_expression(q: &str) -> Option<String> {
    let words: Vec<String> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(8)
        .map(|w| format!("\"{w}\"*"))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

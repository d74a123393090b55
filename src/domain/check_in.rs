//! Check-in operations, their outcomes, and the rules that decide them.
//!
//! Door (no session): `check_in` moves `not_checked_in` or `checked_out` to
//! `checked_in`; `check_out` moves `checked_in` to `checked_out`; `undo` moves
//! `checked_in` or `checked_out` back to `not_checked_in`. Sessions follow the same
//! rules for the attendee's presence in that session, apart from the door state. A
//! session check-in of someone not yet through the door checks them in at the door too:
//! whoever is in a session is in the building. Check-in (door or session) is refused for
//! RSVP `declined`, `waitlisted` and `pending_approval`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::attendee::{Attendee, AttendeeFieldValueInput};
use super::field::AttendeeField;
use super::status::{CheckinStatus, RsvpStatus};

string_enum! {
    /// What a check-in request asks for.
    Action {
        CheckIn => "check_in",
        CheckOut => "check_out",
        Undo => "undo",
    }
}

string_enum! {
    /// How a check-in operation or scan ended. Only `ok` changed anything.
    /// `needs_attention` and `needs_answers` come from scans only: the check-in waits for
    /// the door person (see `POST /events/{event_id}/scans`).
    Outcome {
        Ok => "ok",
        AlreadyCheckedIn => "already_checked_in",
        NotCheckedIn => "not_checked_in",
        NotFound => "not_found",
        WrongEvent => "wrong_event",
        NotAllowed => "not_allowed",
        NeedsAttention => "needs_attention",
        NeedsAnswers => "needs_answers",
    }
}

impl Action {
    /// The state an operation moves to, or the outcome that refuses it.
    pub fn transition(self, from: CheckinStatus) -> Result<CheckinStatus, Outcome> {
        use CheckinStatus::*;
        match (self, from) {
            (Action::CheckIn, NotCheckedIn | CheckedOut) => Ok(CheckedIn),
            (Action::CheckIn, CheckedIn) => Err(Outcome::AlreadyCheckedIn),
            (Action::CheckOut, CheckedIn) => Ok(CheckedOut),
            (Action::CheckOut, NotCheckedIn | CheckedOut) => Err(Outcome::NotCheckedIn),
            (Action::Undo, CheckedIn | CheckedOut) => Ok(NotCheckedIn),
            (Action::Undo, NotCheckedIn) => Err(Outcome::NotCheckedIn),
        }
    }
}

/// Whether an RSVP status forbids check-in.
pub fn rsvp_refuses(rsvp: RsvpStatus) -> bool {
    match rsvp {
        RsvpStatus::Declined | RsvpStatus::Waitlisted | RsvpStatus::PendingApproval => true,
        RsvpStatus::Confirmed | RsvpStatus::Unconfirmed => false,
    }
}

/// What a check-in operation tells the door, as data (issue 21). The API makes of it the
/// `message` in the request's language (`crate::l10n`) and the `facts` a screen renders in
/// its own; so no one has to parse a sentence, and the engine writes no words.
#[derive(Debug, Clone)]
pub enum Said {
    /// The action was done. `session`: its name, when it was for a session.
    Done {
        action: Action,
        name: String,
        session: Option<String>,
    },
    /// Refused: the attendee already is where the action leads (`check_in` or `check_out`).
    Already {
        action: Action,
        name: String,
        session: Option<String>,
        since: Option<Since>,
    },
    /// Refused: a check-out or undo of someone not checked in (`checked_out`: they left).
    NotCheckedIn {
        action: Action,
        name: String,
        session: Option<String>,
        checked_out: bool,
    },
    /// Refused by the RSVP status.
    NotAllowed { name: String, rsvp: RsvpStatus },
    /// Waits for "Admit".
    NeedsAttention { name: String, note: Option<String> },
    /// Waits for these required answers (their labels).
    NeedsAnswers { name: String, labels: Vec<String> },
    /// A ticket of another event of the account.
    WrongEvent { event_id: i64, event_name: String },
    /// No ticket with this code.
    NotFound,
    /// Decided by the venue hub, which already put it in words (in the language the door
    /// asked in), with its facts.
    Relayed { message: String, facts: Facts },
}

/// When, and where, the state a refusal names began.
#[derive(Debug, Clone)]
pub struct Since {
    /// RFC 3339, UTC.
    pub at: String,
    /// Where: the device or door of that check-in.
    pub device: Option<String>,
    /// The event's time zone, to say the time as the door's clock shows it.
    pub timezone: Option<String>,
}

/// The facts behind a scan's or a refusal's `message`, for a screen to say in its own
/// language. Members are present when they apply.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Facts {
    /// When the state began (`already_checked_in`; `not_checked_in` of someone who left),
    /// RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = DateTime)]
    pub since: Option<String>,
    /// Where that state began: the device or door that did it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    /// The session the operation was for; absent for the door.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<i64>,
    /// The session's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_name: Option<String>,
    /// For `not_checked_in`: true when the attendee was checked in and has left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked_out: Option<bool>,
    /// For `wrong_event`: the event the ticket is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_event: Option<OtherEvent>,
    /// For `not_allowed`: the RSVP status that refuses entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rsvp_status: Option<RsvpStatus>,
}

/// The event a `wrong_event` ticket is for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct OtherEvent {
    pub id: i64,
    pub name: String,
}

impl Said {
    /// The facts of what was said, for `facts`. `session_id`: the operation's session.
    pub fn facts(&self, session_id: Option<i64>) -> Facts {
        let mut facts = Facts {
            session_id,
            ..Facts::default()
        };
        match self {
            Said::Done { session, .. } => facts.session_name = session.clone(),
            Said::Already {
                action,
                session,
                since,
                ..
            } => {
                facts.session_name = session.clone();
                if *action == Action::CheckOut {
                    facts.checked_out = Some(true);
                }
                if let Some(since) = since {
                    facts.since = Some(since.at.clone());
                    facts.device = since.device.clone();
                }
            }
            Said::NotCheckedIn {
                session,
                checked_out,
                ..
            } => {
                facts.session_name = session.clone();
                facts.checked_out = Some(*checked_out);
            }
            Said::NotAllowed { rsvp, .. } => facts.rsvp_status = Some(*rsvp),
            Said::WrongEvent {
                event_id,
                event_name,
            } => {
                facts.other_event = Some(OtherEvent {
                    id: *event_id,
                    name: event_name.clone(),
                });
            }
            Said::NeedsAttention { .. } | Said::NeedsAnswers { .. } | Said::NotFound => {}
            Said::Relayed { facts: theirs, .. } => {
                // The hub's own ids mean nothing here; the session stays this door's.
                return Facts {
                    session_id,
                    other_event: None,
                    ..theirs.clone()
                };
            }
        }
        facts
    }
}

/// Optional body of the check-in operations: `{item: {session_id}}`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CheckInInput {
    /// A session of the event; absent or null means the door.
    pub session_id: Option<i64>,
}

/// Body member of `POST /events/{event_id}/scans`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ScanInput {
    /// The scanned text: an attendee's `qr_code`. Surrounding white space and an
    /// `ENTRADA:` prefix are ignored; generated codes match in any letter case.
    pub code: String,
    /// `check_in`, `check_out` or `undo`.
    #[schema(value_type = Action)]
    pub action: String,
    /// A session of the event; absent or null means the door.
    pub session_id: Option<i64>,
    /// The door person admitted an attendee who `needs_attention` (second step of a
    /// `needs_attention` outcome). Default false.
    #[serde(default)]
    pub confirm: bool,
    /// Answers given at the door (second step of a `needs_answers` outcome), in the shape of
    /// an attendee create's `fields`. Saved in the same write as the check-in; a bad answer
    /// is a 422 and nothing is written.
    #[serde(default)]
    pub answers: Vec<AttendeeFieldValueInput>,
    /// Check in although required answers are missing. Only an organiser (a personal token
    /// with `write`) may: anyone else gets 403. Default false.
    #[serde(default)]
    pub skip_questions: bool,
}

/// What a door person settled on a scan's second step.
#[derive(Debug, Clone, Default)]
pub struct DoorSteps {
    /// "Admit" pressed for an attendee who needs attention.
    pub confirmed: bool,
    /// Answers to save with the check-in.
    pub answers: Vec<AttendeeFieldValueInput>,
    /// An organiser chose to skip the missing questions.
    pub skip_questions: bool,
    /// A joined door: the venue hub admitted this scan (`decided_by: hub`). Should this
    /// door already show its result (its follower of the hub's stream applied the hub's
    /// record first), the admission is still recorded here as `ok`, once (issue 37).
    pub hub_admitted: bool,
}

/// The answer to a scan: always 200, with the outcome a door person needs.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScanResult {
    pub outcome: Outcome,
    /// A sentence for the screen, e.g. `Ada Lovelace is already checked in (since 10:32 at
    /// Door 2)`, in the request's language (`Accept-Language`: en, de, fr, es, nb; else
    /// English). A screen that speaks another language renders `outcome` and `facts`.
    pub message: String,
    /// The facts behind `message`: when and where the state began, the session, the other
    /// event, the RSVP status. Always present; members only when they apply.
    pub facts: Facts,
    /// The attendee after the operation; null for `not_found` and `wrong_event`.
    #[schema(required = true)]
    pub attendee: Option<Attendee>,
    /// For `needs_answers`: the required fields still unanswered, in form order, to ask at
    /// the door. Empty for every other outcome.
    pub missing_fields: Vec<AttendeeField>,
    /// On a kiosk joined to a venue hub: `hub` when the hub decided (it sees every door),
    /// `here` when this kiosk decided alone because the hub was slow or away (the scan
    /// reaches the hub with the next sync). Absent elsewhere.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::domain::schema::decided_by)]
    pub decided_by: Option<&'static str>,
}

/// One line of check-in history.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CheckInRecord {
    pub id: i64,
    pub event_id: i64,
    /// Null for a scan whose code matched no attendee of the event.
    #[schema(required = true)]
    pub attendee_id: Option<i64>,
    /// Null for the door.
    #[schema(required = true)]
    pub session_id: Option<i64>,
    pub action: Action,
    pub outcome: Outcome,
    /// The scanned text, for scans.
    #[schema(required = true)]
    pub code: Option<String>,
    /// The device that sent it (`X-Device-Name` header), if it said.
    #[schema(required = true)]
    pub device: Option<String>,
    /// The OAuth client that did it.
    #[schema(required = true)]
    pub client_id: Option<String>,
    /// The signed-in person that did it (personal tokens).
    #[schema(required = true)]
    pub user_id: Option<i64>,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Strips what a scanner or a badge may add around the code.
pub fn normalise_code(raw: &str) -> &str {
    let trimmed = raw.trim();
    let lower_prefix = trimmed.get(..8).map(str::to_ascii_lowercase);
    if lower_prefix.as_deref() == Some("entrada:") {
        trimmed[8..].trim()
    } else {
        trimmed
    }
}

/// Generated codes are upper-case groups of four; a scanner set to lower case, or a
/// person typing, may give them otherwise. Other codes are returned as they are.
pub fn canonical_code(code: &str) -> String {
    let compact: String = code.chars().filter(|c| *c != '-' && *c != ' ').collect();
    if compact.len() == 16 && compact.chars().all(|c| c.is_ascii_alphanumeric()) {
        let upper = compact.to_ascii_uppercase();
        format!(
            "{}-{}-{}-{}",
            &upper[0..4],
            &upper[4..8],
            &upper[8..12],
            &upper[12..16]
        )
    } else {
        code.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_codes_match_in_any_case() {
        assert_eq!(canonical_code("abcd-efgh-jkmn-pqrs"), "ABCD-EFGH-JKMN-PQRS");
        assert_eq!(canonical_code("ABCDEFGHJKMNPQRS"), "ABCD-EFGH-JKMN-PQRS");
        assert_eq!(canonical_code("ticket-42"), "ticket-42");
    }

    #[test]
    fn door_rules() {
        use CheckinStatus::*;
        assert_eq!(Action::CheckIn.transition(NotCheckedIn), Ok(CheckedIn));
        assert_eq!(Action::CheckIn.transition(CheckedOut), Ok(CheckedIn));
        assert_eq!(
            Action::CheckIn.transition(CheckedIn),
            Err(Outcome::AlreadyCheckedIn)
        );
        assert_eq!(Action::CheckOut.transition(CheckedIn), Ok(CheckedOut));
        assert_eq!(
            Action::CheckOut.transition(CheckedOut),
            Err(Outcome::NotCheckedIn)
        );
        assert_eq!(Action::Undo.transition(CheckedOut), Ok(NotCheckedIn));
        assert_eq!(
            Action::Undo.transition(NotCheckedIn),
            Err(Outcome::NotCheckedIn)
        );
    }

    #[test]
    fn codes_are_cleaned() {
        assert_eq!(normalise_code("  ABCD-EFGH \n"), "ABCD-EFGH");
        assert_eq!(normalise_code("ENTRADA:ABCD"), "ABCD");
        assert_eq!(normalise_code("entrada: ABCD"), "ABCD");
        assert_eq!(normalise_code("é"), "é");
    }
}

/// Check-in figures of an event (extension: `GET /events/{event_id}/check_in_stats`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CheckInStats {
    /// Attendees of the event.
    pub total: i64,
    /// Door state counts.
    pub by_checkin_status: StatusCounts,
    /// Per registration type, in id order; attendees without one last, with a null id.
    pub by_registration_type: Vec<RegistrationTypeCounts>,
    /// Presence per session, in id order.
    pub by_session: Vec<SessionCounts>,
    /// Successful door check-ins in the last 5 minutes.
    pub check_ins_last_5_minutes: i64,
    /// Successful door check-ins in the last 60 minutes.
    pub check_ins_last_60_minutes: i64,
    /// When these figures were computed (RFC 3339, UTC).
    #[schema(format = DateTime)]
    pub generated_at: String,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct StatusCounts {
    pub not_checked_in: i64,
    pub checked_in: i64,
    pub checked_out: i64,
}

impl StatusCounts {
    pub fn add(&mut self, status: super::status::CheckinStatus, n: i64) {
        use super::status::CheckinStatus::*;
        match status {
            NotCheckedIn => self.not_checked_in += n,
            CheckedIn => self.checked_in += n,
            CheckedOut => self.checked_out += n,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RegistrationTypeCounts {
    #[schema(required = true)]
    pub registration_type_id: Option<i64>,
    #[schema(required = true)]
    pub name: Option<String>,
    pub total: i64,
    pub by_checkin_status: StatusCounts,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SessionCounts {
    pub session_id: i64,
    pub name: String,
    #[schema(required = true)]
    pub capacity: Option<i64>,
    pub checked_in: i64,
    pub checked_out: i64,
}

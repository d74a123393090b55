//! The sync's decisions (SYNC.md, "Pull" and "Conflicts"), with no I/O: given what the
//! kiosk last took from the remote (the base), what it holds now, what the remote holds
//! and the local changes still queued, [`plan`] says what to write and what to report.
//! Pull (applying a remote record) and push (meeting the remote's record before an
//! update goes out) both run it through `apply.rs`, so the two cannot drift apart, and
//! every rule is tested here without a database or a network.
//!
//! Member values are JSON scalars (text, a local id, null), the way outbox bodies and
//! remote records carry them, so that "equal" means the same here as on the wire.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use super::remote::v2::{RemoteAttendee, text};
use crate::db::attendees::Member;
use crate::db::mirror::Held;
use crate::db::sync::{Change, Entry};
use crate::domain::status::CheckinStatus;
use crate::domain::time;

/// The id maps of one event (remote id → local id) a remote record is read with.
#[derive(Debug, Clone, Default)]
pub struct Maps {
    pub fields: HashMap<i64, i64>,
    pub registration_types: HashMap<i64, i64>,
}

/// A remote attendee record in local terms: registration type and answers' fields as
/// local ids (unmapped ones: null, left out), blank text as null.
#[derive(Debug, Clone, PartialEq)]
pub struct Theirs {
    pub members: HashMap<Member, Value>,
    /// By local field id.
    pub answers: HashMap<i64, Value>,
    pub checkin_status: CheckinStatus,
    /// Null and blank codes: None.
    pub qr_code: Option<String>,
    pub updated_at: Option<String>,
}

impl Maps {
    /// Reads a remote attendee record in local terms.
    pub fn local_terms(&self, a: &RemoteAttendee) -> Theirs {
        let blank_is_null = |t: &Option<String>| json!(text(t));
        let registration_type = a
            .registration_type_id
            .and_then(|r| self.registration_types.get(&r))
            .map_or(Value::Null, |l| json!(l));
        let members = HashMap::from([
            (Member::FirstName, blank_is_null(&a.first_name)),
            (Member::LastName, blank_is_null(&a.last_name)),
            (Member::Email, blank_is_null(&a.email)),
            (Member::Phone, blank_is_null(&a.phone)),
            (Member::JobTitle, blank_is_null(&a.job_title)),
            (Member::Company, blank_is_null(&a.company)),
            (Member::RegistrationTypeId, registration_type),
            (Member::RsvpStatus, blank_is_null(&a.rsvp_status)),
        ]);
        let answers = a
            .fields
            .iter()
            .flatten()
            .filter_map(|f| Some((*self.fields.get(&f.field_id()?)?, f.value.clone())))
            .collect();
        Theirs {
            members,
            answers,
            checkin_status: a
                .checkin_status
                .as_deref()
                .and_then(CheckinStatus::parse)
                .unwrap_or(CheckinStatus::NotCheckedIn),
            qr_code: text(&a.qr_code),
            updated_at: text(&a.updated_at),
        }
    }
}

/// A member changed on both sides: both values, and which one was kept.
#[derive(Debug, Clone, PartialEq)]
pub struct EditConflict {
    pub member: Member,
    pub local: Value,
    pub remote: Value,
    pub remote_won: bool,
    pub local_changed_at: String,
    pub remote_changed_at: String,
}

impl EditConflict {
    /// The conflict's details as staff see them (`GET /kiosk/sync`).
    pub fn details(&self) -> Value {
        json!({"member": self.member.name(), "local": self.local, "remote": self.remote,
               "kept": if self.remote_won { "remote" } else { "local" },
               "local_changed_at": self.local_changed_at,
               "remote_changed_at": self.remote_changed_at})
    }
}

/// What a merge of one remote attendee into its local copy writes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MergePlan {
    /// Members taken from the remote.
    pub take: Vec<(Member, Value)>,
    /// `edit` conflicts to record, in member order.
    pub conflicts: Vec<EditConflict>,
    /// Queued updates that lose members the remote won: (entry id, its new body).
    pub bodies: Vec<(i64, Value)>,
    /// Answers taken from the remote, by local field id (null: removed).
    pub answers: Vec<(i64, Value)>,
    /// The remote's check-in state, when it is to be taken.
    pub checkin_status: Option<CheckinStatus>,
    /// The remote's new code, to be taken if no other attendee here holds it.
    pub qr_code: Option<String>,
}

impl MergePlan {
    /// Whether the local record changes (then it is stamped as changed). A new code alone
    /// does not count: it is not a change a person made.
    pub fn changed(&self) -> bool {
        !self.take.is_empty() || !self.answers.is_empty() || self.checkin_status.is_some()
    }
}

fn updates(pending: &[Entry]) -> impl DoubleEndedIterator<Item = &Entry> {
    pending
        .iter()
        .filter(|e| e.change == Change::AttendeeUpdate)
}

/// Merges a remote attendee into its local copy, member by member (SYNC.md,
/// "Conflicts"): a member the remote changed since `base` is taken, unless a queued local
/// change of it is later; either way a both-sides change is an `edit` conflict. A remote
/// value equal to one of our queued updates is that update's echo, not a change. Answers
/// and the check-in state are taken where nothing of ours is queued for them. `now` is
/// the remote change's time when the record has no `updated_at`.
pub fn plan(
    base: Option<&Theirs>,
    current: &Held,
    remote: &Theirs,
    pending: &[Entry],
    now: &str,
) -> MergePlan {
    let mut plan = MergePlan::default();
    let remote_time = remote.updated_at.clone().unwrap_or_else(|| now.to_owned());
    // Bodies as they become when members are taken out; decisions read the queue as it
    // was (`pending`), so each member is judged alike whatever the others did.
    let mut bodies: Vec<(i64, Value, bool)> = updates(pending)
        .map(|e| (e.id, e.body.clone(), false))
        .collect();
    for member in Member::ALL {
        let theirs = remote.members.get(&member).cloned().unwrap_or(Value::Null);
        let mine = current.members.get(&member).cloned().unwrap_or(Value::Null);
        let unchanged = base.is_some_and(|b| b.members.get(&member) == Some(&theirs));
        if unchanged || mine == theirs {
            continue; // unchanged on the remote, or already the same here
        }
        // The value of one of our own queued updates: the remote holds it because that
        // update reached it and its answer was lost on the way back (it is still queued,
        // and will be confirmed by its Idempotency-Key or found in place). Our echo, not a
        // change made on the remote: no conflict, and the later queued values still go.
        if updates(pending).any(|e| e.body["item"].get(member.name()) == Some(&theirs)) {
            continue;
        }
        let queued = updates(pending).rfind(|e| {
            e.body["item"]
                .as_object()
                .is_some_and(|m| m.contains_key(member.name()))
        });
        let Some(e) = queued else {
            plan.take.push((member, theirs));
            continue;
        };
        let remote_won = remote_time > e.created_at;
        plan.conflicts.push(EditConflict {
            member,
            local: mine,
            remote: theirs.clone(),
            remote_won,
            local_changed_at: e.created_at.clone(),
            remote_changed_at: remote_time.clone(),
        });
        if remote_won {
            plan.take.push((member, theirs));
            for (_, body, dirty) in &mut bodies {
                if let Some(item) = body["item"].as_object_mut()
                    && item.remove(member.name()).is_some()
                {
                    *dirty = true;
                }
            }
        }
    }
    plan.bodies = bodies
        .into_iter()
        .filter(|(_, _, dirty)| *dirty)
        .map(|(id, body, _)| (id, body))
        .collect();
    plan.answers = answers(base, remote, pending);
    // Check-in state: the remote's (other kiosks' check-ins), unless ours is queued.
    let queued_checkin = pending
        .iter()
        .any(|e| matches!(e.change, Change::CheckIn | Change::CheckOut | Change::Undo));
    if !queued_checkin && current.checkin_status != remote.checkin_status.as_str() {
        plan.checkin_status = Some(remote.checkin_status);
    }
    // The remote's code, when it changed there (since a base) and differs here.
    plan.qr_code = remote.qr_code.clone().filter(|code| {
        current.qr_code != *code && base.is_some_and(|b| b.qr_code.as_ref() != Some(code))
    });
    plan
}

/// Answers: the remote's where it changed them since the base and nothing here is
/// queued for them.
fn answers(base: Option<&Theirs>, remote: &Theirs, pending: &[Entry]) -> Vec<(i64, Value)> {
    let queued: Vec<i64> = updates(pending)
        .flat_map(|e| {
            e.body["item"]["fields"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|f| f["attendee_field_id"].as_i64())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
        .collect();
    let mut taken: Vec<(i64, Value)> = remote
        .answers
        .iter()
        .filter(|(f, v)| base.and_then(|b| b.answers.get(f)) != Some(v) && !queued.contains(f))
        .map(|(f, v)| (*f, v.clone()))
        .collect();
    taken.sort_by_key(|(f, _)| *f);
    taken
}

/// Whether an update entry has nothing left to send (the remote won every member): it
/// is settled without a request.
pub fn nothing_left(e: &Entry) -> bool {
    e.body["item"]
        .as_object()
        .is_none_or(|item| item.is_empty())
}

/// A remote field is applied only where no outbox entry for it is pending: the local
/// change goes out first, and its answer is what is kept.
pub fn take_remote_field(pending: &[Entry]) -> bool {
    pending.is_empty()
}

/// What becomes of a mapped field the remote no longer lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldGone {
    /// Nothing of ours is queued for it: deleted here too.
    Delete,
    /// Changes of ours are queued: these entries are parked (the field is not created
    /// again) and one `deleted_remotely` conflict is recorded.
    Park(Vec<i64>),
    /// Its entries were parked (and reported) before: staff decide, nothing new to say.
    AlreadyReported,
}

pub fn field_gone(pending: &[Entry]) -> FieldGone {
    if pending.is_empty() {
        return FieldGone::Delete;
    }
    let park: Vec<i64> = pending
        .iter()
        .filter(|e| !e.parked && e.change != Change::FieldDelete)
        .map(|e| e.id)
        .collect();
    if park.is_empty() {
        FieldGone::AlreadyReported
    } else {
        FieldGone::Park(park)
    }
}

/// Something staff must see (`sync_conflicts`), as the sync words it.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// `duplicate_entry`, `edit` or `deleted_remotely`.
    pub kind: &'static str,
    /// The local attendee, when it is about one.
    pub attendee: Option<i64>,
    pub details: Value,
}

/// The `deleted_remotely` conflict a refusal brings: a 404 for the record means it was
/// deleted on the remote while changed here (the entry is parked, not sent to re-create
/// it). Other refusals bring none.
pub fn deleted_remotely(e: &Entry, status: u16, message: &str) -> Option<Report> {
    (status == 404).then(|| {
        let record = if e.change.is_attendee() {
            "attendee"
        } else {
            "attendee_field"
        };
        Report {
            kind: "deleted_remotely",
            attendee: e.change.is_attendee().then_some(e.record_id),
            details: json!({"record": record, "local_id": e.record_id,
                            "change": e.change.as_str(), "message": message}),
        }
    })
}

/// What a check-in operation the remote refused as unsuitable (422) comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The remote is not where the entry leads: a real refusal, parked.
    Park,
    /// The remote already is where the entry leads: settled (it holds one check-in);
    /// `duplicate_entry` says another kiosk checked the person in first, while this
    /// kiosk's check-in had not reached it.
    Settle { duplicate_entry: bool },
}

/// Decides a 422 to a check-in operation. `remote_state` is the record's
/// `checkin_status` read after the refusal; session presence is not in the record, so
/// for a session the remote's message decides. `fresh`: the entry was not sent before
/// (a resend after a lost answer meets its own first check-in, which is no duplicate).
pub fn check_in_refused(
    change: Change,
    session: bool,
    remote_state: &str,
    message: &str,
    fresh: bool,
) -> Refusal {
    let reached = match (change, session) {
        (Change::CheckIn, false) => remote_state == "checked_in",
        (Change::CheckOut, false) => remote_state == "checked_out",
        (Change::Undo, false) => remote_state == "not_checked_in",
        (Change::CheckIn, true) => message.contains("already checked in"),
        (Change::CheckOut, true) => message.contains("already checked out"),
        _ => message.contains("no check-in"),
    };
    if !reached {
        return Refusal::Park;
    }
    Refusal::Settle {
        duplicate_entry: change == Change::CheckIn && fresh,
    }
}

/// Whether a remote record is the create an entry made although its answer was lost:
/// the same members (`candidate` and `sent` in the same order), blank and null alike.
pub fn same_create(candidate: &[Value], sent: &[Value]) -> bool {
    candidate.len() == sent.len()
        && candidate.iter().zip(sent).all(|(a, b)| {
            a == b
                || (a.is_null() && b.as_str() == Some(""))
                || (b.is_null() && a.as_str() == Some(""))
        })
}

/// The `duplicate_entry` conflict of a check-in another kiosk made first: when and where
/// this kiosk checked the person in, and the remote's words.
pub fn duplicate_entry(e: &Entry, message: &str, noticed_at: &str) -> Report {
    Report {
        kind: "duplicate_entry",
        attendee: Some(e.record_id),
        details: json!({
            "message": message,
            "here": {"at": e.body["at"], "device": e.device},
            "remote_says": message,
            "noticed_at": noticed_at,
        }),
    }
}

/// The details of the `deleted_remotely` conflict of a field the remote no longer lists
/// while changes of it are queued here.
pub fn field_deleted(local: i64, remote: i64, label: Option<&str>) -> Value {
    json!({"record": "attendee_field", "field_id": local, "remote_id": remote,
           "label": label, "message": "deleted on the remote while changed here"})
}

/// An incremental pull asks for `updated_since` the newest `updated_at` it saw, less this
/// margin. Entrada's filter is inclusive and its single writer stamps commits in order,
/// so the same millisecond is already covered; the margin absorbs a remote clock that
/// steps back a little.
const OVERLAP_MS: i64 = 5;
/// No write on an Entrada remote commits records stamped more than this before its
/// commit (SYNC.md, "Pull").
const CLOCK_MARGIN_S: i64 = 2;

/// The next pull's `updated_since`: the later of the newest `updated_at` seen (less
/// 5 ms) and the remote's clock at the first page (its `Date`) less 2 s. The clock part
/// keeps many records stamped in one old millisecond (a bulk import, a field edit) from
/// being fetched again at every round. None when neither is known.
pub fn cursor(newest_seen: Option<&str>, remote_date: Option<DateTime<Utc>>) -> Option<String> {
    let seen = newest_seen.and_then(|n| {
        DateTime::parse_from_rfc3339(n)
            .ok()
            .map(|t| t.with_timezone(&Utc) - Duration::milliseconds(OVERLAP_MS))
    });
    let clock = remote_date.map(|d| d - Duration::seconds(CLOCK_MARGIN_S));
    seen.max(clock).map(time::format)
}

#[cfg(test)]
mod tests;

//! One test per rule of SYNC.md that the merge decides.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::*;

const EARLY: &str = "2026-01-01T10:00:00.000Z";
const LATE: &str = "2026-01-01T12:00:00.000Z";
const NOON: &str = "2026-01-01T11:00:00.000Z";

fn entry(id: i64, change: Change, body: Value, created_at: &str) -> Entry {
    Entry {
        id,
        event_id: 1,
        change,
        record_id: 7,
        body,
        device: None,
        created_at: created_at.to_owned(),
        attempts: 0,
        sent_at: None,
        parked: false,
        edited: false,
        generation: 0,
        held: false,
        hub_question: None,
    }
}

fn update(id: i64, item: Value, created_at: &str) -> Entry {
    entry(
        id,
        Change::AttendeeUpdate,
        json!({ "item": item }),
        created_at,
    )
}

fn maps() -> Maps {
    Maps {
        fields: HashMap::from([(100, 10), (200, 20)]),
        registration_types: HashMap::from([(300, 30)]),
    }
}

/// A remote record (v2 shape) with these members over a plain attendee.
fn record(changes: Value) -> RemoteAttendee {
    let mut a = json!({
        "id": 70, "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.org",
        "phone": null, "job_title": null, "company": "", "registration_type_id": null,
        "rsvp_status": "confirmed", "checkin_status": "not_checked_in",
        "qr_code": "AAAA-BBBB", "updated_at": NOON, "fields": []
    });
    if let (Some(a), Some(c)) = (a.as_object_mut(), changes.as_object()) {
        for (k, v) in c {
            a.insert(k.clone(), v.clone());
        }
    }
    RemoteAttendee::from_stored(a).expect("an attendee record")
}

fn theirs(changes: Value) -> Theirs {
    maps().local_terms(&record(changes))
}

/// The local copy of `record(json!({}))`.
fn held() -> Held {
    let r = theirs(json!({}));
    Held {
        members: r.members,
        checkin_status: "not_checked_in".into(),
        qr_code: "AAAA-BBBB".into(),
    }
}

fn held_with(member: Member, value: Value) -> Held {
    let mut h = held();
    h.members.insert(member, value);
    h
}

#[test]
fn local_terms_map_ids_and_blank_text() {
    let t = theirs(json!({"registration_type_id": 300, "company": "",
        "fields": [{"field": {"id": 100}, "value": "x"}, {"attendee_field_id": 200, "value": 2},
                   {"attendee_field_id": 999, "value": "unmapped"}]}));
    assert_eq!(t.members[&Member::RegistrationTypeId], json!(30));
    assert_eq!(t.members[&Member::Company], Value::Null);
    assert_eq!(t.answers, HashMap::from([(10, json!("x")), (20, json!(2))]));
    let unmapped = theirs(json!({"registration_type_id": 301}));
    assert_eq!(unmapped.members[&Member::RegistrationTypeId], Value::Null);
}

#[test]
fn a_member_changed_only_on_the_remote_is_taken() {
    let base = theirs(json!({}));
    let remote = theirs(json!({"email": "ada@new.example"}));
    let plan = plan(Some(&base), &held(), &remote, &[], LATE);
    assert_eq!(plan.take, vec![(Member::Email, json!("ada@new.example"))]);
    assert!(plan.conflicts.is_empty());
    assert!(plan.changed());
}

#[test]
fn a_member_unchanged_on_the_remote_keeps_the_local_value() {
    let base = theirs(json!({}));
    let current = held_with(Member::Email, json!("mine@example.org"));
    let plan = plan(Some(&base), &current, &base.clone(), &[], LATE);
    assert_eq!(plan, MergePlan::default());
    assert!(!plan.changed());
}

#[test]
fn without_a_base_the_remote_value_is_taken() {
    let current = held_with(Member::Email, json!("mine@example.org"));
    let plan = plan(None, &current, &theirs(json!({})), &[], LATE);
    assert_eq!(plan.take, vec![(Member::Email, json!("ada@example.org"))]);
}

#[test]
fn edit_on_both_sides_the_later_remote_change_wins_and_both_values_are_recorded() {
    let base = theirs(json!({}));
    let current = held_with(Member::Email, json!("mine@example.org"));
    let remote = theirs(json!({"email": "theirs@example.org", "updated_at": LATE}));
    let queued = [update(5, json!({"email": "mine@example.org"}), EARLY)];
    let plan = plan(Some(&base), &current, &remote, &queued, NOON);
    assert_eq!(
        plan.take,
        vec![(Member::Email, json!("theirs@example.org"))]
    );
    assert_eq!(
        plan.conflicts,
        vec![EditConflict {
            member: Member::Email,
            local: json!("mine@example.org"),
            remote: json!("theirs@example.org"),
            remote_won: true,
            local_changed_at: EARLY.into(),
            remote_changed_at: LATE.into(),
        }]
    );
    let details = plan.conflicts[0].details();
    assert_eq!(details["kept"], "remote");
    assert_eq!(details["member"], "email");
    // The member the remote won leaves the queued update, which is left empty.
    assert_eq!(plan.bodies, vec![(5, json!({"item": {}}))]);
}

#[test]
fn edit_on_both_sides_the_later_local_change_wins_and_is_still_sent() {
    let base = theirs(json!({}));
    let current = held_with(Member::Email, json!("mine@example.org"));
    let remote = theirs(json!({"email": "theirs@example.org", "updated_at": EARLY}));
    let queued = [update(5, json!({"email": "mine@example.org"}), LATE)];
    let plan = plan(Some(&base), &current, &remote, &queued, NOON);
    assert!(plan.take.is_empty());
    assert!(plan.bodies.is_empty());
    assert_eq!(plan.conflicts.len(), 1);
    assert!(!plan.conflicts[0].remote_won);
    assert_eq!(plan.conflicts[0].details()["kept"], "local");
}

#[test]
fn a_remote_record_without_updated_at_changed_when_the_kiosk_saw_it() {
    let base = theirs(json!({}));
    let current = held_with(Member::Email, json!("mine@example.org"));
    let remote = theirs(json!({"email": "theirs@example.org", "updated_at": null}));
    let queued = [update(5, json!({"email": "mine@example.org"}), NOON)];
    let plan = plan(Some(&base), &current, &remote, &queued, LATE);
    assert_eq!(plan.conflicts[0].remote_changed_at, LATE);
    assert!(plan.conflicts[0].remote_won);
}

#[test]
fn every_member_the_remote_won_leaves_every_queued_update() {
    let base = theirs(json!({}));
    let mut current = held_with(Member::Email, json!("mine@example.org"));
    current.members.insert(Member::Phone, json!("+441234"));
    let remote = theirs(json!({"email": "t@example.org", "phone": "+449999", "updated_at": LATE}));
    let queued = [
        update(
            5,
            json!({"email": "mine@example.org", "phone": "+441234", "company": "X"}),
            EARLY,
        ),
        update(6, json!({"phone": "+441234"}), EARLY),
    ];
    let plan = plan(Some(&base), &current, &remote, &queued, NOON);
    assert_eq!(plan.conflicts.len(), 2);
    assert_eq!(
        plan.bodies,
        vec![
            (5, json!({"item": {"company": "X"}})),
            (6, json!({"item": {}}))
        ]
    );
}

#[test]
fn the_echo_of_a_queued_update_is_not_a_conflict() {
    // Our update reached the remote, its answer was lost, and a later local edit of the
    // same member is queued behind it: the remote's value is the first update's echo.
    let base = theirs(json!({}));
    let current = held_with(Member::Email, json!("second@example.org"));
    let remote = theirs(json!({"email": "first@example.org", "updated_at": LATE}));
    let queued = [
        update(5, json!({"email": "first@example.org"}), EARLY),
        update(6, json!({"email": "second@example.org"}), EARLY),
    ];
    let plan = plan(Some(&base), &current, &remote, &queued, NOON);
    assert_eq!(
        plan,
        MergePlan::default(),
        "no conflict, nothing taken, queue as it is"
    );
}

#[test]
fn a_remote_change_is_applied_only_where_no_local_change_is_queued() {
    let base = theirs(json!({"fields": [{"attendee_field_id": 100, "value": "a"},
                                        {"attendee_field_id": 200, "value": "b"}]}));
    let remote = theirs(json!({"checkin_status": "checked_in",
        "fields": [{"attendee_field_id": 100, "value": "A"},
                   {"attendee_field_id": 200, "value": "B"}]}));
    let queued = [
        update(
            5,
            json!({"fields": [{"attendee_field_id": 20, "value": "mine"}]}),
            EARLY,
        ),
        entry(6, Change::CheckOut, json!({}), EARLY),
    ];
    let plan = plan(Some(&base), &held(), &remote, &queued, NOON);
    assert_eq!(
        plan.answers,
        vec![(10, json!("A"))],
        "field 20 is queued here"
    );
    assert_eq!(
        plan.checkin_status, None,
        "a check-in operation is queued here"
    );

    let plan = super::plan(Some(&base), &held(), &remote, &[], NOON);
    assert_eq!(plan.answers, vec![(10, json!("A")), (20, json!("B"))]);
    assert_eq!(plan.checkin_status, Some(CheckinStatus::CheckedIn));
}

#[test]
fn answers_unchanged_since_the_base_are_not_written() {
    let base = theirs(json!({"fields": [{"attendee_field_id": 100, "value": "a"}]}));
    let plan = plan(Some(&base), &held(), &base.clone(), &[], NOON);
    assert!(plan.answers.is_empty());
}

#[test]
fn the_remote_code_is_taken_when_it_changed_there() {
    let base = theirs(json!({}));
    let remote = theirs(json!({"qr_code": "CCCC-DDDD"}));
    let plan = plan(Some(&base), &held(), &remote, &[], NOON);
    assert_eq!(plan.qr_code.as_deref(), Some("CCCC-DDDD"));
    assert!(
        !plan.changed(),
        "a new code alone is no change of the record"
    );
    // No base (a first meeting, or an adopted record): the local code stays.
    assert_eq!(super::plan(None, &held(), &remote, &[], NOON).qr_code, None);
}

#[test]
fn an_update_the_remote_won_entirely_is_settled_without_a_request() {
    assert!(nothing_left(&update(5, json!({}), EARLY)));
    assert!(!nothing_left(&update(5, json!({"email": "x"}), EARLY)));
}

#[test]
fn a_remote_field_is_applied_only_where_nothing_is_queued_for_it() {
    assert!(take_remote_field(&[]));
    let queued = entry(
        5,
        Change::FieldUpdate,
        json!({"item": {"label": "x"}}),
        EARLY,
    );
    assert!(!take_remote_field(&[queued]));
}

#[test]
fn a_field_deleted_on_the_remote_is_deleted_here_or_parked_and_reported_once() {
    assert_eq!(field_gone(&[]), FieldGone::Delete);
    let queued = entry(5, Change::FieldUpdate, json!({}), EARLY);
    let delete = entry(6, Change::FieldDelete, json!({}), EARLY);
    assert_eq!(
        field_gone(&[queued.clone(), delete.clone()]),
        FieldGone::Park(vec![5])
    );
    let parked = Entry {
        parked: true,
        ..queued
    };
    assert_eq!(field_gone(&[parked, delete]), FieldGone::AlreadyReported);
}

#[test]
fn a_404_for_the_record_is_deleted_remotely() {
    let e = update(5, json!({"email": "x"}), EARLY);
    let report = deleted_remotely(&e, 404, "not found").expect("a conflict");
    assert_eq!(
        (report.kind, report.attendee),
        ("deleted_remotely", Some(7))
    );
    let details = report.details;
    assert_eq!(details["record"], "attendee");
    assert_eq!(details["change"], "attendee_update");
    assert_eq!(details["local_id"], 7);
    let field = entry(6, Change::FieldUpdate, json!({}), EARLY);
    assert_eq!(
        deleted_remotely(&field, 404, "gone")
            .expect("a conflict")
            .details["record"],
        "attendee_field"
    );
    assert_eq!(deleted_remotely(&e, 422, "invalid"), None);
    assert_eq!(deleted_remotely(&e, 409, "conflict"), None);
}

#[test]
fn already_checked_in_settles_and_is_a_duplicate_entry() {
    let message = "the attendee is already checked in";
    assert_eq!(
        check_in_refused(Change::CheckIn, false, "checked_in", message, true),
        Refusal::Settle {
            duplicate_entry: true
        }
    );
    // A resend after a lost answer meets its own first check-in: no duplicate.
    assert_eq!(
        check_in_refused(Change::CheckIn, false, "checked_in", message, false),
        Refusal::Settle {
            duplicate_entry: false
        }
    );
    // For a session the remote's word decides (presence is not in the record).
    assert_eq!(
        check_in_refused(Change::CheckIn, true, "not_checked_in", message, true),
        Refusal::Settle {
            duplicate_entry: true
        }
    );
}

#[test]
fn a_refused_check_in_operation_is_settled_only_where_the_remote_already_is() {
    let settled = Refusal::Settle {
        duplicate_entry: false,
    };
    assert_eq!(
        check_in_refused(Change::CheckOut, false, "checked_out", "", true),
        settled
    );
    assert_eq!(
        check_in_refused(Change::Undo, false, "not_checked_in", "", true),
        settled
    );
    assert_eq!(
        check_in_refused(Change::CheckOut, false, "checked_in", "not allowed", true),
        Refusal::Park
    );
    assert_eq!(
        check_in_refused(Change::CheckIn, false, "not_checked_in", "declined", true),
        Refusal::Park
    );
    assert_eq!(
        check_in_refused(Change::Undo, true, "", "there is no check-in", true),
        settled
    );
}

#[test]
fn a_create_that_arrived_is_found_by_its_members() {
    let sent = [json!("Ada"), json!(""), json!("ada@example.org")];
    let same = [json!("Ada"), Value::Null, json!("ada@example.org")];
    let other = [json!("Ada"), Value::Null, json!("b@example.org")];
    assert!(same_create(&same, &sent));
    assert!(!same_create(&other, &sent));
    assert!(!same_create(
        &[json!("Diet")],
        &[json!("Diet"), json!("text")]
    ));
}

#[test]
fn duplicate_entry_says_both_times_and_devices() {
    let mut e = entry(5, Change::CheckIn, json!({"at": EARLY}), EARLY);
    e.device = Some("door 2".into());
    let report = duplicate_entry(&e, "already checked in", LATE);
    assert_eq!((report.kind, report.attendee), ("duplicate_entry", Some(7)));
    let details = report.details;
    assert_eq!(details["here"], json!({"at": EARLY, "device": "door 2"}));
    assert_eq!(details["remote_says"], "already checked in");
    assert_eq!(details["noticed_at"], LATE);
}

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s)
        .expect("a test time")
        .with_timezone(&Utc)
}

#[test]
fn cursor_is_the_newest_seen_less_5_ms_when_that_is_later() {
    let c = cursor(
        Some("2026-01-01T12:00:00.000Z"),
        Some(at("2026-01-01T12:00:01Z")),
    );
    assert_eq!(c.as_deref().map(at), Some(at("2026-01-01T11:59:59.995Z")));
}

#[test]
fn cursor_is_the_remote_clock_less_2_s_when_that_is_later() {
    let c = cursor(
        Some("2026-01-01T10:00:00.000Z"),
        Some(at("2026-01-01T12:00:00Z")),
    );
    assert_eq!(c.as_deref().map(at), Some(at("2026-01-01T11:59:58Z")));
}

#[test]
fn cursor_with_one_part_or_none() {
    let c = cursor(None, Some(at("2026-01-01T12:00:00Z")));
    assert_eq!(c.as_deref().map(at), Some(at("2026-01-01T11:59:58Z")));
    let c = cursor(Some("2026-01-01T12:00:00.000Z"), None);
    assert_eq!(c.as_deref().map(at), Some(at("2026-01-01T11:59:59.995Z")));
    assert_eq!(cursor(None, None), None);
    assert_eq!(cursor(Some("not a time"), None), None);
}

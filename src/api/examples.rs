//! Examples for the OpenAPI document: a request body for every operation that takes one,
//! and the success answer of every operation that answers JSON.
//!
//! utoipa writes schemas, not examples, and a schema alone leaves a reader to guess what
//! a real request looks like. Swagger UI's "Try it out" starts from the examples instead
//! of `"string"` placeholders, the documentation of generated clients (and the generators
//! that render examples) shows them, and schemathesis' examples phase sends them to the
//! server before it generates anything of its own. They are kept here, in one table keyed
//! by `operationId`, so that they are checked together: the tests below (and `redocly
//! lint`, rule `no-invalid-media-type-examples`) validate each one against the schema it
//! illustrates, and fail for an operation whose request body or JSON success answer has
//! none and for an entry naming an operation, body or status that no longer exists.
//!
//! They tell one story on the demo data (`serve --demo`): event 1, the Northern Lights
//! Tech Summit in Oslo; attendee 1, Nadia Castillo, ticket `7KQ2-MXW9-PD3A-H8RT` (the
//! code the README scans), checked in at Door 2; the walk-in Ada Lovelace; the door
//! person Dan Door (user 2) and the organiser Olivia Organiser (user 1).

use serde_json::{Value, json};

/// The examples of one operation.
struct Example {
    operation: &'static str,
    /// The request body's example: its media type and the value.
    request: Option<(&'static str, Value)>,
    /// The examples of JSON answers, by status.
    responses: Vec<(&'static str, Value)>,
}

/// Puts each example of [`table`] into the document, as the `example` of its media type.
pub fn attach(doc: &mut Value) {
    let table = table();
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for op in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
    {
        let Some(example) = table
            .iter()
            .find(|e| op.get("operationId").and_then(Value::as_str) == Some(e.operation))
        else {
            continue;
        };
        if let Some((media, value)) = &example.request
            && let Some(content) = op
                .pointer_mut("/requestBody/content")
                .and_then(|c| c.get_mut(*media))
                .and_then(Value::as_object_mut)
        {
            content.insert("example".into(), value.clone());
        }
        for (status, value) in &example.responses {
            if let Some(content) = op
                .get_mut("responses")
                .and_then(|r| r.get_mut(*status))
                .and_then(|r| r.pointer_mut("/content/application~1json"))
                .and_then(Value::as_object_mut)
            {
                content.insert("example".into(), value.clone());
            }
        }
    }
}

const JSON: &str = "application/json";

fn item(value: Value) -> Value {
    json!({"item": value, "metadata": {}})
}

fn items(values: Value) -> Value {
    json!({"items": values, "metadata": {}})
}

fn page(values: Value, per_page: u32, total_count: u64) -> Value {
    let total_pages = total_count.div_ceil(u64::from(per_page));
    json!({
        "items": values,
        "metadata": {"page": 1, "per_page": per_page, "total_count": total_count, "total_pages": total_pages}
    })
}

/// When the demo was set up.
const SET_UP_AT: &str = "2026-08-03T09:15:40.502Z";
/// When Nadia Castillo came through Door 2 (08:47 in Oslo).
const NADIA_IN_AT: &str = "2026-09-15T06:47:12.304Z";

/// Event 1 as the demo creates it.
fn summit() -> Value {
    json!({
        "id": 1,
        "account_id": 1,
        "name": "Northern Lights Tech Summit 2026",
        "starts_at": "2026-09-15T06:00:00.000Z",
        "ends_at": "2026-09-16T16:00:00.000Z",
        "timezone": "Europe/Oslo",
        "location": "Oslo Spektrum, Sonja Henies plass 2, Oslo",
        "attendee_count": 300,
        "demo": true,
        "door_questions": false,
        "retention_days": null,
        "erase_after": null,
        "purged_at": null,
        "created_at": SET_UP_AT,
        "updated_at": SET_UP_AT
    })
}

/// A second event, as `createEvent`'s example makes it.
fn meetup() -> Value {
    json!({
        "id": 2,
        "account_id": 1,
        "name": "Nordic Rust Meetup",
        "starts_at": "2026-10-08T15:00:00.000Z",
        "ends_at": "2026-10-08T19:00:00.000Z",
        "timezone": "Europe/Oslo",
        "location": "Kulturhuset, Youngs gate 6, Oslo",
        "attendee_count": 0,
        "demo": false,
        "door_questions": false,
        "retention_days": 30,
        "erase_after": "2026-11-07T19:00:00.000Z",
        "purged_at": null,
        "created_at": "2026-09-02T13:20:05.917Z",
        "updated_at": "2026-09-02T13:20:05.917Z"
    })
}

/// A question of the demo event's form; its `position` is its id.
struct Field {
    id: i64,
    label: &'static str,
    name: &'static str,
    kind: &'static str,
    required: bool,
    options: &'static [&'static str],
}

const fn field(
    id: i64,
    label: &'static str,
    name: &'static str,
    kind: &'static str,
    options: &'static [&'static str],
) -> Field {
    Field {
        id,
        label,
        name,
        kind,
        required: false,
        options,
    }
}

/// The demo event's form, in `position` order.
const FIELDS: &[Field] = &[
    field(1, "About you", "about_you", "section_divider", &[]),
    Field {
        required: true,
        ..field(
            2,
            "T-shirt size",
            "t_shirt_size",
            "dropdown",
            &["XS", "S", "M", "L", "XL", "XXL"],
        )
    },
    field(
        3,
        "Dietary requirements",
        "dietary_requirements",
        "dietary_requirements",
        &[],
    ),
    field(
        4,
        "Interested in",
        "interested_in",
        "checkbox",
        &["Embedded", "Web", "Data", "Security", "Games"],
    ),
    field(5, "Country", "country", "country", &[]),
    field(
        6,
        "We take photos at the event.",
        "we_take_photos_at_the_event",
        "paragraph",
        &[],
    ),
    field(
        7,
        "I agree to appear in event photos",
        "i_agree_to_appear_in_event_photos",
        "consent",
        &[],
    ),
];

/// Field types that take no answer (never in an attendee's `fields`).
const NO_VALUE: &[&str] = &["section_divider", "paragraph", "spacer", "captcha"];

fn field_record(f: &Field) -> Value {
    json!({
        "id": f.id,
        "label": f.label,
        "required": f.required,
        "position": f.id,
        "name": f.name,
        "type": f.kind,
        "options": f.options
    })
}

fn form() -> Value {
    FIELDS.iter().map(field_record).collect()
}

/// An attendee's `fields`: the answers to the fields that take one, in form order
/// (t-shirt size, dietary requirements, interests, country, photo consent).
fn answers(values: [Value; 5]) -> Value {
    FIELDS
        .iter()
        .filter(|f| !NO_VALUE.contains(&f.kind))
        .zip(values)
        .map(|(f, value)| json!({"field": field_record(f), "value": value}))
        .collect()
}

/// Attendee 1 of the demo, in a door state, as last changed at `updated_at`.
fn nadia(checkin_status: &str, updated_at: &str) -> Value {
    json!({
        "id": 1,
        "first_name": "Nadia",
        "last_name": "Castillo",
        "email": "nadia.castillo0@polardata.example",
        "job_title": "Engineering Manager",
        "rsvp_status": "confirmed",
        "checkin_status": checkin_status,
        "qr_code": "7KQ2-MXW9-PD3A-H8RT",
        "created_at": "2026-08-03T09:15:40.611Z",
        "updated_at": updated_at,
        "phone": null,
        "company": "Polar Data",
        "registration_type_id": 1,
        "event_id": 1,
        "fields": answers([json!("S"), Value::Null, json!(["Web"]), json!("NO"), json!(true)]),
        "door_note": null,
        "needs_attention": false
    })
}

/// Attendee 2 of the demo.
fn anders() -> Value {
    json!({
        "id": 2,
        "first_name": "Anders",
        "last_name": "Okafor",
        "email": "anders.okafor1@northwindlabs.example",
        "job_title": "SRE",
        "rsvp_status": "confirmed",
        "checkin_status": "not_checked_in",
        "qr_code": "3AJ5-ER1V-CSPY-9NC0",
        "created_at": "2026-08-03T09:15:40.702Z",
        "updated_at": "2026-08-03T09:15:40.702Z",
        "phone": "+4747592012",
        "company": "Northwind Labs",
        "registration_type_id": 1,
        "event_id": 1,
        "fields": answers([json!("L"), Value::Null, Value::Null, json!("FI"), json!(true)]),
        "door_note": null,
        "needs_attention": false
    })
}

/// The walk-in that `createAttendee`'s example registers.
fn ada() -> Value {
    json!({
        "id": 301,
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": "ada.lovelace@analyticalengines.example",
        "job_title": "Programmer",
        "rsvp_status": "confirmed",
        "checkin_status": "not_checked_in",
        "qr_code": "JGGA-GZNQ-SDC8-ZC6H",
        "created_at": "2026-09-15T07:02:31.870Z",
        "updated_at": "2026-09-15T07:02:31.870Z",
        "phone": "+442079460958",
        "company": "Analytical Engines",
        "registration_type_id": 2,
        "event_id": 1,
        "fields": answers([json!("M"), Value::Null, json!(["Embedded", "Data"]), json!("GB"), Value::Null]),
        "door_note": null,
        "needs_attention": false
    })
}

/// A scan's check-in record at Door 2 of event 1, by Dan Door (user 2) on the kiosk.
fn scan_record(id: i64, attendee: i64, code: &str, created_at: &str) -> Value {
    json!({
        "id": id,
        "event_id": 1,
        "attendee_id": attendee,
        "session_id": null,
        "action": "check_in",
        "outcome": "ok",
        "code": code,
        "device": "Door 2",
        "client_id": "entrada-kiosk",
        "user_id": 2,
        "created_at": created_at
    })
}

fn registration_types() -> Vec<Value> {
    [
        (1, "General Admission", Some(800), 261),
        (2, "VIP", Some(60), 17),
        (3, "Speaker", Some(40), 13),
        (4, "Press", None, 9),
    ]
    .into_iter()
    .map(
        |(id, name, capacity, count): (i64, &str, Option<i64>, i64)| {
            json!({
                "id": id, "event_id": 1, "name": name, "capacity": capacity,
                "attendee_count": count, "created_at": SET_UP_AT, "updated_at": SET_UP_AT
            })
        },
    )
    .collect()
}

fn student(capacity: i64, updated_at: &str) -> Value {
    json!({
        "id": 5, "event_id": 1, "name": "Student", "capacity": capacity, "attendee_count": 0,
        "created_at": "2026-09-01T10:04:18.233Z", "updated_at": updated_at
    })
}

fn sessions() -> Vec<Value> {
    [
        (
            1,
            "Opening keynote",
            "2026-09-15T07:00:00.000Z",
            "2026-09-15T08:00:00.000Z",
            900,
            214,
        ),
        (
            2,
            "Workshop: async Rust in production",
            "2026-09-15T11:00:00.000Z",
            "2026-09-15T14:00:00.000Z",
            40,
            0,
        ),
    ]
    .into_iter()
    .map(|(id, name, starts_at, ends_at, capacity, count)| {
        json!({
            "id": id, "event_id": 1, "name": name, "starts_at": starts_at, "ends_at": ends_at,
            "capacity": capacity, "attendee_count": count,
            "created_at": SET_UP_AT, "updated_at": SET_UP_AT
        })
    })
    .collect()
}

fn lightning_talks(capacity: i64, updated_at: &str) -> Value {
    json!({
        "id": 3, "event_id": 1, "name": "Lightning talks",
        "starts_at": "2026-09-16T12:00:00.000Z", "ends_at": "2026-09-16T13:00:00.000Z",
        "capacity": capacity, "attendee_count": 0,
        "created_at": "2026-09-01T10:06:51.470Z", "updated_at": updated_at
    })
}

/// The field `createAttendeeField`'s example adds: a checkbox with options, answered
/// with an array of them.
fn social_events(label: &str) -> Value {
    json!({
        "id": 8, "label": label, "required": false, "position": 8, "name": "social_events",
        "type": "checkbox", "options": ["Speakers' dinner", "Harbour cruise"]
    })
}

fn organiser() -> Value {
    json!({
        "id": 1,
        "email": "organiser@demo.example",
        "name": "Olivia Organiser",
        "accounts": [{"account_id": 1, "account_name": "Default", "role": "organiser"}],
        "invitations": [],
        "created_at": "2026-08-03T09:15:40.480Z"
    })
}

fn staff_member(role: &str) -> Value {
    json!({
        "id": 3,
        "name": "Sofia Lindqvist",
        "email": "sofia.lindqvist@demo.example",
        "role": role,
        "disabled": false,
        "last_sign_in_at": null,
        "created_at": "2026-09-10T08:30:12.044Z"
    })
}

fn with_passphrase(mut member: Value, passphrase: &str) -> Value {
    member["temporary_password"] = json!(passphrase);
    member
}

const SYNC_BASE: &str = "https://registration.example.com/api/v2";

/// The sync's state; `parked` and `conflicts` as given.
fn sync_status(pending: i64, parked: Value, conflicts: Value) -> Value {
    json!({
        "configured": true,
        "online": true,
        "last_success_at": "2026-09-15T07:05:30.118Z",
        "last_attempt_at": "2026-09-15T07:05:30.118Z",
        "last_error": null,
        "pending": pending,
        "parked": parked,
        "conflicts": conflicts,
        "running": false,
        "progress": null,
        "consecutive_failures": 0,
        "next_round_at": "2026-09-15T07:06:00.118Z"
    })
}

fn parked_entry() -> Value {
    json!({
        "id": 17,
        "kind": "attendee_update",
        "event_id": 1,
        "record_id": 1,
        "body": {"item": {"email": "nadia@polardata"}},
        "created_at": "2026-09-15T06:52:40.915Z",
        "parked_at": "2026-09-15T06:53:02.377Z",
        "status": 422,
        "message": "item.email is not a valid email address"
    })
}

fn edit_conflict() -> Value {
    json!({
        "id": 4,
        "kind": "edit",
        "event_id": 1,
        "attendee_id": 2,
        "details": {
            "member": "job_title", "local": "SRE", "remote": "Staff SRE", "kept": "remote",
            "local_changed_at": "2026-09-15T06:40:03.512Z",
            "remote_changed_at": "2026-09-15T06:58:47.000Z"
        },
        "created_at": "2026-09-15T07:05:29.904Z"
    })
}

fn sync_settings() -> Value {
    json!({
        "configured": true,
        "base_url": SYNC_BASE,
        "auth_url": "https://registration.example.com",
        "client_id": "kiosk-oslo-spektrum",
        "client_secret_set": true,
        "events": [4711],
        "account_id": 1,
        "updated_at": "2026-09-14T16:20:11.301Z"
    })
}

/// The table: one entry per operation, grouped by resource (one function each, so that
/// every group stays short enough to read); within a group in the order of the
/// document's paths. The order is for the reader: [`attach`] finds entries by
/// `operationId`.
fn table() -> Vec<Example> {
    [
        event_examples(),
        field_examples(),
        attendee_examples(),
        door_examples(),
        check_in_history_examples(),
        registration_type_examples(),
        session_examples(),
        client_examples(),
        hub_examples(),
        first_run_examples(),
        staff_examples(),
        sync_state_examples(),
        sync_config_examples(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The account and its events.
fn event_examples() -> Vec<Example> {
    let mut renamed = summit();
    renamed["location"] = json!("Oslo Spektrum, Hall B, Sonja Henies plass 2, Oslo");
    renamed["updated_at"] = json!("2026-09-01T10:02:57.640Z");
    vec![
        Example {
            operation: "getAccount",
            request: None,
            responses: vec![(
                "200",
                item(json!({"id": 1, "name": "Default", "created_at": "2026-08-03T09:14:22.118Z"})),
            )],
        },
        Example {
            operation: "listEvents",
            request: None,
            responses: vec![("200", page(json!([summit()]), 25, 1))],
        },
        Example {
            operation: "createEvent",
            request: Some((
                JSON,
                json!({"item": {
                    "name": "Nordic Rust Meetup",
                    "starts_at": "2026-10-08T17:00:00+02:00",
                    "ends_at": "2026-10-08T21:00:00+02:00",
                    "timezone": "Europe/Oslo",
                    "location": "Kulturhuset, Youngs gate 6, Oslo",
                    "retention_days": 30
                }}),
            )),
            responses: vec![("201", item(meetup()))],
        },
        Example {
            operation: "getEvent",
            request: None,
            responses: vec![("200", item(summit()))],
        },
        Example {
            operation: "updateEvent",
            request: Some((
                JSON,
                json!({"item": {"location": "Oslo Spektrum, Hall B, Sonja Henies plass 2, Oslo"}}),
            )),
            responses: vec![("200", item(renamed))],
        },
    ]
}

/// The event's form: its fields, and how many answers one has.
fn field_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "listAttendeeFields",
            request: None,
            responses: vec![("200", items(form()))],
        },
        Example {
            operation: "createAttendeeField",
            // A checkbox, the one kind that no rule of the schema's `allOf` concerns:
            // redocly closes each `then` branch to the members it names (its
            // `allowAdditionalProperties: false`), so an example of any other type is
            // flagged although it is valid.
            request: Some((
                JSON,
                json!({"item": {
                    "label": "Social events",
                    "type": "checkbox",
                    "required": false,
                    "options": ["Speakers' dinner", "Harbour cruise"]
                }}),
            )),
            responses: vec![("201", item(social_events("Social events")))],
        },
        Example {
            operation: "deleteAttendeeField",
            request: None,
            responses: vec![("200", item(social_events("Evening events")))],
        },
        Example {
            // The name stays `social_events`: names are stable when labels change.
            operation: "updateAttendeeField",
            request: Some((JSON, json!({"item": {"label": "Evening events"}}))),
            responses: vec![("200", item(social_events("Evening events")))],
        },
        Example {
            operation: "countAttendeeFieldAnswers",
            request: None,
            responses: vec![("200", item(json!({"answer_count": 300})))],
        },
    ]
}

/// Attendees: the list, one attendee, changes, and a CSV import.
fn attendee_examples() -> Vec<Example> {
    let mut promoted = nadia("not_checked_in", "2026-09-01T10:12:05.388Z");
    promoted["job_title"] = json!("Director of Engineering");
    promoted["phone"] = json!("+4741234567");
    promoted["fields"][0]["value"] = json!("M");
    vec![
        Example {
            operation: "listAttendees",
            request: None,
            responses: vec![(
                "200",
                page(
                    json!([
                        nadia("not_checked_in", "2026-08-03T09:15:40.611Z"),
                        anders()
                    ]),
                    2,
                    300,
                ),
            )],
        },
        Example {
            operation: "createAttendee",
            request: Some((
                JSON,
                json!({"item": {
                    "first_name": "Ada",
                    "last_name": "Lovelace",
                    "email": "ada.lovelace@analyticalengines.example",
                    "phone": "+44 20 7946 0958",
                    "company": "Analytical Engines",
                    "job_title": "Programmer",
                    "registration_type_id": 2,
                    "fields": [
                        {"attendee_field_id": 2, "value": "M"},
                        {"attendee_field_id": 4, "value": ["Embedded", "Data"]},
                        {"attendee_field_id": 5, "value": "GB"}
                    ]
                }}),
            )),
            responses: vec![("201", item(ada()))],
        },
        Example {
            operation: "getAttendee",
            request: None,
            responses: vec![("200", item(nadia("checked_in", NADIA_IN_AT)))],
        },
        Example {
            operation: "updateAttendee",
            request: Some((
                JSON,
                json!({"item": {
                    "job_title": "Director of Engineering",
                    "phone": "+47 412 34 567",
                    "fields": [{"attendee_field_id": 2, "value": "M"}]
                }}),
            )),
            responses: vec![("200", item(promoted))],
        },
        Example {
            operation: "eraseAttendee",
            request: None,
            responses: vec![(
                "200",
                item(json!({
                    "id": 1,
                    "event_id": 1,
                    "erased_at": "2026-09-20T08:00:00.000Z",
                    "check_ins_kept": 2
                })),
            )],
        },
        Example {
            operation: "importAttendees",
            request: Some((
                "text/csv",
                json!(
                    "first_name,last_name,email,company,registration_type,T-shirt size\n\
                     Grace,Hopper,grace.hopper@navy.example,US Navy,Speaker,L\n\
                     Alan,Turing,alan.turing@bletchley.example,Bletchley Park,General Admission,M\n"
                ),
            )),
            responses: vec![("200", item(import_report()))],
        },
    ]
}

/// What the door does to an attendee: check in, undo, check out, and a scan.
fn door_examples() -> Vec<Example> {
    let nadia_in = nadia("checked_in", NADIA_IN_AT);
    vec![
        Example {
            // At the door (no session); the history keeps the check-in.
            operation: "undoCheckIn",
            request: Some((JSON, json!({"item": {"session_id": null}}))),
            responses: vec![(
                "200",
                item(nadia("not_checked_in", "2026-09-15T06:47:30.009Z")),
            )],
        },
        Example {
            operation: "checkOutAttendee",
            request: Some((JSON, json!({"item": {"session_id": null}}))),
            responses: vec![(
                "200",
                item(nadia("checked_out", "2026-09-15T15:12:44.561Z")),
            )],
        },
        Example {
            // Into the opening keynote: someone not yet through the door is checked in
            // there too.
            operation: "checkInAttendee",
            request: Some((JSON, json!({"item": {"session_id": 1}}))),
            responses: vec![("200", item(nadia_in.clone()))],
        },
        Example {
            operation: "scanCode",
            request: Some((
                JSON,
                json!({"item": {"code": "7KQ2-MXW9-PD3A-H8RT", "action": "check_in"}}),
            )),
            responses: vec![(
                "200",
                item(json!({
                    "outcome": "ok",
                    "message": "Nadia Castillo checked in",
                    "facts": {},
                    "attendee": nadia_in,
                    "missing_fields": []
                })),
            )],
        },
    ]
}

/// The check-in history and the door's figures.
fn check_in_history_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "listAttendeeCheckIns",
            request: None,
            responses: vec![(
                "200",
                page(
                    json!([scan_record(42, 1, "7KQ2-MXW9-PD3A-H8RT", NADIA_IN_AT)]),
                    25,
                    1,
                ),
            )],
        },
        Example {
            operation: "getCheckInStats",
            request: None,
            responses: vec![("200", item(stats()))],
        },
        Example {
            operation: "listCheckIns",
            request: None,
            responses: vec![(
                "200",
                page(
                    json!([
                        scan_record(43, 2, "3AJ5-ER1V-CSPY-9NC0", "2026-09-15T06:47:25.871Z"),
                        scan_record(42, 1, "7KQ2-MXW9-PD3A-H8RT", NADIA_IN_AT)
                    ]),
                    2,
                    43,
                ),
            )],
        },
    ]
}

/// Registration types.
fn registration_type_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "listRegistrationTypes",
            request: None,
            responses: vec![("200", items(json!(registration_types())))],
        },
        Example {
            operation: "createRegistrationType",
            request: Some((JSON, json!({"item": {"name": "Student", "capacity": 50}}))),
            responses: vec![("201", item(student(50, "2026-09-01T10:04:18.233Z")))],
        },
        Example {
            operation: "deleteRegistrationType",
            request: None,
            responses: vec![("200", item(student(80, "2026-09-01T10:04:31.905Z")))],
        },
        Example {
            operation: "updateRegistrationType",
            request: Some((JSON, json!({"item": {"capacity": 80}}))),
            responses: vec![("200", item(student(80, "2026-09-01T10:04:31.905Z")))],
        },
    ]
}

/// Sessions.
fn session_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "listSessions",
            request: None,
            responses: vec![("200", items(json!(sessions())))],
        },
        Example {
            operation: "createSession",
            request: Some((
                JSON,
                json!({"item": {
                    "name": "Lightning talks",
                    "starts_at": "2026-09-16T14:00:00+02:00",
                    "ends_at": "2026-09-16T15:00:00+02:00",
                    "capacity": 300
                }}),
            )),
            responses: vec![(
                "201",
                item(lightning_talks(300, "2026-09-01T10:06:51.470Z")),
            )],
        },
        Example {
            operation: "deleteSession",
            request: None,
            responses: vec![(
                "200",
                item(lightning_talks(250, "2026-09-01T10:07:09.126Z")),
            )],
        },
        Example {
            operation: "updateSession",
            request: Some((JSON, json!({"item": {"capacity": 250}}))),
            responses: vec![(
                "200",
                item(lightning_talks(250, "2026-09-01T10:07:09.126Z")),
            )],
        },
    ]
}

/// API clients: the demo's, and a badge printer being added.
fn client_examples() -> Vec<Example> {
    let demo_client = json!({
        "client_id": "ent_ci_M5PvQC1x9MSnEiOy", "name": "demo", "scopes": "read write check_in",
        "created_at": "2026-08-03T09:15:40.455Z"
    });
    let printer_id = "ent_ci_YEbrPCb0e_mG4eL5";
    vec![
        Example {
            operation: "listClients",
            request: None,
            responses: vec![(
                "200",
                json!([
                    demo_client,
                    {"client_id": printer_id, "name": "Badge printer, hall A", "scopes": "read check_in",
                     "created_at": "2026-09-14T15:02:47.318Z"}
                ]),
            )],
        },
        Example {
            // The secret is shown here only; the server keeps its hash.
            operation: "createClient",
            request: Some((
                JSON,
                json!({"item": {"name": "Badge printer, hall A", "scopes": "read check_in"}}),
            )),
            responses: vec![(
                "201",
                json!({
                    "client_id": printer_id,
                    "client_secret": "ent_cs_4GVHH2TQaIUwnyML_rLltMGF1gsPSO22HbgF52UuVU8",
                    "name": "Badge printer, hall A",
                    "scopes": "read check_in",
                    "token_url": "http://127.0.0.1:7878/oauth/token"
                }),
            )],
        },
    ]
}

/// The venue hub: Hall A's pairing card, the kiosk at Door B joining it, its Devices list.
fn hub_examples() -> Vec<Example> {
    let fingerprint = "3f9a1c0e5b7d24f8a6e1c3b5d7f9021e4a6c8e0b2d4f6a8c1e3b5d7f9a2c4e6b";
    let kiosk = "ent_ci_Q2hEk9vXz3LmTnA7";
    vec![
        Example {
            operation: "createHubCode",
            request: None,
            responses: vec![(
                "201",
                json!({
                    "name": "Hall A", "hub_id": "5be0c2a97f3d1e64",
                    "url": "https://10.0.0.5:7879",
                    "urls": ["https://10.0.0.5:7879", "https://127.0.0.1:7879"],
                    "fingerprint": fingerprint,
                    "fingerprint_grouped": "3F9A 1C0E 5B7D 24F8 A6E1 C3B5 D7F9 021E 4A6C 8E0B 2D4F 6A8C 1E3B 5D7F 9A2C 4E6B",
                    "code": "K7Q2M9XD", "expires_at": "2026-09-15T06:10:00.000Z",
                    "qr_text": format!("entrada-hub:?url=https%3A%2F%2F10.0.0.5%3A7879&fp={fingerprint}&code=K7Q2M9XD&name=Hall+A"),
                    "qr_svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 53 53\">…</svg>"
                }),
            )],
        },
        Example {
            // The proof is HMAC-SHA256(SHA-256("K7Q2M9XD"), "entrada-enrol|" + fingerprint).
            operation: "enrolAtHub",
            request: Some((
                JSON,
                json!({"item": {"device_name": "Kiosk B", "door": "Door B",
                    "proof": "9c41d7e2b06f3a85c1e49d27f0b36a58e2c14d97b0a3f6e81c5d2a49e7b03f16"}}),
            )),
            responses: vec![(
                "201",
                json!({
                    "client_id": kiosk,
                    "client_secret": "ent_cs_Vb8kQ1mZr4TnW7yXc2Lp9HsD6fGj3Ka5Ue0Oi8Rt1Ny",
                    "scopes": "read write", "events": [1],
                    "hub_id": "5be0c2a97f3d1e64", "hub_name": "Hall A",
                    "fingerprint": fingerprint,
                    "hub_proof": "e07b9a14c3d85f26a1b4c7e90d2f53a86b1c4e7f92a05d38c6b1e4f7a20d93c5"
                }),
            )],
        },
        Example {
            operation: "getHubState",
            request: None,
            responses: vec![(
                "200",
                json!({
                    "serving": null,
                    "joined": {
                        "hub_name": "Hall A", "url": "https://10.0.0.5:7879",
                        "fingerprint": fingerprint, "client_id": kiosk, "events": [1]
                    }
                }),
            )],
        },
        Example {
            operation: "findHubs",
            request: None,
            responses: vec![(
                "200",
                json!([{
                    "name": "Hall A", "hub_id": "5be0c2a97f3d1e64",
                    "addresses": ["10.0.0.5"], "port": 7879,
                    "fingerprint_prefix": "3f9a1c0e5b7d24f8a6e1c3b5d7f9021e"
                }]),
            )],
        },
        Example {
            // A hub found on the LAN (findHubs) and the code from its pairing card.
            operation: "joinHub",
            request: Some((
                JSON,
                json!({"item": {"hub_id": "5be0c2a97f3d1e64", "code": "K7Q2-M9XD",
                    "device_name": "Kiosk B", "door": "Door B"}}),
            )),
            responses: vec![(
                "200",
                json!({
                    "hub_name": "Hall A", "url": "https://10.0.0.5:7879",
                    "fingerprint": fingerprint, "client_id": kiosk, "events": [1]
                }),
            )],
        },
        Example {
            operation: "reportToHub",
            request: Some((JSON, json!({"item": {"pending": 3}}))),
            responses: vec![],
        },
        Example {
            // Door B admitted Nadia while it could not reach the hub; Door A had, first.
            operation: "reportHubConflict",
            request: Some((
                JSON,
                json!({"item": {"event_id": 1, "attendee_id": 42,
                    "admitted_at": "2026-09-15T06:31:12.450Z",
                    "message": "Nadia Castillo is already checked in (since 08:30 at Door A)"}}),
            )),
            responses: vec![(
                "201",
                json!({"id": 7, "event_id": 1, "attendee_id": 42, "door": "Door B",
                    "admitted_at": "2026-09-15T06:31:12.450Z",
                    "message": "Nadia Castillo is already checked in (since 08:30 at Door A)",
                    "noticed_at": "2026-09-15T06:33:40.021Z"}),
            )],
        },
        Example {
            operation: "listHubDevices",
            request: None,
            responses: vec![(
                "200",
                json!([{
                    "client_id": kiosk, "name": "Kiosk B", "door": "Door B",
                    "joined_at": "2026-09-15T06:02:11.204Z",
                    "last_contact_at": "2026-09-15T06:41:57.880Z", "pending": 0,
                    "revoked_at": null
                }]),
            )],
        },
    ]
}

/// The first run: the demo event, and setting up the first organiser.
fn first_run_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "deleteDemo",
            request: None,
            responses: vec![("200", json!({"removed": 1}))],
        },
        Example {
            // 201 when it was made now, 200 when the account already had it.
            operation: "createDemo",
            request: None,
            responses: vec![("200", item(summit())), ("201", item(summit()))],
        },
        Example {
            operation: "getSetupStatus",
            request: None,
            responses: vec![("200", json!({"needed": true}))],
        },
        Example {
            operation: "setUp",
            request: Some((
                JSON,
                json!({"item": {
                    "name": "Olivia Organiser",
                    "email": "organiser@demo.example",
                    "password": "correct horse battery staple",
                    "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
                    "redirect_uri": "http://127.0.0.1:7878/oauth/callback"
                }}),
            )),
            responses: vec![(
                "201",
                item(json!({
                    "user": organiser(),
                    "code": "Sp1bfOEXz6u2lrx1QFuKBFo3TSa0RtMqyJ9H7D2o8LE"
                })),
            )],
        },
    ]
}

/// The account's staff, and the signed-in person.
fn staff_examples() -> Vec<Example> {
    let new_staff = with_passphrase(staff_member("door"), "x924-9qxp-sjmd-yq4q");
    vec![
        Example {
            operation: "listStaff",
            request: None,
            responses: vec![(
                "200",
                items(json!([
                    {"id": 2, "name": "Dan Door", "email": "door@demo.example", "role": "door",
                     "disabled": false, "last_sign_in_at": "2026-09-15T05:58:03.712Z",
                     "created_at": "2026-08-03T09:15:40.490Z"},
                    {"id": 1, "name": "Olivia Organiser", "email": "organiser@demo.example",
                     "role": "organiser", "disabled": false,
                     "last_sign_in_at": "2026-09-15T05:41:19.260Z",
                     "created_at": "2026-08-03T09:15:40.480Z"}
                ])),
            )],
        },
        Example {
            operation: "createStaff",
            request: Some((
                JSON,
                json!({"item": {
                    "name": "Sofia Lindqvist",
                    "email": "sofia.lindqvist@demo.example",
                    "role": "door"
                }}),
            )),
            responses: vec![("201", item(new_staff))],
        },
        Example {
            operation: "updateStaff",
            request: Some((JSON, json!({"item": {"role": "organiser"}}))),
            responses: vec![("200", item(staff_member("organiser")))],
        },
        Example {
            operation: "resetStaffPassword",
            request: None,
            responses: vec![(
                "200",
                item(with_passphrase(
                    staff_member("organiser"),
                    "zetr-fhe3-fs4i-vd7a",
                )),
            )],
        },
        Example {
            operation: "getMe",
            request: None,
            responses: vec![("200", item(organiser()))],
        },
        Example {
            operation: "acceptInvitation",
            request: None,
            responses: vec![("200", item(organiser_of_two()))],
        },
        Example {
            operation: "declineInvitation",
            request: None,
            responses: vec![("200", item(organiser()))],
        },
    ]
}

/// [`organiser`] after accepting an invitation to a second account.
fn organiser_of_two() -> Value {
    let mut person = organiser();
    person["accounts"] = json!([
        {"account_id": 1, "account_name": "Default", "role": "organiser"},
        {"account_id": 2, "account_name": "Nordic Dev Summit", "role": "door"}
    ]);
    person
}

/// The sync with a remote registration system: its state, parked changes, a round.
fn sync_state_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "getSyncStatus",
            request: None,
            responses: vec![(
                "200",
                sync_status(2, json!([parked_entry()]), json!([edit_conflict()])),
            )],
        },
        Example {
            operation: "dropParkedChange",
            request: None,
            responses: vec![("200", sync_status(2, json!([]), json!([edit_conflict()])))],
        },
        Example {
            // Corrects what the remote refused; it is sent again at the next round.
            operation: "editParkedChange",
            request: Some((
                JSON,
                json!({"item": {"body": {"item": {"email": "nadia@polardata.example"}}}}),
            )),
            responses: vec![("200", sync_status(3, json!([]), json!([edit_conflict()])))],
        },
        Example {
            operation: "retryParkedChange",
            request: None,
            responses: vec![("200", sync_status(3, json!([]), json!([edit_conflict()])))],
        },
        Example {
            operation: "runSync",
            request: None,
            responses: vec![
                (
                    "200",
                    json!({
                        "reached": true, "confirmed": 3, "parked": 0, "waiting": 0, "pulled": 12,
                        "pending": 0, "error": null
                    }),
                ),
                // With `Prefer: respond-async`: the state as the round starts.
                ("202", sync_status(3, json!([]), json!([]))),
            ],
        },
    ]
}

/// The sync's settings, and testing them before saving.
fn sync_config_examples() -> Vec<Example> {
    vec![
        Example {
            operation: "getSyncConfig",
            request: None,
            responses: vec![("200", sync_settings())],
        },
        Example {
            operation: "putSyncConfig",
            request: Some((
                JSON,
                json!({"item": {
                    "base_url": SYNC_BASE,
                    "auth_url": "https://registration.example.com",
                    "client_id": "kiosk-oslo-spektrum",
                    "client_secret": "rk_live_6Jq2cZx8Wm4Tn7Pb",
                    "events": [4711]
                }}),
            )),
            responses: vec![("200", sync_settings())],
        },
        Example {
            operation: "testSyncConnection",
            request: Some((
                JSON,
                json!({"item": {
                    "base_url": SYNC_BASE,
                    "auth_url": "https://registration.example.com",
                    "client_id": "kiosk-oslo-spektrum",
                    "client_secret": "rk_live_6Jq2cZx8Wm4Tn7Pb"
                }}),
            )),
            responses: vec![(
                "200",
                json!({
                    "ok": true,
                    "stage": null,
                    "message": "Connected to registration.example.com: 2 events.",
                    "events": [
                        {"id": 4711, "name": "Northern Lights Tech Summit 2026",
                         "starts_at": "2026-09-15T06:00:00.000Z", "ends_at": "2026-09-16T16:00:00.000Z"},
                        {"id": 4802, "name": "Nordic Rust Meetup",
                         "starts_at": "2026-10-08T15:00:00.000Z", "ends_at": "2026-10-08T19:00:00.000Z"}
                    ]
                }),
            )],
        },
    ]
}

/// The door at 09:50 in Oslo on the first day.
fn stats() -> Value {
    let counts = |not_in: i64, checked_in: i64, checked_out: i64| json!({"not_checked_in": not_in, "checked_in": checked_in, "checked_out": checked_out});
    json!({
        "total": 300,
        "by_checkin_status": counts(62, 231, 7),
        "by_registration_type": [
            {"registration_type_id": 1, "name": "General Admission", "total": 261, "by_checkin_status": counts(55, 200, 6)},
            {"registration_type_id": 2, "name": "VIP", "total": 17, "by_checkin_status": counts(2, 15, 0)},
            {"registration_type_id": 3, "name": "Speaker", "total": 13, "by_checkin_status": counts(0, 12, 1)},
            {"registration_type_id": 4, "name": "Press", "total": 9, "by_checkin_status": counts(5, 4, 0)}
        ],
        "by_session": [
            {"session_id": 1, "name": "Opening keynote", "capacity": 900, "checked_in": 214, "checked_out": 0},
            {"session_id": 2, "name": "Workshop: async Rust in production", "capacity": 40, "checked_in": 0, "checked_out": 0}
        ],
        "check_ins_last_5_minutes": 4,
        "check_ins_last_60_minutes": 118,
        "generated_at": "2026-09-15T07:50:00.412Z"
    })
}

/// What importing `importAttendees`' example CSV into event 1 reports.
fn import_report() -> Value {
    let column = |heading: &str, target: &str| json!({"heading": heading, "target": target});
    let row = |row: u64, id: i64, name: &str| json!({"row": row, "action": "create", "attendee_id": id, "name": name, "errors": []});
    json!({
        "dry_run": false,
        "written": true,
        "refused": false,
        "rows": 2,
        "created": 2,
        "updated": 0,
        "unchanged": 0,
        "invalid": 0,
        "columns": [
            column("first_name", "first_name"),
            column("last_name", "last_name"),
            column("email", "email"),
            column("company", "company"),
            column("registration_type", "registration_type"),
            column("T-shirt size", "field:t_shirt_size")
        ],
        "results": [row(2, 302, "Grace Hopper"), row(3, 303, "Alan Turing")]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Map;

    /// The finished document, as `server::app` builds it.
    fn document() -> Value {
        let (_, mut doc) = crate::api::router();
        doc.merge(crate::api::kiosk_router().1);
        crate::api::openapi::finish(doc)
    }

    /// Every operation: `(operationId, operation)`.
    fn operations(doc: &Value) -> Vec<(String, &Value)> {
        doc["paths"]
            .as_object()
            .expect("paths")
            .values()
            .filter_map(Value::as_object)
            .flat_map(|item| item.values())
            .filter_map(|op| Some((op.get("operationId")?.as_str()?.to_owned(), op)))
            .collect()
    }

    #[test]
    fn every_request_body_has_an_example_in_every_media_type() {
        let doc = document();
        let mut missing = Vec::new();
        let mut bodies = 0;
        for (id, op) in operations(&doc) {
            let Some(content) = op
                .pointer("/requestBody/content")
                .and_then(Value::as_object)
            else {
                continue;
            };
            for (media, object) in content {
                bodies += 1;
                if object.get("example").is_none() {
                    missing.push(format!("{id} {media}"));
                }
            }
        }
        assert!(bodies > 20, "only {bodies} request bodies in the document");
        assert!(
            missing.is_empty(),
            "request bodies without an example: {missing:?}"
        );
    }

    #[test]
    fn every_json_answer_of_success_has_an_example() {
        let doc = document();
        let mut missing = Vec::new();
        for (id, op) in operations(&doc) {
            for (status, response) in op["responses"].as_object().expect("responses") {
                if status.starts_with('2')
                    && let Some(media) = response.pointer("/content/application~1json")
                    && media.get("example").is_none()
                {
                    missing.push(format!("{id} {status}"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "JSON success answers without an example: {missing:?}"
        );
    }

    #[test]
    fn every_example_names_an_operation_and_a_body_it_has() {
        let doc = document();
        let ops = operations(&doc);
        let mut seen = Vec::new();
        for example in table() {
            assert!(
                !seen.contains(&example.operation),
                "{} is in the table twice",
                example.operation
            );
            seen.push(example.operation);
            let Some((_, op)) = ops.iter().find(|(id, _)| id == example.operation) else {
                panic!(
                    "the table names {}, which is no operation of the document",
                    example.operation
                );
            };
            if let Some((media, _)) = &example.request {
                assert!(
                    op.pointer("/requestBody/content")
                        .and_then(|c| c.get(*media))
                        .is_some(),
                    "{} has no {media} request body",
                    example.operation
                );
            }
            for (status, _) in &example.responses {
                assert!(
                    op["responses"][*status]
                        .pointer("/content/application~1json")
                        .is_some(),
                    "{} has no JSON answer {status}",
                    example.operation
                );
            }
        }
    }

    /// Objects with declared members reject others (as redocly's
    /// `no-invalid-media-type-examples` does by default), so that an example cannot
    /// carry a member the schema does not have. A composition (`allOf`) is closed as a
    /// whole: its branches are inlined open and the composite gets
    /// `unevaluatedProperties: false`. Conditional branches (`if`/`then`) stay open.
    fn closed(schema: &mut Value, originals: &Map<String, Value>) {
        let Value::Object(map) = schema else {
            if let Value::Array(items) = schema {
                items.iter_mut().for_each(|s| closed(s, originals));
            }
            return;
        };
        if let Some(Value::Array(branches)) = map.get_mut("allOf") {
            for branch in branches.iter_mut() {
                let target = branch
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| r.strip_prefix("#/components/schemas/"))
                    .and_then(|name| originals.get(name));
                if let Some(target) = target {
                    *branch = target.clone();
                }
            }
            map.entry("unevaluatedProperties")
                .or_insert(Value::Bool(false));
        } else if map.contains_key("properties") {
            map.entry("additionalProperties")
                .or_insert(Value::Bool(false));
        }
        for (key, value) in map.iter_mut() {
            if !matches!(key.as_str(), "allOf" | "if" | "then" | "else") {
                closed(value, originals);
            }
        }
    }

    #[test]
    fn every_example_is_valid_against_its_schema() {
        let doc = document();
        let originals = doc["components"]["schemas"]
            .as_object()
            .expect("schemas")
            .clone();
        let mut components = doc["components"].clone();
        closed(&mut components, &originals);
        let mut checked = 0;
        let mut problems = Vec::new();
        for (id, op) in operations(&doc) {
            let mut media_types: Vec<(String, &Value)> = Vec::new();
            if let Some(content) = op
                .pointer("/requestBody/content")
                .and_then(Value::as_object)
            {
                media_types.extend(content.iter().map(|(m, o)| (format!("request {m}"), o)));
            }
            for (status, response) in op["responses"].as_object().expect("responses") {
                if let Some(content) = response.get("content").and_then(Value::as_object) {
                    media_types.extend(content.iter().map(|(m, o)| (format!("{status} {m}"), o)));
                }
            }
            for (what, object) in media_types {
                let Some(example) = object.get("example") else {
                    continue;
                };
                let mut schema = object["schema"].clone();
                closed(&mut schema, &originals);
                let root = json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "allOf": [schema],
                    "components": components.clone()
                });
                let validator = jsonschema::options()
                    .with_draft(jsonschema::Draft::Draft202012)
                    .should_validate_formats(true)
                    .build(&root)
                    .unwrap_or_else(|e| panic!("the schema of {id} {what} does not compile: {e}"));
                problems.extend(
                    validator
                        .iter_errors(example)
                        .map(|e| format!("{id} {what}: {e} at {}", e.instance_path)),
                );
                checked += 1;
            }
        }
        assert!(
            problems.is_empty(),
            "examples that do not fit their schema: {problems:#?}"
        );
        assert!(checked > 60, "only {checked} examples checked");
    }
}

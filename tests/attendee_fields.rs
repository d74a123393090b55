//! Attendee fields (the event's form questions) over real HTTP: the record, machine
//! names, positions and reordering, delete, changes that existing answers would not fit,
//! validation (422 bodies naming the member), 404s and scopes.

use crate::common;

use std::collections::HashSet;
use std::thread::sleep;
use std::time::Duration;

use common::{Records, Server, answer, assert_mentions, id_of, setup};
use serde_json::{Value, json};

/// Every type of the spec's list.
const TYPES: [&str; 49] = [
    "accessibility_requirements",
    "address",
    "bio",
    "checkbox",
    "company_name",
    "consent",
    "contact_phone",
    "country",
    "date",
    "date_of_birth",
    "dietary_requirements",
    "dropdown",
    "email",
    "external_id",
    "facebook_account",
    "first_name",
    "full_name",
    "gender",
    "github_account",
    "guest",
    "headline",
    "home_address",
    "instagram_account",
    "job_title",
    "last_name",
    "linkedin_account",
    "long_text",
    "nationality",
    "number",
    "spacer",
    "paragraph",
    "passport_number",
    "radio",
    "section_divider",
    "shipping_address",
    "short_text",
    "social_account",
    "tel",
    "term_and_consent",
    "text",
    "text_area",
    "time",
    "twitter_account",
    "url",
    "work_address",
    "youtube_account",
    "captcha",
    "file_upload",
    "image",
];

const PRESENTATIONAL: [&str; 4] = ["spacer", "section_divider", "paragraph", "captcha"];

/// The event's fields.
const FIELDS: Records = Records("attendee_fields");

/// The event's fields, asserting the `{items, metadata: {}}` envelope.
fn list(s: &Server, t: &str, event: i64) -> Vec<Value> {
    let r = s.get(&FIELDS.list_path(event), t);
    assert_eq!(r.status, 200, "list fields: {}", r.text);
    let body = r.json();
    assert_eq!(body["metadata"], json!({}), "metadata of {body}");
    body["items"]
        .as_array()
        .unwrap_or_else(|| panic!("no items array in {body}"))
        .clone()
}

/// `(label, position)` of the event's fields, in list order.
fn order(s: &Server, t: &str, event: i64) -> Vec<(String, i64)> {
    list(s, t, event)
        .iter()
        .map(|f| {
            (
                f["label"].as_str().expect("label").to_owned(),
                f["position"].as_i64().expect("position"),
            )
        })
        .collect()
}

fn expect_order(s: &Server, t: &str, event: i64, labels: &[&str]) {
    let expected: Vec<(String, i64)> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| ((*l).to_owned(), i as i64 + 1))
        .collect();
    assert_eq!(order(s, t, event), expected);
}

/// The ids of the fields an attendee's `fields` lists, in order.
fn listed_field_ids(attendee: &Value) -> Vec<i64> {
    attendee["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields in {attendee}"))
        .iter()
        .map(|fv| id_of(&fv["field"]))
        .collect()
}

/// Options that make a field of `kind` valid.
fn options_for(kind: &str) -> Value {
    if matches!(kind, "dropdown" | "radio") {
        json!(["One", "Two"])
    } else {
        json!([])
    }
}

// ---------------------------------------------------------------------------------------
// The record

#[test]
fn create_answers_the_new_field() {
    let (s, t, event) = setup();
    let r = FIELDS.create(
        &s,
        &t,
        event,
        json!({"label": "T-shirt size", "type": "dropdown", "options": ["S", "M", "L"], "required": true}),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    let body = r.json();
    assert_eq!(body["metadata"], json!({}));
    let f = body["item"].clone();
    let keys: HashSet<&str> = f
        .as_object()
        .expect("item is an object")
        .keys()
        .map(String::as_str)
        .collect();
    let expected: HashSet<&str> = [
        "id", "label", "required", "position", "name", "type", "options",
    ]
    .into_iter()
    .collect();
    assert_eq!(keys, expected, "members of {f}");
    assert!(f["id"].is_i64(), "{f}");
    assert_eq!(f["label"], "T-shirt size");
    assert_eq!(f["required"], true);
    assert_eq!(f["position"], 1);
    assert_eq!(f["name"], "t_shirt_size");
    assert_eq!(f["type"], "dropdown");
    assert_eq!(f["options"], json!(["S", "M", "L"]));
    assert_eq!(list(&s, &t, event), vec![f]);

    // Defaults: not required, options [] when none.
    let g = s.field(&t, event, json!({"label": "Company", "type": "short_text"}));
    assert_eq!(g["required"], false);
    assert_eq!(g["options"], json!([]));
    assert_eq!(g["position"], 2);
    let h = s.field(
        &t,
        event,
        json!({"label": "Newsletter", "type": "checkbox", "options": null}),
    );
    assert_eq!(h["options"], json!([]));
    let i = s.field(
        &t,
        event,
        json!({"label": "  Spaced label  ", "type": "text"}),
    );
    assert_eq!(i["label"], "Spaced label", "text is trimmed");
}

#[test]
fn an_attendee_read_shows_each_field_edit_at_once() {
    // The server keeps the event's fields in memory between reads (db::cache): every
    // kind of edit must show in the very next read, never a copy from before it.
    let (s, t, event) = setup();
    let f = s.field(
        &t,
        event,
        json!({"label": "Diet", "type": "dropdown", "options": ["Vegan", "Any"]}),
    );
    let fid = id_of(&f);
    let a = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "fields": [{"attendee_field_id": fid, "value": "Vegan"}]}),
    );
    let path = format!("/events/{event}/attendees/{}", id_of(&a));
    let read = || s.get(&path, &t).json()["item"]["fields"].clone();
    assert_eq!(read()[0]["field"]["label"], "Diet");
    assert_eq!(
        read()[0]["field"]["label"],
        "Diet",
        "a second read, from the copy"
    );

    let r = FIELDS.update(
        &s,
        &t,
        event,
        fid,
        json!({"label": "Dietary needs", "options": ["Vegan", "Any", "Halal"]}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let after = read();
    assert_eq!(after[0]["field"]["label"], "Dietary needs");
    assert_eq!(
        after[0]["field"]["options"],
        json!(["Vegan", "Any", "Halal"])
    );
    assert_eq!(after[0]["value"], "Vegan");

    let g = s.field(&t, event, json!({"label": "Shirt", "type": "short_text"}));
    assert_eq!(
        read().as_array().map(Vec::len),
        Some(2),
        "a new field is listed"
    );
    let r = s.delete(&format!("{}/{}", FIELDS.list_path(event), id_of(&g)), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        read().as_array().map(Vec::len),
        Some(1),
        "a deleted one is gone"
    );
}

#[test]
fn every_type_of_the_spec_is_accepted() {
    let (s, t, event) = setup();
    for (i, kind) in TYPES.iter().enumerate() {
        let f = s.field(
            &t,
            event,
            json!({"label": format!("Q {kind}"), "type": kind, "options": options_for(kind)}),
        );
        assert_eq!(f["type"], *kind);
        assert_eq!(f["position"], json!(i + 1));
    }
    // An attendee lists the ones that take a value, in position order.
    let a = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let listed: Vec<String> = a["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .map(|fv| fv["field"]["type"].as_str().expect("type").to_owned())
        .collect();
    let expected: Vec<String> = TYPES
        .iter()
        .filter(|k| !PRESENTATIONAL.contains(*k))
        .map(|k| (*k).to_owned())
        .collect();
    assert_eq!(listed, expected);
    assert!(
        a["fields"]
            .as_array()
            .expect("fields")
            .iter()
            .all(|fv| fv["value"].is_null())
    );
}

#[test]
fn names_are_derived_from_labels_and_unique_within_the_event() {
    let (s, t, event) = setup();
    let other = s.event(&t, "Other");
    let kind = json!("short_text");
    let name = |e: i64, label: &str| {
        s.field(&t, e, json!({"label": label, "type": kind}))["name"]
            .as_str()
            .expect("name")
            .to_owned()
    };
    assert_eq!(name(event, "T-shirt size"), "t_shirt_size");
    assert_eq!(name(event, "T-shirt size"), "t_shirt_size_2");
    assert_eq!(name(event, "T-shirt size?"), "t_shirt_size_3");
    assert_eq!(name(other, "T-shirt size"), "t_shirt_size", "per event");
    assert_eq!(name(event, "Dietary Requirements"), "dietary_requirements");
    assert_eq!(name(event, "???"), "field");

    // The name is stable when the label changes.
    let f = s.field(&t, event, json!({"label": "Company", "type": "short_text"}));
    assert_eq!(f["name"], "company");
    let r = FIELDS.update(&s, &t, event, id_of(&f), json!({"label": "Employer"}));
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["label"], "Employer");
    assert_eq!(r.item()["name"], "company");
    // ... and still taken.
    assert_eq!(name(event, "Company"), "company_2");

    let names: Vec<String> = list(&s, &t, event)
        .iter()
        .map(|f| f["name"].as_str().expect("name").to_owned())
        .collect();
    let unique: HashSet<&String> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "names unique: {names:?}");
}

// ---------------------------------------------------------------------------------------
// Order

#[test]
fn create_appends_and_list_is_in_position_order() {
    let (s, t, event) = setup();
    for label in ["A", "B", "C", "D"] {
        s.field(&t, event, json!({"label": label, "type": "short_text"}));
    }
    expect_order(&s, &t, event, &["A", "B", "C", "D"]);

    // After a move, the list follows positions, not ids.
    let d = id_of(&list(&s, &t, event)[3]);
    let r = FIELDS.update(&s, &t, event, d, json!({"position": 1}));
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["position"], 1);
    expect_order(&s, &t, event, &["D", "A", "B", "C"]);
    let e = s.field(&t, event, json!({"label": "E", "type": "short_text"}));
    assert_eq!(e["position"], 5, "new fields go last");
    expect_order(&s, &t, event, &["D", "A", "B", "C", "E"]);

    // Position cannot be chosen on create.
    let r = FIELDS.create(
        &s,
        &t,
        event,
        json!({"label": "F", "type": "short_text", "position": 1}),
    );
    assert_mentions(&r.errors(), "item.position");
    expect_order(&s, &t, event, &["D", "A", "B", "C", "E"]);
}

#[test]
fn patch_position_moves_a_field_and_shifts_the_others() {
    let (s, t, event) = setup();
    let mut ids = std::collections::HashMap::new();
    for label in ["A", "B", "C", "D"] {
        let f = s.field(&t, event, json!({"label": label, "type": "short_text"}));
        ids.insert(label, id_of(&f));
    }
    let mv = |label: &str, position: Value| {
        let r = FIELDS.update(&s, &t, event, ids[label], json!({ "position": position }));
        assert_eq!(r.status, 200, "move {label} to {position}: {}", r.text);
        r.item()["position"].as_i64().expect("position")
    };
    assert_eq!(mv("D", json!(2)), 2);
    expect_order(&s, &t, event, &["A", "D", "B", "C"]);
    assert_eq!(mv("A", json!(3)), 3);
    expect_order(&s, &t, event, &["D", "B", "A", "C"]);
    assert_eq!(mv("B", json!(2)), 2, "to its own place");
    expect_order(&s, &t, event, &["D", "B", "A", "C"]);
    // Clamped to the ends.
    assert_eq!(mv("D", json!(99)), 4);
    expect_order(&s, &t, event, &["B", "A", "C", "D"]);
    assert_eq!(mv("C", json!(0)), 1);
    expect_order(&s, &t, event, &["C", "B", "A", "D"]);
    assert_eq!(mv("A", json!(-5)), 1);
    expect_order(&s, &t, event, &["A", "C", "B", "D"]);

    // A move together with other changes.
    let r = FIELDS.update(
        &s,
        &t,
        event,
        ids["D"],
        json!({"position": 1, "label": "D2", "required": true}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["required"], true);
    expect_order(&s, &t, event, &["D2", "A", "C", "B"]);

    // Not a number: refused, nothing moves.
    let r = FIELDS.update(&s, &t, event, ids["A"], json!({"position": "first"}));
    assert_mentions(&r.errors(), "item.position");
    expect_order(&s, &t, event, &["D2", "A", "C", "B"]);
}

// ---------------------------------------------------------------------------------------
// Delete

#[test]
fn delete_answers_the_deleted_field_and_takes_its_answers() {
    let (s, t, event) = setup();
    let a = s.field(&t, event, json!({"label": "A", "type": "short_text"}));
    let b = s.field(
        &t,
        event,
        json!({"label": "B", "type": "dropdown", "options": ["x", "y"]}),
    );
    let c = s.field(&t, event, json!({"label": "C", "type": "number"}));
    let d = s.field(&t, event, json!({"label": "D", "type": "short_text"}));
    let attendee = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "fields": [
            {"attendee_field_id": id_of(&a), "value": "keep"},
            {"attendee_field_id": id_of(&b), "value": "y"},
            {"attendee_field_id": id_of(&c), "value": 3},
        ]}),
    );
    let aid = id_of(&attendee);
    sleep(Duration::from_millis(20));

    let r = s.delete(&FIELDS.one_path(event, id_of(&b)), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json(), json!({"item": b, "metadata": {}}));

    // Positions compact; the others keep their answers.
    expect_order(&s, &t, event, &["A", "C", "D"]);
    let after = s.fetch_attendee(&t, event, aid);
    assert_eq!(
        listed_field_ids(&after),
        vec![id_of(&a), id_of(&c), id_of(&d)]
    );
    assert_eq!(answer(&after, id_of(&a)), "keep");
    assert_eq!(answer(&after, id_of(&c)), 3);
    assert_eq!(after["fields"][1]["field"]["position"], 2);
    // The attendee's `fields` changed, so its updated_at moved.
    let (before, now) = (
        attendee["updated_at"].as_str().expect("updated_at"),
        after["updated_at"].as_str().expect("updated_at"),
    );
    assert!(now > before, "updated_at moved: {before} -> {now}");
    let listed = s.get(&format!("/events/{event}/attendees"), &t).json();
    assert_eq!(listed["items"][0], after);

    // It is gone: a second delete, a PATCH and an answer to it are refused.
    s.delete(&FIELDS.one_path(event, id_of(&b)), &t)
        .assert_not_found("second delete");
    FIELDS
        .update(&s, &t, event, id_of(&b), json!({"label": "B"}))
        .assert_not_found("PATCH deleted");
    let r = s.patch(
        &format!("/events/{event}/attendees/{aid}"),
        &t,
        json!({"item": {"fields": [{"attendee_field_id": id_of(&b), "value": "x"}]}}),
    );
    assert_mentions(&r.errors(), "item.fields[0].attendee_field_id");

    // A new field with the same label does not bring the old answer back.
    let b2 = s.field(
        &t,
        event,
        json!({"label": "B", "type": "dropdown", "options": ["x", "y"]}),
    );
    assert_eq!(b2["position"], 4);
    assert_eq!(
        answer(&s.fetch_attendee(&t, event, aid), id_of(&b2)),
        Value::Null
    );

    // Deleting the first and the last compacts too.
    let r = s.delete(&FIELDS.one_path(event, id_of(&a)), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    let r = s.delete(&FIELDS.one_path(event, id_of(&b2)), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    expect_order(&s, &t, event, &["C", "D"]);
}

#[test]
fn a_required_field_can_be_deleted_and_is_then_not_required() {
    let (s, t, event) = setup();
    let f = s.field(
        &t,
        event,
        json!({"label": "Diet", "type": "short_text", "required": true}),
    );
    let r = s.post(
        &format!("/events/{event}/attendees"),
        &t,
        json!({"item": {"first_name": "Ada"}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    let r = s.delete(&FIELDS.one_path(event, id_of(&f)), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    let a = s.attendee(&t, event, json!({"first_name": "Ada"}));
    assert_eq!(a["fields"], json!([]));
}

// ---------------------------------------------------------------------------------------
// Changes that existing answers would not fit

#[test]
fn changing_options_that_answers_use_is_refused() {
    let (s, t, event) = setup();
    let size = s.field(
        &t,
        event,
        json!({"label": "Size", "type": "dropdown", "options": ["S", "M", "L"]}),
    );
    let sid = id_of(&size);
    let a = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "fields": [{"attendee_field_id": sid, "value": "M"}]}),
    );
    let fields_before = list(&s, &t, event);

    for item in [
        json!({"options": ["S", "L"]}),
        json!({"options": ["s", "m", "l"]}),
        json!({"type": "number"}),
        json!({"type": "consent", "options": []}),
        json!({"type": "checkbox"}),
        json!({"type": "number", "options": []}),
    ] {
        let r = FIELDS.update(&s, &t, event, sid, item.clone());
        assert_eq!(r.status, 422, "{item}: {}", r.text);
        r.errors();
    }
    assert_eq!(list(&s, &t, event), fields_before, "nothing changed");
    assert_eq!(answer(&s.fetch_attendee(&t, event, id_of(&a)), sid), "M");

    // Changes the answer still fits are fine.
    let r = FIELDS.update(
        &s,
        &t,
        event,
        sid,
        json!({"options": ["S", "M", "L", "XL"]}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["options"], json!(["S", "M", "L", "XL"]));
    let r = FIELDS.update(&s, &t, event, sid, json!({"options": ["M", "S"]}));
    assert_eq!(r.status, 200, "{}", r.text);
    let r = FIELDS.update(&s, &t, event, sid, json!({"type": "radio"}));
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["type"], "radio");
    assert_eq!(answer(&s.fetch_attendee(&t, event, id_of(&a)), sid), "M");

    // Once the answer is cleared, the change is allowed.
    let r = s.patch(
        &format!("/events/{event}/attendees/{}", id_of(&a)),
        &t,
        json!({"item": {"fields": [{"attendee_field_id": sid, "value": null}]}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let r = FIELDS.update(&s, &t, event, sid, json!({"options": ["S"]}));
    assert_eq!(r.status, 200, "{}", r.text);
}

#[test]
fn changing_the_type_so_answers_no_longer_fit_is_refused() {
    let (s, t, event) = setup();
    let text = s.field(&t, event, json!({"label": "Note", "type": "short_text"}));
    let num = s.field(&t, event, json!({"label": "Guests", "type": "number"}));
    let boxes = s.field(
        &t,
        event,
        json!({"label": "Topics", "type": "checkbox", "options": ["a", "b"]}),
    );
    let unanswered = s.field(&t, event, json!({"label": "Spare", "type": "number"}));
    s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "fields": [
            {"attendee_field_id": id_of(&text), "value": "hello"},
            {"attendee_field_id": id_of(&num), "value": 2},
            {"attendee_field_id": id_of(&boxes), "value": ["a", "b"]},
        ]}),
    );
    let before = list(&s, &t, event);

    for (field, item) in [
        (&text, json!({"type": "number"})),
        (&text, json!({"type": "email"})),
        (&text, json!({"type": "date"})),
        (&num, json!({"type": "short_text"})),
        (&num, json!({"type": "consent"})),
        (&text, json!({"type": "spacer"})),
        (&boxes, json!({"options": ["a"]})),
        (&boxes, json!({"options": []})),
        (&boxes, json!({"options": null})),
    ] {
        let r = FIELDS.update(&s, &t, event, id_of(field), item.clone());
        assert_eq!(r.status, 422, "{} {item}: {}", field["label"], r.text);
        r.errors();
    }
    assert_eq!(list(&s, &t, event), before, "nothing changed");

    // Fitting changes pass; a field nobody answered changes freely.
    let r = FIELDS.update(&s, &t, event, id_of(&text), json!({"type": "long_text"}));
    assert_eq!(r.status, 200, "{}", r.text);
    let r = FIELDS.update(
        &s,
        &t,
        event,
        id_of(&boxes),
        json!({"options": ["b", "a", "c"]}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    for kind in ["email", "date", "consent", "short_text"] {
        let r = FIELDS.update(&s, &t, event, id_of(&unanswered), json!({ "type": kind }));
        assert_eq!(r.status, 200, "unanswered -> {kind}: {}", r.text);
        assert_eq!(r.item()["type"], kind);
    }
}

#[test]
fn making_a_field_required_applies_to_new_attendees() {
    let (s, t, event) = setup();
    let diet = s.field(&t, event, json!({"label": "Diet", "type": "short_text"}));
    let old = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let answered = s.attendee(
        &t,
        event,
        json!({"first_name": "Bo", "fields": [{"attendee_field_id": id_of(&diet), "value": "vegan"}]}),
    );
    let r = FIELDS.update(&s, &t, event, id_of(&diet), json!({"required": true}));
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["required"], true);

    // Existing attendees are still fine and can be updated.
    let r = s.patch(
        &format!("/events/{event}/attendees/{}", id_of(&old)),
        &t,
        json!({"item": {"job_title": "CTO"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    // New attendees must answer.
    let r = s.post(
        &format!("/events/{event}/attendees"),
        &t,
        json!({"item": {"first_name": "Cy"}}),
    );
    assert_mentions(&r.errors(), "diet");
    // An answer cannot be cleared.
    let r = s.patch(
        &format!("/events/{event}/attendees/{}", id_of(&answered)),
        &t,
        json!({"item": {"fields": [{"attendee_field_id": id_of(&diet), "value": null}]}}),
    );
    assert_mentions(&r.errors(), "item.fields");
    // The attendee's copy of the field shows the change.
    let got = s.fetch_attendee(&t, event, id_of(&old));
    assert_eq!(got["fields"][0]["field"]["required"], true);
}

// ---------------------------------------------------------------------------------------
// Validation

#[test]
fn create_validation_names_the_member() {
    let (s, t, event) = setup();
    let cases: Vec<(Value, &[&str])> = vec![
        (json!({"type": "short_text"}), &["item.label"]),
        (json!({"label": "", "type": "short_text"}), &["item.label"]),
        (
            json!({"label": "   ", "type": "short_text"}),
            &["item.label"],
        ),
        (json!({"label": 5, "type": "short_text"}), &["item.label"]),
        (json!({"label": "Q"}), &["item.type"]),
        (json!({"label": "Q", "type": "selfie"}), &["item.type"]),
        (json!({"label": "Q", "type": "Dropdown"}), &["item.type"]),
        (json!({"label": "Q", "type": 3}), &["item.type"]),
        (json!({"label": "Q", "type": "dropdown"}), &["item.options"]),
        (
            json!({"label": "Q", "type": "dropdown", "options": []}),
            &["item.options"],
        ),
        (
            json!({"label": "Q", "type": "dropdown", "options": null}),
            &["item.options"],
        ),
        (json!({"label": "Q", "type": "radio"}), &["item.options"]),
        (
            json!({"label": "Q", "type": "short_text", "options": ["a"]}),
            &["item.options"],
        ),
        (
            json!({"label": "Q", "type": "number", "options": ["1"]}),
            &["item.options"],
        ),
        (
            json!({"label": "Q", "type": "dropdown", "options": ["a", "a"]}),
            &["item.options[1]"],
        ),
        (
            json!({"label": "Q", "type": "dropdown", "options": ["a", ""]}),
            &["item.options[1]"],
        ),
        (
            json!({"label": "Q", "type": "dropdown", "options": "a"}),
            &["item.options"],
        ),
        (
            json!({"label": "Q", "type": "dropdown", "options": [1, 2]}),
            &["item.options"],
        ),
        (
            json!({"label": "Q", "type": "short_text", "required": "yes"}),
            &["item.required"],
        ),
        (
            json!({"label": "Q", "type": "spacer", "required": true}),
            &["item.required"],
        ),
        (
            json!({"label": "Q", "type": "short_text", "position": 1}),
            &["item.position"],
        ),
        // Several problems, one message each.
        (json!({}), &["item.label", "item.type"]),
        (
            json!({"label": "", "type": "selfie", "position": 2}),
            &["item.label", "item.type", "item.position"],
        ),
        (
            json!({"label": "Q", "type": "captcha", "required": true, "options": ["a"]}),
            &["item.options", "item.required"],
        ),
    ];
    let mut extra_messages = Vec::new();
    for (item, members) in cases {
        let r = FIELDS.create(&s, &t, event, item.clone());
        assert_eq!(r.status, 422, "{item}: {}", r.text);
        let errors = r.errors();
        for member in members {
            assert_mentions(&errors, member);
        }
        if errors.len() != members.len() {
            extra_messages.push(format!("{item}: expected {members:?}, got {errors:?}"));
        }
    }
    assert_eq!(list(&s, &t, event), Vec::<Value>::new(), "nothing created");
    assert!(
        extra_messages.is_empty(),
        "one message per problem: {extra_messages:#?}"
    );
}

#[test]
fn body_must_be_json_with_an_item() {
    let (s, t, event) = setup();
    let f = s.field(&t, event, json!({"label": "Q", "type": "short_text"}));
    for (method, path) in [
        ("POST", FIELDS.list_path(event)),
        ("PATCH", FIELDS.one_path(event, id_of(&f))),
    ] {
        for (body, needle) in [
            ("not json", "JSON"),
            ("{\"item\": {\"label\": \"Q\"", "JSON"),
            ("", "empty"),
            ("{}", "item"),
            ("{\"item\": null}", "item"),
            ("{\"label\": \"Q\", \"type\": \"text\"}", "item"),
            ("{\"item\": \"Q\"}", "item"),
        ] {
            let r = s.call_raw(method, &path, Some(&t), "application/json", body.into());
            assert_eq!(r.status, 422, "{method} {body:?}: {}", r.text);
            assert_mentions(&r.errors(), needle);
        }
    }
    assert_eq!(list(&s, &t, event), vec![f], "nothing changed");
}

#[test]
fn patch_validation_and_a_failed_patch_changes_nothing() {
    let (s, t, event) = setup();
    let size = s.field(
        &t,
        event,
        json!({"label": "Size", "type": "dropdown", "options": ["S", "M"]}),
    );
    let note = s.field(&t, event, json!({"label": "Note", "type": "short_text"}));
    let before = list(&s, &t, event);
    for (field, item, members) in [
        (&size, json!({"label": ""}), vec!["item.label"]),
        (&size, json!({"type": "selfie"}), vec!["item.type"]),
        (&size, json!({"options": []}), vec!["item.options"]),
        (&size, json!({"options": null}), vec!["item.options"]),
        (
            &size,
            json!({"options": ["S", "S"]}),
            vec!["item.options[1]"],
        ),
        (&size, json!({"type": "short_text"}), vec!["item.options"]),
        (&note, json!({"options": ["a"]}), vec!["item.options"]),
        (&note, json!({"type": "radio"}), vec!["item.options"]),
        (
            &note,
            json!({"type": "spacer", "required": true}),
            vec!["item.required"],
        ),
        (&note, json!({"required": "no"}), vec!["item.required"]),
        (
            &note,
            json!({"label": "", "type": "selfie"}),
            vec!["item.label", "item.type"],
        ),
        // A good member alongside a bad one is not applied.
        (
            &note,
            json!({"label": "Renamed", "position": 1, "type": "selfie"}),
            vec!["item.type"],
        ),
    ] {
        let r = FIELDS.update(&s, &t, event, id_of(field), item.clone());
        assert_eq!(r.status, 422, "{item}: {}", r.text);
        let errors = r.errors();
        for member in &members {
            assert_mentions(&errors, member);
        }
        assert_eq!(errors.len(), members.len(), "{item}: {errors:?}");
    }
    assert_eq!(
        list(&s, &t, event),
        before,
        "failed PATCHes changed nothing"
    );

    // Absent members are unchanged.
    let r = FIELDS.update(&s, &t, event, id_of(&size), json!({"label": "Shirt size"}));
    assert_eq!(r.status, 200, "{}", r.text);
    let mut expected = size.clone();
    expected["label"] = json!("Shirt size");
    assert_eq!(r.json(), json!({"item": expected, "metadata": {}}));
    let r = FIELDS.update(&s, &t, event, id_of(&size), json!({}));
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item(), expected);
}

#[test]
fn patch_null_for_a_member_that_cannot_be_null_is_refused() {
    // `label`, `type` and `required` always have a value; null cannot clear them. (An
    // attendee's `first_name: null` is refused the same way.)
    let (s, t, event) = setup();
    let f = s.field(
        &t,
        event,
        json!({"label": "Note", "type": "short_text", "required": true}),
    );
    let mut accepted = Vec::new();
    for member in ["label", "type", "required"] {
        let r = FIELDS.update(&s, &t, event, id_of(&f), json!({ member: null }));
        if r.status == 422 {
            assert_mentions(&r.errors(), &format!("item.{member}"));
        } else {
            accepted.push(format!("{member}: null -> {} {}", r.status, r.text));
        }
    }
    assert_eq!(list(&s, &t, event), vec![f], "nothing changed");
    assert!(accepted.is_empty(), "accepted: {accepted:#?}");
}

// ---------------------------------------------------------------------------------------
// 404

#[test]
fn unknown_event_is_404() {
    let (s, t, _event) = setup();
    let body = json!({"item": {"label": "Q", "type": "short_text"}});
    for (method, path) in [
        ("GET", "/events/999999/attendee_fields"),
        ("POST", "/events/999999/attendee_fields"),
        ("PATCH", "/events/999999/attendee_fields/1"),
        ("DELETE", "/events/999999/attendee_fields/1"),
    ] {
        let r = s.call(method, path, Some(&t), Some(&body));
        r.assert_not_found(&format!("{method} {path}"));
    }
}

#[test]
fn field_of_another_event_is_404() {
    let (s, t, event) = setup();
    let other = s.event(&t, "Other");
    let f = s.field(&t, event, json!({"label": "Q", "type": "short_text"}));
    let id = id_of(&f);

    let r = FIELDS.update(&s, &t, other, id, json!({"label": "Hijacked"}));
    r.assert_not_found("PATCH via other event");
    s.delete(&FIELDS.one_path(other, id), &t)
        .assert_not_found("DELETE via other event");
    assert_eq!(list(&s, &t, event), vec![f], "still there, unchanged");
    assert_eq!(list(&s, &t, other), Vec::<Value>::new());

    FIELDS
        .update(&s, &t, event, 999_999, json!({"label": "X"}))
        .assert_not_found("PATCH unknown id");
    s.delete(&FIELDS.one_path(event, 999_999), &t)
        .assert_not_found("DELETE unknown id");
}

#[test]
fn non_integer_path_ids_are_404() {
    let (s, t, event) = setup();
    let f = s.field(&t, event, json!({"label": "Q", "type": "short_text"}));
    let body = json!({"item": {"label": "X"}});
    for (method, path) in [
        ("GET", "/events/abc/attendee_fields".to_owned()),
        ("POST", "/events/abc/attendee_fields".to_owned()),
        ("PATCH", format!("/events/{event}/attendee_fields/abc")),
        ("DELETE", format!("/events/{event}/attendee_fields/abc")),
        ("DELETE", format!("/events/{event}/attendee_fields/1.0")),
        (
            "PATCH",
            format!("/events/abc/attendee_fields/{}", id_of(&f)),
        ),
        (
            "DELETE",
            format!("/events/{event}/attendee_fields/99999999999999999999999"),
        ),
    ] {
        let r = s.call(method, &path, Some(&t), Some(&body));
        r.assert_not_found(&format!("{method} {path}"));
    }
    assert_eq!(list(&s, &t, event), vec![f]);
}

// ---------------------------------------------------------------------------------------
// Scopes

#[test]
fn writing_needs_the_write_scope() {
    let (s, t, event) = setup();
    let f = s.field(&t, event, json!({"label": "Q", "type": "short_text"}));
    let reader = s.token("read");

    let r = FIELDS.create(
        &s,
        &reader,
        event,
        json!({"label": "R", "type": "short_text"}),
    );
    r.assert_forbidden("POST with read");
    let r = FIELDS.update(&s, &reader, event, id_of(&f), json!({"label": "R"}));
    r.assert_forbidden("PATCH with read");
    let r = s.delete(&FIELDS.one_path(event, id_of(&f)), &reader);
    r.assert_forbidden("DELETE with read");

    // Reading works with `read` alone, and nothing changed.
    assert_eq!(list(&s, &reader, event), vec![f]);
}

#[test]
fn reading_needs_the_read_scope() {
    let (s, t, event) = setup();
    let writer = s.token("write");
    let r = s.get(&FIELDS.list_path(event), &writer);
    r.assert_forbidden("list with write");

    // Writing works with `write` alone.
    let f = s.field(&writer, event, json!({"label": "Q", "type": "short_text"}));
    let r = FIELDS.update(&s, &writer, event, id_of(&f), json!({"label": "Q2"}));
    assert_eq!(r.status, 200, "{}", r.text);
    let r = s.delete(&FIELDS.one_path(event, id_of(&f)), &writer);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(list(&s, &t, event), Vec::<Value>::new());
}

#[test]
fn answer_count_says_what_a_delete_would_remove() {
    let (s, t, event) = setup();
    let f = id_of(
        &FIELDS
            .create(
                &s,
                &t,
                event,
                json!({"label": "Diet", "type": "short_text"}),
            )
            .item(),
    );
    let g = id_of(
        &FIELDS
            .create(
                &s,
                &t,
                event,
                json!({"label": "Size", "type": "short_text"}),
            )
            .item(),
    );
    for (i, answer) in ["vegan", "none", ""].iter().enumerate() {
        let mut item = json!({"first_name": format!("P{i}")});
        if !answer.is_empty() {
            item["fields"] = json!([{"attendee_field_id": f, "value": answer}]);
        }
        s.attendee(&t, event, item);
    }
    let count = |id: i64, token: &str| {
        s.get(
            &format!("{}/answer_count", FIELDS.one_path(event, id)),
            token,
        )
    };
    let r = count(f, &t);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.json(),
        json!({"item": {"answer_count": 2}, "metadata": {}})
    );
    assert_eq!(count(g, &t).item()["answer_count"], 0);
    assert_eq!(count(999, &t).status, 404);
    let write_only = s.token("write");
    assert_eq!(count(f, &write_only).status, 403, "reading needs read");
    assert_eq!(s.delete(&FIELDS.one_path(event, f), &t).status, 200);
    assert_eq!(count(f, &t).status, 404);
}

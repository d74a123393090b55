//! JSON Schemas of the input kinds whose rules a Rust type cannot state: text that
//! `text.rs` trims and checks for control characters, times and time zones where a blank
//! means "none". Members use them with `#[schema(schema_with = ...)]`, so the OpenAPI
//! document says what the parsers accept, in one place beside them.
//!
//! The character classes are written out rather than `\s`, because the regex dialects of
//! the document's readers (ECMA, Python, Rust) disagree on what white space is; these are
//! exactly what Rust's `str::trim` and `char::is_control` use.

use serde_json::{Value, json};
use utoipa::openapi::schema::{Object, Schema};

use super::text::{MAX_LONG, MAX_SHORT};

/// Control characters that `text.rs` refuses (all but tab, line feed and carriage return).
const CONTROL: &str = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f";
/// White space as `str::trim` removes it.
const SPACE: &str = r"\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

fn schema(value: Value) -> Schema {
    // The values below are fixed and valid; a failure would be a bug caught by the tests of
    // the served document, and the member is then documented as any string.
    serde_json::from_value(value).unwrap_or_else(|_| Schema::Object(Object::default()))
}

fn required_text(max: usize) -> Schema {
    schema(json!({
        "type": "string",
        "minLength": 1,
        "maxLength": max,
        "pattern": format!("^[^{CONTROL}]*[^{SPACE}{CONTROL}][^{CONTROL}]*$"),
        "description": "Trimmed; must hold a character that is not white space; no control characters but tab and line breaks."
    }))
}

fn optional_text(max: usize) -> Schema {
    schema(json!({
        "type": ["string", "null"],
        "maxLength": max,
        "pattern": format!("^[^{CONTROL}]*$"),
        "description": "Trimmed; empty (or only white space) is stored as null; no control characters but tab and line breaks."
    }))
}

/// A name or label of at most 200 characters.
pub fn required_short() -> Schema {
    required_text(MAX_SHORT)
}

/// A label of at most 10,000 characters.
pub fn required_long() -> Schema {
    required_text(MAX_LONG)
}

/// A name of at most 200 characters that an update may leave out or send as null (then
/// it is unchanged), but not blank.
pub fn required_short_or_null() -> Schema {
    let mut text = serde_json::to_value(required_short()).unwrap_or_default();
    if let Some(map) = text.as_object_mut() {
        map.remove("description");
    }
    schema(json!({
        "anyOf": [text, {"type": "null"}],
        "description": "Trimmed; must hold a character that is not white space; no control characters but tab and line breaks. Null: unchanged."
    }))
}

/// An optional text of at most 200 characters.
pub fn optional_short() -> Schema {
    optional_text(MAX_SHORT)
}

/// An optional text of at most 10,000 characters.
pub fn optional_long() -> Schema {
    optional_text(MAX_LONG)
}

/// An optional door note.
pub fn optional_door_note() -> Schema {
    optional_text(super::attendee::MAX_DOOR_NOTE)
}

/// The options of a drop-down, radio or checkbox field: at most 200 distinct names.
pub fn options() -> Schema {
    let mut item = serde_json::to_value(required_short()).unwrap_or_default();
    if let Some(map) = item.as_object_mut() {
        map.remove("description");
    }
    schema(json!({
        "type": ["array", "null"],
        "maxItems": super::field::MAX_OPTIONS,
        "uniqueItems": true,
        "items": item,
        "description": "The choices, in order; names are trimmed and must differ. Null means none."
    }))
}

/// A string that is one of `values`: a closed set of words that a Rust type holds as
/// text, stated as an `enum` so that generated clients get one (issue 37).
fn one_of(values: &[&str], description: &str) -> Schema {
    schema(json!({"type": "string", "enum": values, "description": description}))
}

/// `Conflict.kind`.
pub fn conflict_kind() -> Schema {
    one_of(
        &["duplicate_entry", "edit", "deleted_remotely"],
        "`duplicate_entry`: an attendee admitted at two doors (or by two kiosks); `edit`: \
         both sides changed the same member; `deleted_remotely`: edited here, deleted on the \
         remote.",
    )
}

/// `Parked.kind` and `ParkedEdit`'s entry kinds.
pub fn parked_kind() -> Schema {
    one_of(
        &[
            "attendee_create",
            "attendee_update",
            "attendee_delete",
            "check_in",
            "check_out",
            "undo",
            "field_create",
            "field_update",
            "field_delete",
        ],
        "What the parked change does.",
    )
}

/// `RowResult.action`.
pub fn row_action() -> Schema {
    one_of(
        &["create", "update", "unchanged", "invalid"],
        "What the import does (or, in a dry run, would do) with the row.",
    )
}

/// `RoundProgress.stage`.
pub fn round_stage() -> Schema {
    one_of(
        &["connect", "pull", "push"],
        "`connect`; `pull` (attendees of an event so far of its total); `push` (outbox \
         entries sent so far of those pending).",
    )
}

/// `ScanResult.decided_by` (absent where no hub is joined).
pub fn decided_by() -> Schema {
    one_of(
        &["hub", "here"],
        "On a kiosk joined to a venue hub: `hub` when the hub decided (it sees every door), \
         `here` when this kiosk decided alone because the hub was slow or away (the scan \
         reaches the hub with the next sync). Absent elsewhere.",
    )
}

fn blank() -> Value {
    json!({"type": "string", "pattern": format!("^[{SPACE}]*$"), "description": "Blank: stored as null."})
}

/// An email address (`text::email` trims it).
pub fn required_email() -> Schema {
    schema(json!({
        "type": "string",
        "format": "email",
        "maxLength": 254,
        "description": "An email address with a domain name (at most 254 characters): `ops@localhost`, address literals (`user@[127.0.0.1]`) and quoted local parts are refused, as strict email validators refuse them."
    }))
}

/// An email address; blank or null for none.
pub fn optional_email() -> Schema {
    schema(json!({
        "anyOf": [{"type": "string", "format": "email", "maxLength": 254}, blank(), {"type": "null"}],
        "description": "An email address with a domain name (at most 254 characters; `ops@localhost`, address literals and quoted local parts are refused); blank or null for none."
    }))
}

/// An RFC 3339 time with offset; blank or null for none.
pub fn optional_time() -> Schema {
    schema(json!({
        "anyOf": [{"type": "string", "format": "date-time"}, blank(), {"type": "null"}],
        "description": "RFC 3339 with an offset, stored in UTC (years 0000 to 9999); blank or null for none."
    }))
}

/// An IANA time zone name; blank or null for none.
pub fn optional_time_zone() -> Schema {
    let names: Vec<&str> = chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name()).collect();
    schema(json!({
        "anyOf": [{"type": "string", "enum": names}, blank(), {"type": "null"}],
        "description": "An IANA time zone name (e.g. Europe/Oslo); blank or null for none.",
        "example": "Europe/Oslo"
    }))
}

/// A member's value (text, a number, a choice, a list of choices, an object, null), as
/// single-type shapes: a `type` list of six is valid JSON Schema, but client generators
/// (openapi-python-client) cannot make a union of it.
fn any_value(description: &str) -> Value {
    json!({
        "description": description,
        "anyOf": [
            {"type": "string"},
            {"type": "number"},
            {"type": "boolean"},
            {"type": "array", "items": {"type": "string"}},
            {"type": "object"},
            {"type": "null"}
        ]
    })
}

/// `Conflict.details`: what was found, in one of three shapes by the conflict's `kind`
/// (issue 37, 10: it was an untyped object).
pub fn conflict_details() -> Schema {
    let time = json!({"type": "string", "format": "date-time"});
    schema(json!({
        "description": "What was found, by the conflict's `kind`: `DuplicateEntryDetails`, `EditConflictDetails` or `DeletedRemotelyDetails`; null when the stored details cannot be read as JSON. Readers match on `kind`, not on the shape.",
        "anyOf": [
            {
                "title": "DuplicateEntryDetails",
                "description": "`duplicate_entry`: this kiosk (or door) admitted the attendee while another already had.",
                "type": "object",
                "required": ["message", "here", "remote_says", "noticed_at"],
                "properties": {
                    "message": {"type": "string", "description": "The remote's (or the hub's) words."},
                    "remote_says": {"type": "string", "description": "The same words (kept for older readers)."},
                    "here": {
                        "type": "object",
                        "description": "When and at which device the attendee was admitted here.",
                        "required": ["at", "device"],
                        "properties": {
                            "at": {"type": ["string", "null"], "format": "date-time"},
                            "device": {"type": ["string", "null"]}
                        }
                    },
                    "noticed_at": time,
                    "reported_by": {"type": "string", "description": "On a venue hub: the client id of the joined kiosk that reported it."},
                    "hub_conflict": {"type": "integer", "description": "On a joined kiosk: the id of the same conflict on the hub."}
                }
            },
            {
                "title": "EditConflictDetails",
                "description": "`edit`: both sides changed the same member of an attendee since the last sync.",
                "type": "object",
                "required": ["member", "local", "remote", "kept", "local_changed_at", "remote_changed_at"],
                "properties": {
                    "member": {"type": "string", "description": "The attendee's member (or `answers.<field>`)."},
                    "local": any_value("The value here."),
                    "remote": any_value("The value on the remote."),
                    "kept": {"type": "string", "enum": ["local", "remote"], "description": "Which one both sides now hold (the later change)."},
                    "local_changed_at": {"type": "string"},
                    "remote_changed_at": {"type": "string"}
                }
            },
            {
                "title": "DeletedRemotelyDetails",
                "description": "`deleted_remotely`: a record changed here was deleted on the remote; the change is parked.",
                "type": "object",
                "required": ["record", "message"],
                "properties": {
                    "record": {"type": "string", "enum": ["attendee", "attendee_field"]},
                    "message": {"type": "string"},
                    "local_id": {"type": "integer", "description": "The local record's id (an attendee or a field)."},
                    "change": {"type": "string", "description": "The parked change's kind (as `Parked.kind`)."},
                    "field_id": {"type": "integer", "description": "A field: its local id."},
                    "remote_id": {"type": "integer", "description": "A field: its id on the remote."},
                    "label": {"type": ["string", "null"], "description": "A field: its label."}
                }
            },
            {"type": "null"}
        ]
    }))
}

/// `Parked.body` and `ParkedEdit.body`: what an outbox entry sends, by its `kind` (local
/// ids; issue 37, 10: it was an untyped object).
pub fn parked_body(nullable: bool) -> Schema {
    let mut shapes = vec![
        json!({
            "title": "ParkedItemBody",
            "description": "`attendee_create`, `attendee_update`, `field_create`, `field_update`: the record's members as the v2 API takes them (an update: only those that changed).",
            "type": "object",
            "required": ["item"],
            "properties": {"item": {"type": "object"}},
            "additionalProperties": false
        }),
        json!({
            "title": "ParkedOperationBody",
            "description": "`check_in`, `check_out`, `undo`: when, and at which session (null: the event's door).",
            "type": "object",
            "required": ["at"],
            "properties": {
                "at": {"type": "string", "format": "date-time"},
                "session_id": {"type": ["integer", "null"]}
            },
            "additionalProperties": false
        }),
        json!({
            "title": "ParkedDeleteBody",
            "description": "`attendee_delete`, `field_delete`: nothing, or the erased attendee's ticket code (to find them on the remote).",
            "type": "object",
            "properties": {"qr_code": {"type": "string"}},
            "additionalProperties": false
        }),
    ];
    let description = if nullable {
        shapes.push(json!({"type": "null"}));
        "What will be sent, by the entry's `kind` (local ids); null when the stored entry cannot be read as JSON."
    } else {
        "What to send instead: the same shape as the parked entry's `body` for its `kind`."
    };
    schema(json!({"description": description, "anyOf": shapes}))
}

/// `ParkedEdit.body`.
pub fn parked_edit_body() -> Schema {
    parked_body(false)
}

/// `Parked.body`.
pub fn parked_entry_body() -> Schema {
    parked_body(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shape that utoipa cannot read would silently become `{"type": "object"}`.
    #[test]
    fn the_syncs_shapes_are_read_whole() {
        for shape in [conflict_details(), parked_entry_body(), parked_edit_body()] {
            let v = serde_json::to_value(shape).unwrap_or_default();
            assert!(v["anyOf"].as_array().is_some_and(|a| a.len() >= 3), "{v}");
        }
    }

    fn serialised(s: Schema) -> Value {
        serde_json::to_value(s).expect("schema serialises")
    }

    #[test]
    fn every_schema_builds_as_written() {
        // `schema` falls back to an empty object when the JSON is not a schema: none may.
        for s in [
            required_short(),
            required_long(),
            optional_short(),
            optional_long(),
            optional_door_note(),
            required_short_or_null(),
            required_email(),
            optional_email(),
            optional_time(),
            optional_time_zone(),
            options(),
        ] {
            let v = serialised(s);
            assert!(
                v.get("pattern").is_some()
                    || v.get("anyOf").is_some()
                    || v.get("items").is_some()
                    || v.get("format").is_some(),
                "{v}"
            );
        }
        let zones = serialised(optional_time_zone());
        assert!(
            zones["anyOf"][0]["enum"]
                .as_array()
                .is_some_and(|z| z.iter().any(|n| n == "Europe/Oslo"))
        );
    }
}

//! The v2 shapes the sync reads from a remote, as serde structs, and the request items
//! it sends. A remote is any server that speaks the spec, so reading is lenient the way
//! the spec's clients must be: a member that is missing or of another type reads as
//! absent (never a failed page), and a record without an id is left out, as the sync
//! cannot map it.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Value, json};

use crate::db::sync::{Change, Entry};

/// A member that reads as absent when it is missing, null or of another type.
fn lenient<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Option<T>, D::Error> {
    let v = Value::deserialize(d)?;
    Ok(serde_json::from_value(v).ok())
}

/// Text that is not blank.
pub fn text(v: &Option<String>) -> Option<String> {
    v.clone().filter(|s| !s.is_empty())
}

#[derive(Debug, Clone, Deserialize)]
pub struct RemoteEvent {
    pub id: i64,
    #[serde(default, deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub starts_at: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub ends_at: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub timezone: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub location: Option<String>,
}

/// A registration type or a session (times: sessions only).
#[derive(Debug, Clone, Deserialize)]
pub struct RemotePart {
    pub id: i64,
    #[serde(default, deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub capacity: Option<i64>,
    #[serde(default, deserialize_with = "lenient")]
    pub starts_at: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub ends_at: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RemoteField {
    pub id: i64,
    #[serde(rename = "type", default, deserialize_with = "lenient")]
    pub field_type: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub label: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub required: Option<bool>,
    #[serde(default, deserialize_with = "lenient")]
    pub position: Option<i64>,
    /// The choices of a select field; each one is kept as the remote wrote it.
    #[serde(default, deserialize_with = "lenient")]
    pub options: Option<Vec<Value>>,
}

impl RemoteField {
    /// The options as the text of a JSON array, as the local column holds them.
    pub fn options_text(&self) -> String {
        Value::Array(self.options.clone().unwrap_or_default()).to_string()
    }
}

/// The field an answer is for: `{field: {id}}` in records, `attendee_field_id` in
/// requests (and some remotes' records).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldRef {
    #[serde(default, deserialize_with = "lenient")]
    pub id: Option<i64>,
}

/// One answer of an attendee. Its value is JSON of the field's type (text, number,
/// boolean, list), stored and compared as such.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RemoteAnswer {
    #[serde(
        default,
        deserialize_with = "lenient",
        skip_serializing_if = "Option::is_none"
    )]
    pub field: Option<FieldRef>,
    #[serde(
        default,
        deserialize_with = "lenient",
        skip_serializing_if = "Option::is_none"
    )]
    pub attendee_field_id: Option<i64>,
    #[serde(default)]
    pub value: Value,
}

impl RemoteAnswer {
    /// The remote id of the answer's field.
    pub fn field_id(&self) -> Option<i64> {
        self.field
            .as_ref()
            .and_then(|f| f.id)
            .or(self.attendee_field_id)
    }
}

/// An attendee record. It is also what the kiosk keeps as the merge base (`sync_map`),
/// so it serialises back to the same shape.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RemoteAttendee {
    pub id: i64,
    #[serde(default, deserialize_with = "lenient")]
    pub first_name: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub last_name: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub email: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub phone: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub job_title: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub company: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub registration_type_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient")]
    pub rsvp_status: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub checkin_status: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub qr_code: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub created_at: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub updated_at: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub fields: Option<Vec<RemoteAnswer>>,
}

impl RemoteAttendee {
    /// A record read back from where it was kept (the merge base); None if it is not one.
    pub fn from_stored(v: Value) -> Option<RemoteAttendee> {
        serde_json::from_value(v).ok()
    }

    /// The record as it is kept (the merge base).
    pub fn to_stored(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The OpenAPI document, as far as the sync reads it.
#[derive(Debug, Default, Deserialize)]
pub struct Document {
    #[serde(default)]
    pub info: Info,
}

#[derive(Debug, Default, Deserialize)]
pub struct Info {
    #[serde(default, deserialize_with = "lenient")]
    pub title: Option<String>,
}

/// An error body in the spec's shapes: `{error}` or `{errors: [..]}`.
#[derive(Debug, Default, Deserialize)]
pub struct ErrorBody {
    #[serde(default, deserialize_with = "lenient")]
    pub error: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub errors: Option<Vec<Value>>,
}

impl ErrorBody {
    /// The message of an error answer: the remote's words, or the status.
    pub fn message(&self, status: u16) -> String {
        if let Some(e) = &self.error {
            return e.clone();
        }
        let all: Vec<&str> = self
            .errors
            .iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if all.is_empty() {
            format!("HTTP {status}")
        } else {
            all.join("; ")
        }
    }
}

/// One page of a list answer: `{items, metadata}`, or a bare array.
#[derive(Debug)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total_count: u64,
    pub total_pages: u64,
    /// The remote's clock when it answered (`Date`), if it said.
    pub date: Option<chrono::DateTime<chrono::Utc>>,
}

impl<T: DeserializeOwned> Page<T> {
    pub fn read(body: &Value, date: Option<chrono::DateTime<chrono::Utc>>) -> Page<T> {
        Page {
            items: records(body),
            total_count: body["metadata"]["total_count"].as_u64().unwrap_or(0),
            total_pages: body["metadata"]["total_pages"].as_u64().unwrap_or(1),
            date,
        }
    }
}

/// The records of a list answer that can be read (see the module's words).
pub fn records<T: DeserializeOwned>(body: &Value) -> Vec<T> {
    let list = match body {
        Value::Array(a) => a.as_slice(),
        _ => body["items"].as_array().map_or(&[][..], Vec::as_slice),
    };
    list.iter()
        .filter_map(|v| serde_json::from_value(v.clone()).ok())
        .collect()
}

/// The record of an `{item}` answer, if it is one.
pub fn item<T: DeserializeOwned>(body: &Value) -> Option<T> {
    body.get("item")
        .filter(|v| v.is_object())
        .and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// The request item of an outbox entry. It stays JSON on purpose: it is the body the
/// local API queued (or a person edited, `PATCH /kiosk/sync/parked/{id}`), passed on as
/// it is, except that its local ids become the remote's and, for a spec-only remote,
/// the members only an Entrada understands are left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Request(Value);

/// A reference inside a request item that the remote knows by another id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ref {
    RegistrationType,
    Session,
    Field,
}

impl Request {
    /// The entry's request item as queued (local ids).
    pub fn of(e: &Entry) -> Request {
        Request(e.body["item"].clone())
    }

    /// The item with every local id (registration type, session, answers' fields) put in
    /// the remote's terms by `remote_id`; None when one of them is not mapped yet.
    pub fn translated<E>(
        self,
        mut remote_id: impl FnMut(Ref, i64) -> Result<Option<i64>, E>,
    ) -> Result<Option<Request>, E> {
        let mut item = self.0;
        for (member, kind) in [
            ("registration_type_id", Ref::RegistrationType),
            ("session_id", Ref::Session),
        ] {
            if let Some(local) = item[member].as_i64() {
                match remote_id(kind, local)? {
                    Some(r) => item[member] = json!(r),
                    None => return Ok(None),
                }
            }
        }
        if let Some(list) = item["fields"].as_array_mut() {
            for answer in list.iter_mut() {
                let Some(local) = answer["attendee_field_id"].as_i64() else {
                    continue;
                };
                match remote_id(Ref::Field, local)? {
                    Some(r) => answer["attendee_field_id"] = json!(r),
                    None => return Ok(None),
                }
            }
        }
        Ok(Some(Request(item)))
    }

    /// Without the members only an Entrada remote understands.
    pub fn spec_only(mut self, change: Change) -> Request {
        if let Some(map) = self.0.as_object_mut() {
            let only_entrada: &[&str] = match change {
                Change::AttendeeCreate => &["qr_code", "rsvp_status"],
                Change::AttendeeUpdate => &["registration_type_id", "fields"],
                Change::FieldUpdate => &["position"],
                _ => &[],
            };
            for member in only_entrada {
                map.remove(*member);
            }
        }
        self
    }

    /// The request body: `{item}`.
    pub fn body(&self) -> Value {
        json!({ "item": self.0 })
    }

    /// The members a create is found by on a spec-only remote (`merge::same_create`):
    /// attendee: names and email; field: label and type.
    pub fn create_members(&self, attendee: bool) -> Vec<Value> {
        let members: &[&str] = if attendee {
            &["first_name", "last_name", "email"]
        } else {
            &["label", "type"]
        };
        members.iter().map(|m| self.0[*m].clone()).collect()
    }
}

fn texts(list: &[&Option<String>]) -> Vec<Value> {
    list.iter().map(|t| json!(t)).collect()
}

impl RemoteAttendee {
    /// See [`Request::create_members`].
    pub fn create_members(&self) -> Vec<Value> {
        texts(&[&self.first_name, &self.last_name, &self.email])
    }
}

impl RemoteField {
    /// See [`Request::create_members`].
    pub fn create_members(&self) -> Vec<Value> {
        texts(&[&self.label, &self.field_type])
    }
}

/// The local session of a check-in entry, if it is a session's.
pub fn session_of(e: &Entry) -> Option<i64> {
    e.body["session_id"].as_i64()
}

/// The code a walk-in's create sent (blank: none).
pub fn code_of(e: &Entry) -> String {
    e.body["item"]["qr_code"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    #[test]
    fn a_page_reads_what_it_can_and_leaves_out_records_without_an_id() {
        let body = json!({"items": [{"id": 1, "first_name": 7, "email": "a@example.org"},
                                    {"first_name": "no id"}, "not a record"],
                          "metadata": {"total_count": 3, "total_pages": 2}});
        let page: Page<RemoteAttendee> = Page::read(&body, None);
        assert_eq!(page.items.len(), 1);
        assert_eq!(
            page.items[0].first_name, None,
            "another type reads as absent"
        );
        assert_eq!(page.items[0].email.as_deref(), Some("a@example.org"));
        assert_eq!((page.total_count, page.total_pages), (3, 2));
        let bare: Page<RemotePart> = Page::read(&json!([{"id": 2, "name": "VIP"}]), None);
        assert_eq!((bare.items.len(), bare.total_pages), (1, 1));
    }

    #[test]
    fn an_attendee_kept_as_a_base_reads_back_the_same() {
        let record = json!({"id": 4, "first_name": "Ada", "fields": [
            {"field": {"id": 9}, "value": ["a", "b"]}, {"attendee_field_id": 8, "value": 1}]});
        let a = RemoteAttendee::from_stored(record).expect("an attendee");
        assert_eq!(a.fields.as_ref().map(|f| f[0].field_id()), Some(Some(9)));
        assert_eq!(RemoteAttendee::from_stored(a.to_stored()), Some(a));
    }

    #[test]
    fn error_bodies_give_the_remotes_words() {
        let one: ErrorBody = serde_json::from_value(json!({"error": "nope"})).expect("body");
        assert_eq!(one.message(422), "nope");
        let many: ErrorBody =
            serde_json::from_value(json!({"errors": ["a", 1, "b"]})).expect("body");
        assert_eq!(many.message(422), "a; b");
        assert_eq!(ErrorBody::default().message(409), "HTTP 409");
    }

    fn entry(change: Change, body: Value) -> Entry {
        Entry {
            id: 1,
            event_id: 1,
            change,
            record_id: 1,
            body,
            device: None,
            created_at: String::new(),
            attempts: 0,
            sent_at: None,
            parked: false,
            edited: false,
            generation: 0,
            held: false,
            hub_question: None,
        }
    }

    #[test]
    fn a_request_gets_the_remotes_ids_or_waits() {
        let e = entry(
            Change::AttendeeUpdate,
            json!({"item": {"registration_type_id": 3, "email": "x",
                            "fields": [{"attendee_field_id": 5, "value": "v"}]}}),
        );
        let mapped = Request::of(&e)
            .translated(|kind, local| {
                Ok::<_, ()>(Some(match kind {
                    Ref::RegistrationType => local + 100,
                    Ref::Field => local + 500,
                    Ref::Session => local,
                }))
            })
            .expect("no error")
            .expect("all mapped");
        assert_eq!(
            mapped.body(),
            json!({"item": {"registration_type_id": 103, "email": "x",
                            "fields": [{"attendee_field_id": 505, "value": "v"}]}})
        );
        let waits = Request::of(&e)
            .translated(|kind, local| Ok::<_, ()>((kind != Ref::Field).then_some(local)));
        assert_eq!(waits, Ok(None));
    }

    #[test]
    fn a_spec_only_remote_gets_only_the_specs_members() {
        let e = entry(
            Change::AttendeeCreate,
            json!({"item": {"first_name": "A", "qr_code": "C", "rsvp_status": "confirmed"}}),
        );
        assert_eq!(
            Request::of(&e).spec_only(Change::AttendeeCreate).body(),
            json!({"item": {"first_name": "A"}})
        );
        assert_eq!(code_of(&e), "C");
    }
}

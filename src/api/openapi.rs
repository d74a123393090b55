//! Finishes the OpenAPI document that utoipa generates from the handlers.
//!
//! utoipa describes each route from its own annotations, which is what keeps the
//! document true to the code. Some facts, though, hold for every operation of a kind and
//! are implemented once, in a layer, not in the handlers: the headers of the auth and
//! rate-limit answers, `Idempotency-Key` on every write, `X-Account-Id` for personal
//! tokens. Writing them on 56 routes would let one route forget them; this pass adds them
//! from the same rules the layers follow. It also gives generators what utoipa leaves
//! out: records by `$ref` inside the generic envelopes (utoipa copies them inline), an
//! optional body as `required: false` (utoipa writes `oneOf [null, ...]`, which no client
//! can send), the frame of the Server-Sent Events stream, and an example for every request
//! body and JSON success answer (`examples.rs`).
//!
//! The result is plain JSON: the document is served as it leaves this pass.

use serde_json::{Map, Value, json};

/// Creates whose input type is shared with the update: the members a create needs (an
/// update keeps what it leaves out) and those only an update may send. Each gets a create
/// schema of its own.
struct CreateRule {
    operation: &'static str,
    required: &'static [&'static str],
    update_only: &'static [&'static str],
}

const CREATES: &[CreateRule] = &[
    CreateRule {
        operation: "createEvent",
        required: &["name"],
        update_only: &[],
    },
    CreateRule {
        operation: "createRegistrationType",
        required: &["name"],
        update_only: &[],
    },
    CreateRule {
        operation: "createSession",
        required: &["name"],
        update_only: &[],
    },
    CreateRule {
        operation: "createAttendeeField",
        required: &["label", "type"],
        // New fields go last; `position` reorders an existing one.
        update_only: &["position"],
    },
];
/// Operations of personal tokens that need no `X-Account-Id`.
const NO_ACCOUNT: &[&str] = &["getMe"];

/// The finished document.
pub fn finish(doc: utoipa::openapi::OpenApi) -> Value {
    let mut doc = match serde_json::to_value(doc) {
        Ok(doc) => doc,
        // Serialising plain structs of strings and maps cannot fail; if it ever did, the
        // server still starts and serves an empty document rather than none.
        Err(e) => {
            tracing::error!(error = %e, "the OpenAPI document could not be serialised");
            json!({})
        }
    };
    request_names(&mut doc);
    records_by_ref(&mut doc);
    add_shared_components(&mut doc);
    // Rules between members (which field types need options) that no member can state.
    if let Some(input) = doc.pointer_mut("/components/schemas/AttendeeFieldInput") {
        input["allOf"] = crate::domain::field::FieldType::input_rules();
    }
    create_schemas(&mut doc);
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for (method, op) in item.iter_mut() {
                if let Some(op) = op.as_object_mut() {
                    finish_operation(path, method, op);
                }
            }
        }
    }
    super::examples::attach(&mut doc);
    doc
}

/// Names each `{item}` request body after what it carries: utoipa calls
/// `ItemRequest<SessionInput>` `ItemRequest_SessionInput`; clients get `SessionRequest`
/// (`ItemRequest<StaffPatch>`: `StaffPatchRequest`), with every `$ref` to it renamed.
fn request_names(doc: &mut Value) {
    const GENERIC: &str = "ItemRequest_";
    let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let renames: Vec<(String, String)> = schemas
        .keys()
        .filter_map(|name| {
            let inner = name.strip_prefix(GENERIC)?;
            let base = inner.strip_suffix("Input").unwrap_or(inner);
            Some((name.clone(), format!("{base}Request")))
        })
        .collect();
    for (old, new) in &renames {
        if let Some(mut schema) = schemas.remove(old) {
            schema["description"] = json!("A request body: the record in `item`.");
            schemas.insert(new.clone(), schema);
        }
    }
    let renames: Vec<(String, String)> = renames
        .into_iter()
        .map(|(old, new)| {
            (
                format!("#/components/schemas/{old}"),
                format!("#/components/schemas/{new}"),
            )
        })
        .collect();
    rename_refs(doc, &renames);
}

fn rename_refs(value: &mut Value, renames: &[(String, String)]) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get_mut("$ref")
                && let Some((_, new)) = renames.iter().find(|(old, _)| old == target)
            {
                *target = new.clone();
            }
            map.values_mut().for_each(|v| rename_refs(v, renames));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rename_refs(v, renames)),
        _ => {}
    }
}

/// Replaces every inline copy of a component's object schema by a `$ref` to it, so that a
/// record has one name in generated clients (utoipa inlines the `T` of `Item<T>`,
/// `Items<T>` and `Paged<T>`).
fn records_by_ref(doc: &mut Value) {
    let components: Vec<(String, Value)> = doc
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .map(|schemas| {
            schemas
                .iter()
                .filter(|(_, s)| is_record(s))
                .map(|(name, s)| (name.clone(), s.clone()))
                .collect()
        })
        .unwrap_or_default();
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        for (name, schema) in schemas.iter_mut() {
            // The component's own root stays; what is inside it is replaced.
            if let Some(map) = schema.as_object_mut() {
                for value in map.values_mut() {
                    replace_copies(value, &components, name);
                }
            }
        }
    }
    if let Some(paths) = doc.get_mut("paths") {
        replace_copies(paths, &components, "");
    }
}

/// An object schema worth a name: members, or a composition of records.
fn is_record(schema: &Value) -> bool {
    schema.get("properties").is_some() || schema.get("allOf").is_some()
}

fn replace_copies(value: &mut Value, components: &[(String, Value)], own: &str) {
    if is_record(value)
        && let Some((name, _)) = components
            .iter()
            .find(|(name, schema)| name != own && schema == value)
    {
        *value = json!({ "$ref": format!("#/components/schemas/{name}") });
        return;
    }
    match value {
        Value::Object(map) => map
            .values_mut()
            .for_each(|v| replace_copies(v, components, own)),
        Value::Array(items) => items
            .iter_mut()
            .for_each(|v| replace_copies(v, components, own)),
        _ => {}
    }
}

/// For each of [`CREATES`]: `XCreateRequest` with `item` an `XCreateInput`, the
/// shared `XInput` with its create-only members required.
fn create_schemas(doc: &mut Value) {
    for rule in CREATES {
        let Some(schema) = find_operation(doc, rule.operation)
            .and_then(|op| op.pointer_mut("/requestBody/content/application~1json/schema"))
        else {
            continue;
        };
        let Some(request) = schema
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .map(str::to_owned)
        else {
            continue;
        };
        let Some(base) = request.strip_suffix("Request").map(str::to_owned) else {
            continue;
        };
        let create_request = format!("{base}CreateRequest");
        *schema = json!({ "$ref": format!("#/components/schemas/{create_request}") });
        let Some(schemas) = doc
            .pointer_mut("/components/schemas")
            .and_then(Value::as_object_mut)
        else {
            continue;
        };
        let (Some(mut input), Some(mut wrapper)) = (
            schemas.get(&format!("{base}Input")).cloned(),
            schemas.get(&request).cloned(),
        ) else {
            continue;
        };
        input["required"] = json!(rule.required);
        if let Some(props) = input.get_mut("properties").and_then(Value::as_object_mut) {
            for member in rule.update_only {
                props.remove(*member);
            }
        }
        wrapper["properties"]["item"] =
            json!({ "$ref": format!("#/components/schemas/{base}CreateInput") });
        if let Some(text) = wrapper.get("description").and_then(Value::as_str) {
            wrapper["description"] = json!(text.replace("create and update", "create"));
        }
        schemas.insert(format!("{base}CreateInput"), input);
        schemas.insert(create_request, wrapper);
    }
}

fn find_operation<'a>(doc: &'a mut Value, op_id: &str) -> Option<&'a mut Value> {
    doc.get_mut("paths")?
        .as_object_mut()?
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .find(|op| op["operationId"] == op_id)
}

/// The headers and parameters every operation of a kind shares, as components.
fn add_shared_components(doc: &mut Value) {
    let Some(root) = doc.as_object_mut() else {
        return;
    };
    let components = root
        .entry("components")
        .or_insert_with(|| json!({}))
        .as_object_mut();
    let Some(components) = components else {
        return;
    };
    let headers = json!({
        "WWW-Authenticate": {
            "description": "RFC 6750 challenge: `Bearer realm=\"entrada\"`, with `error=\"invalid_token\"` for a bad token or `error=\"insufficient_scope\"` and the `scope` needed.",
            "schema": {"type": "string"},
            "example": "Bearer realm=\"entrada\", error=\"insufficient_scope\", scope=\"write\""
        },
        "Retry-After": {
            "description": "Whole seconds to wait before sending the request again.",
            "required": true,
            "schema": {"type": "integer", "minimum": 0},
            "example": 1
        },
        "Idempotent-Replayed": {
            "description": "`true` when this is the stored answer to an earlier request with the same `Idempotency-Key` (the work was not done again); absent otherwise.",
            "schema": {"type": "string", "enum": ["true"]}
        },
        "ETag": {
            "description": "The image's or page's version; send it back in `If-None-Match` to get 304 while it is unchanged.",
            "required": true,
            "schema": {"type": "string"}
        }
    });
    let parameters = json!({
        "AccountId": {
            "name": "X-Account-Id",
            "in": "header",
            "required": false,
            "description": "Personal tokens: the account to act in (required for them: without it 400, an account the user is not a member of 403). Machine tokens act in their client's account and ignore the value; a value that is not an integer is 400 for every token.",
            "schema": {"type": "integer", "format": "int64"},
            "example": 1
        },
        "IdempotencyKey": {
            "name": "Idempotency-Key",
            "in": "header",
            "required": false,
            "description": "Makes the request safe to repeat: a repeat with the same key and the same request within 24 hours gets the first answer again (`Idempotent-Replayed: true`) without doing the work twice; the same key with another request is 422, a repeat while the first is running 409. Printable ASCII, 1 to 255 characters, optionally in double quotes (a Structured Field string; the quotes are not part of the key). Make a new one for each request, a UUID say (`9d0f2f4e-4c1b-4a57-a4d4-1a3c3e9f5b21`), and send it again only with a repeat of that request. (No `example` value here: a generator would send the same key with every write.)",
            "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[\\t -~]*[!-~][\\t -~]*$"}
        }
    });
    for (kind, values) in [("headers", headers), ("parameters", parameters)] {
        let entry = components.entry(kind).or_insert_with(|| json!({}));
        if let (Some(entry), Value::Object(values)) = (entry.as_object_mut(), values) {
            entry.extend(values);
        }
    }
}

fn header_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/headers/{name}") })
}

fn parameter_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/parameters/{name}") })
}

fn finish_operation(path: &str, method: &str, op: &mut Map<String, Value>) {
    let id = op
        .get("operationId")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let authenticated = op
        .get("security")
        .and_then(Value::as_array)
        .is_some_and(|reqs| {
            reqs.iter()
                .any(|r| r.as_object().is_some_and(|r| !r.is_empty()))
        });
    let writes = matches!(method, "post" | "patch" | "put" | "delete");
    let takes = |name: &str| {
        op.get("parameters")
            .and_then(Value::as_array)
            .is_some_and(|ps| ps.iter().any(|p| p["name"] == name))
    };
    let kind = OperationKind {
        names_account: authenticated && !NO_ACCOUNT.contains(&id.as_str()),
        // The idempotency layer wraps the v2 routes; the kiosk's own are outside it.
        idempotent: writes && !path.starts_with("/kiosk/"),
        pages: takes("per_page"),
        // A conditional GET (its handler reads `If-None-Match`) answers with the tag.
        tagged: takes("If-None-Match"),
    };

    optional_body(op);
    binary_bodies(op);
    no_null_parameters(op);
    if id == "streamCheckIns" {
        event_frame(op);
    }
    let mut added = Vec::new();
    if kind.names_account {
        added.push(parameter_ref("AccountId"));
    }
    if kind.idempotent {
        added.push(parameter_ref("IdempotencyKey"));
    }
    if !added.is_empty()
        && let Some(params) = op
            .entry("parameters")
            .or_insert_with(|| json!([]))
            .as_array_mut()
    {
        params.extend(added);
    }
    if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) {
        kind.layer_answers(responses);
        kind.answer_headers(responses);
    }
}

/// What the layers do to an operation, read from its annotations.
struct OperationKind {
    /// Takes a token that may be personal, so `X-Account-Id`.
    names_account: bool,
    /// Behind the idempotency layer.
    idempotent: bool,
    /// Paged (`page`, `per_page`).
    pages: bool,
    /// Answers with an `ETag`.
    tagged: bool,
}

impl OperationKind {
    /// The answers the layers give before (or instead of) the handler.
    fn layer_answers(&self, responses: &mut Map<String, Value>) {
        let error = |description: &str, schema: &str| {
            json!({
                "description": description,
                "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
            })
        };
        if self.names_account {
            responses.entry("400").or_insert_with(|| {
                error(
                    "`X-Account-Id` is missing for a personal token, or is not an account id.",
                    "ErrorBody",
                )
            });
        }
        if self.idempotent {
            responses.entry("409").or_insert_with(|| {
                error(
                    "A request with the same `Idempotency-Key` is still being processed.",
                    "ErrorBody",
                )
            });
            responses.entry("422").or_insert_with(|| {
                error(
                    "`Idempotency-Key` is malformed or was used for a different request.",
                    "ValidationErrorBody",
                )
            });
        }
        // Every route sits behind the rate limit (per token, or per address without one).
        responses.entry("429").or_insert_with(|| {
            error(
                "Over the rate limit; `Retry-After` says when to try again.",
                "ErrorBody",
            )
        });
        if self.pages {
            responses.entry("422").or_insert_with(|| {
                error(
                    "`page` or `per_page` is out of range or not an integer; one message per parameter.",
                    "ValidationErrorBody",
                )
            });
        }
    }

    /// The headers each answer carries: challenges, `Retry-After`, replays, tags.
    fn answer_headers(&self, responses: &mut Map<String, Value>) {
        for (status, response) in responses.iter_mut() {
            let Some(response) = response.as_object_mut() else {
                continue;
            };
            let mut headers = Vec::new();
            match status.as_str() {
                "401" | "403" => headers.push("WWW-Authenticate"),
                "429" => headers.push("Retry-After"),
                s if s.starts_with('2') && self.idempotent => headers.push("Idempotent-Replayed"),
                _ => {}
            }
            if self.tagged && (status == "200" || status == "304") {
                headers.push("ETag");
            }
            if headers.is_empty() {
                continue;
            }
            if let Some(map) = response
                .entry("headers")
                .or_insert_with(|| json!({}))
                .as_object_mut()
            {
                for name in headers {
                    map.insert(name.to_owned(), header_ref(name));
                }
            }
        }
    }
}

/// The stream's answer describes one event, as OpenAPI 3.2 models `text/event-stream`
/// and as stream-aware tools read a 3.1 document: `id`, `event` and `data`, the last a
/// JSON text whose schema is `FeedEntry`. Keep-alive comments are not events.
fn event_frame(op: &mut Map<String, Value>) {
    let Some(media) = op
        .get_mut("responses")
        .and_then(|r| r.get_mut("200"))
        .and_then(|r| r.get_mut("content"))
        .and_then(|c| c.get_mut("text/event-stream"))
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    media.insert(
        "schema".into(),
        json!({
            "type": "object",
            "description": "One event of the stream (each frame's fields; `: keep-alive` comment lines come between events).",
            "required": ["id", "event", "data"],
            "properties": {
                "id": {"type": "string", "pattern": "^[0-9]+$", "description": "The history record's id: send it back as `Last-Event-ID` to resume after it."},
                "event": {"type": "string", "enum": ["check_in"]},
                "data": {
                    "type": "string",
                    "description": "The record and its attendee, as JSON.",
                    "contentMediaType": "application/json",
                    "contentSchema": {"$ref": "#/components/schemas/FeedEntry"}
                }
            }
        }),
    );
    media.insert(
        "example".into(),
        json!({"id": "42", "event": "check_in", "data": "{\"record\":{\"id\":42,\"action\":\"check_in\",\"outcome\":\"ok\"},\"attendee\":{\"id\":1,\"first_name\":\"Nadia\"}}"}),
    );
}

/// Images and CSV files are bytes to a client (`format: binary`), not a JSON array of
/// integers (utoipa's `Vec<u8>`) or a text it would have to decode.
fn binary_bodies(op: &mut Map<String, Value>) {
    const BINARY: &[&str] = &["image/png", "text/csv"];
    let mut bodies: Vec<&mut Value> = Vec::new();
    for (key, value) in op.iter_mut() {
        match key.as_str() {
            "requestBody" => bodies.push(value),
            "responses" => {
                if let Some(responses) = value.as_object_mut() {
                    bodies.extend(responses.values_mut());
                }
            }
            _ => {}
        }
    }
    for body in bodies {
        let Some(content) = body.get_mut("content").and_then(Value::as_object_mut) else {
            continue;
        };
        for (media, object) in content.iter_mut() {
            if BINARY.contains(&media.as_str()) {
                object["schema"] = json!({"type": "string", "format": "binary"});
            }
        }
    }
}

/// A query or header parameter is absent or a text: it has no JSON `null` (utoipa gives an
/// `Option<T>` parameter the type `[T, null]`, and a client would send the text `null`).
fn no_null_parameters(op: &mut Map<String, Value>) {
    let Some(params) = op.get_mut("parameters").and_then(Value::as_array_mut) else {
        return;
    };
    for param in params {
        let Some(ty) = param.pointer_mut("/schema/type") else {
            continue;
        };
        if let Some(types) = ty.as_array() {
            let kept: Vec<Value> = types.iter().filter(|t| *t != "null").cloned().collect();
            *ty = match kept.as_slice() {
                [one] => one.clone(),
                _ => Value::Array(kept),
            };
        }
    }
}

/// `oneOf [{type: null}, X]` (utoipa's `Option<X>` body) becomes `X` with
/// `required: false`: no body at all is what the server takes for "none", and a JSON
/// `null` is not.
fn optional_body(op: &mut Map<String, Value>) {
    let Some(body) = op.get_mut("requestBody").and_then(Value::as_object_mut) else {
        return;
    };
    let Some(content) = body.get_mut("content").and_then(Value::as_object_mut) else {
        return;
    };
    let mut optional = false;
    for media in content.values_mut() {
        let Some(schema) = media.get_mut("schema") else {
            continue;
        };
        let inner = schema
            .get("oneOf")
            .and_then(Value::as_array)
            .filter(|alts| alts.len() == 2 && alts.iter().any(|a| a["type"] == "null"))
            .and_then(|alts| alts.iter().find(|a| a["type"] != "null").cloned());
        if let Some(inner) = inner {
            *schema = inner;
            optional = true;
        }
    }
    if optional {
        body.insert("required".into(), Value::Bool(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_copies_become_refs_and_roots_stay() {
        let record = json!({"type": "object", "properties": {"id": {"type": "integer"}}});
        let mut doc = json!({
            "components": {"schemas": {
                "Record": record.clone(),
                "Item_Record": {"type": "object", "properties": {"item": record.clone()}}
            }},
            "paths": {"/r": {"get": {"responses": {"200": {"content": {"application/json": {"schema": record.clone()}}}}}}}
        });
        records_by_ref(&mut doc);
        assert_eq!(doc["components"]["schemas"]["Record"], record);
        assert_eq!(
            doc["components"]["schemas"]["Item_Record"]["properties"]["item"],
            json!({"$ref": "#/components/schemas/Record"})
        );
        assert_eq!(
            doc["paths"]["/r"]["get"]["responses"]["200"]["content"]["application/json"]["schema"],
            json!({"$ref": "#/components/schemas/Record"})
        );
    }

    /// The numbers before "MiB" in a text.
    fn mebibytes(text: &str) -> Vec<usize> {
        text.match_indices(" MiB")
            .filter_map(|(at, _)| {
                let digits: String = text[..at]
                    .chars()
                    .rev()
                    .take_while(char::is_ascii_digit)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                digits.parse().ok()
            })
            .collect()
    }

    /// Guards against a size in the document that is not the server's: the import's 413
    /// once said 1 MiB (the JSON limit) where its summary said 64 MiB.
    #[test]
    fn every_size_limit_in_the_document_is_the_servers() {
        let (_, mut api) = crate::api::router();
        api.merge(crate::api::kiosk_router().1);
        let doc = finish(api);
        let json_limit = crate::config::BODY_LIMIT >> 20;
        let file_limit = crate::transfer::import::MAX_FILE_BYTES >> 20;
        let description = doc["info"]["description"].as_str().unwrap_or_default();
        assert!(
            description.contains(&format!(
                "JSON bodies are limited to {json_limit} MiB, a CSV import's file to {file_limit} MiB"
            )),
            "the conventions state the limits"
        );
        let mut import_sizes = Vec::new();
        for item in doc["paths"].as_object().expect("paths").values() {
            for op in item.as_object().expect("path item").values() {
                let import = op["operationId"] == "importAttendees";
                let mut texts = vec![&op["summary"], &op["description"]];
                texts.extend(
                    op["responses"]
                        .as_object()
                        .expect("responses")
                        .values()
                        .map(|r| &r["description"]),
                );
                for text in texts.into_iter().filter_map(Value::as_str) {
                    for size in mebibytes(text) {
                        let limit = if import { file_limit } else { json_limit };
                        assert_eq!(size, limit, "{}: {text}", op["operationId"]);
                        if import {
                            import_sizes.push(size);
                        }
                    }
                }
                if !import && let Some(text) = op["responses"]["413"]["description"].as_str() {
                    assert_eq!(mebibytes(text), [json_limit], "{text}");
                }
            }
        }
        // The summary and the 413 both say it.
        assert_eq!(import_sizes, [file_limit, file_limit, file_limit]);
    }

    #[test]
    fn an_optional_body_is_not_required_and_not_nullable() {
        let mut op = json!({"requestBody": {"content": {"application/json": {"schema":
            {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/B"}]}}}}});
        let map = op.as_object_mut().expect("object");
        optional_body(map);
        assert_eq!(
            op["requestBody"],
            json!({"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/B"}}}})
        );
    }
}

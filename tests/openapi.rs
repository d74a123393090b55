//! Walks the served OpenAPI document and checks a real response of every documented
//! route (success and error answers) against the schema the document gives for it.
//!
//! Object schemas are made strict (`additionalProperties: false`) for the check, so a
//! member the server sends but the document does not describe fails too.

use crate::common;

use common::{Resp, Server};
use serde_json::{Map, Value, json};

/// Makes every object schema with declared properties reject undeclared ones.
fn strict(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if map.contains_key("properties") && !map.contains_key("additionalProperties") {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            for value in map.values_mut() {
                strict(value);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(strict),
        _ => {}
    }
}

pub(crate) struct Checker {
    doc: Value,
    components: Value,
    checked: Vec<String>,
}

impl Checker {
    pub(crate) fn new(doc: Value) -> Self {
        let mut components = doc["components"].clone();
        strict(&mut components);
        Checker {
            doc,
            components,
            checked: Vec::new(),
        }
    }

    /// Validates `resp` against the schema documented for `method path` and its status.
    pub(crate) fn check(&mut self, method: &str, path: &str, resp: &Resp) {
        let op = &self.doc["paths"][path][method];
        assert!(op.is_object(), "{method} {path} is not documented");
        let status = resp.status.to_string();
        let documented = &op["responses"][&status];
        assert!(
            documented.is_object(),
            "{method} {path} answered {status}, which the document does not list: {}",
            resp.text
        );
        // No content: documented without a body, and none is sent.
        if resp.status == 204 {
            assert!(
                documented["content"].is_null(),
                "{method} {path} 204 documents a body"
            );
            assert!(
                resp.text.is_empty(),
                "{method} {path} 204 sent {}",
                resp.text
            );
            self.checked.push(format!("{method} {path} {status}"));
            return;
        }
        // Images and pages: the documented media type must be what is sent.
        if let Some((media, _)) = documented["content"]
            .as_object()
            .and_then(|c| c.iter().next())
            .filter(|(media, _)| media.as_str() != "application/json")
        {
            let sent = resp.header("content-type").unwrap_or_default();
            assert!(
                sent.starts_with(media.as_str()),
                "{method} {path} {status}: sent {sent}, documented {media}"
            );
            self.checked.push(format!("{method} {path} {status}"));
            return;
        }
        let mut schema = documented["content"]["application/json"]["schema"].clone();
        assert!(
            schema.is_object(),
            "{method} {path} {status} has no JSON schema"
        );
        strict(&mut schema);
        let mut root = Map::new();
        root.insert(
            "$schema".into(),
            json!("https://json-schema.org/draft/2020-12/schema"),
        );
        root.insert("allOf".into(), json!([schema]));
        root.insert("components".into(), self.components.clone());
        let root = Value::Object(root);
        // Formats are checked too: a `date-time` the server sends must be one.
        let validator = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(&root)
            .unwrap_or_else(|e| panic!("schema of {method} {path} {status} does not compile: {e}"));
        let body = resp.json();
        let problems: Vec<String> = validator
            .iter_errors(&body)
            .map(|e| format!("{e} at {}", e.instance_path))
            .collect();
        assert!(
            problems.is_empty(),
            "{method} {path} {status}: the response does not match its schema: {problems:?}\nbody: {body}"
        );
        self.checked.push(format!("{method} {path} {status}"));
    }
}

/// A valid request body for each write route.
fn sample_body(method: &str, path: &str, field_ids: &[i64]) -> Value {
    match (method, path) {
        ("post", "/events") => json!({"item": {"name": "Doc walk", "timezone": "Europe/Oslo"}}),
        ("patch", "/events/{event_id}") => json!({"item": {"location": "Hall B"}}),
        ("post", "/events/{event_id}/registration_types") => {
            json!({"item": {"name": "VIP", "capacity": 10}})
        }
        ("patch", "/events/{event_id}/registration_types/{id}") => {
            json!({"item": {"capacity": null}})
        }
        ("post", "/events/{event_id}/sessions") => json!({"item": {"name": "Talk"}}),
        ("patch", "/events/{event_id}/sessions/{id}") => json!({"item": {"capacity": 5}}),
        ("post", "/events/{event_id}/attendees") => json!({"item": {
            "first_name": "Grace", "email": "grace@example.com",
            "fields": [{"attendee_field_id": field_ids[0], "value": "M"}]
        }}),
        ("patch", "/events/{event_id}/attendees/{id}") => {
            json!({"item": {"rsvp_status": "declined", "phone": "+47 22 12 34 56"}})
        }
        ("post", "/events/{event_id}/attendee_fields") => {
            json!({"item": {"label": "Company size", "type": "number"}})
        }
        ("patch", "/events/{event_id}/attendee_fields/{id}") => {
            json!({"item": {"label": "Size of company"}})
        }
        ("post", "/events/{event_id}/attendees/{id}/check_in") => {
            json!({"item": {"session_id": null}})
        }
        ("patch", "/events/{event_id}/attendees/{id}/check_in") => json!({}),
        ("post", "/events/{event_id}/scans") => {
            json!({"item": {"code": "NOPE", "action": "check_in"}})
        }
        other => panic!("no sample body for {other:?}: add one when adding a route"),
    }
}

#[test]
fn every_documented_route_answers_as_documented() {
    let s = Server::start();
    let token = s.token("read write");
    let doc_resp = s.call("GET", &format!("{}/api/v2/openapi", s.base), None, None);
    assert_eq!(doc_resp.status, 200);
    let doc = doc_resp.json();
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")));
    let mut checker = Checker::new(doc.clone());

    // Records for every kind of path parameter.
    let event = s.event(&token, "Walk");
    let other_event = s.event(&token, "Other");
    let shirt = s.field(
        &token,
        event,
        json!({"label": "T-shirt", "type": "dropdown", "options": ["S", "M"]}),
    )["id"]
        .as_i64()
        .expect("field id");
    s.field(&token, event, json!({"label": "Spacer", "type": "spacer"}));
    let attendee = s.attendee(
        &token,
        event,
        json!({"first_name": "Ada", "fields": [{"attendee_field_id": shirt, "value": "S"}]}),
    )["id"]
        .as_i64()
        .expect("attendee id");
    let checkin_attendee = s.attendee(
        &token,
        event,
        json!({"first_name": "Grace", "fields": [{"attendee_field_id": shirt, "value": "M"}]}),
    )["id"]
        .as_i64()
        .expect("attendee id");
    let regtype = s
        .post(
            &format!("/events/{event}/registration_types"),
            &token,
            json!({"item": {"name": "GA"}}),
        )
        .item()["id"]
        .as_i64()
        .expect("registration type id");
    let session = s
        .post(
            &format!("/events/{event}/sessions"),
            &token,
            json!({"item": {"name": "Keynote"}}),
        )
        .item()["id"]
        .as_i64()
        .expect("session id");
    // Deletes get records of their own (methods are walked in name order: delete first).
    let spare = |what: &str| {
        s.post(
            &format!("/events/{event}/{what}"),
            &token,
            json!({"item": {"name": "To delete"}}),
        )
        .item()["id"]
            .as_i64()
            .expect("id")
    };
    let (spare_regtype, spare_session) = (spare("registration_types"), spare("sessions"));
    let spare_attendee = s.attendee(
        &token,
        event,
        json!({"first_name": "To erase", "fields": [{"attendee_field_id": shirt, "value": "S"}]}),
    )["id"]
        .as_i64()
        .expect("attendee id");
    let spare_field = s.field(
        &token,
        event,
        json!({"label": "To delete", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");

    // `/me` answers personal tokens only.
    s.create_user(
        "walker@example.com",
        "organiser",
        1,
        "correct horse battery",
    );
    let personal = s.personal_token("walker@example.com", "correct horse battery");
    // Two invitations for the walker (`/me/invitations/{account_id}`: one declined, one
    // accepted), from organisers of two more accounts.
    let mut inviting = Vec::new();
    for name in ["Second", "Third"] {
        let account = s.create_account(name);
        let email = format!("organiser-{account}@example.com");
        s.create_user(&email, "organiser", account, "correct horse battery");
        let organiser = s.personal_token(&email, "correct horse battery");
        let invited = s.call_with(
            "POST",
            "/kiosk/staff",
            Some(&organiser),
            &[("X-Account-Id", &account.to_string())],
            Some(
                &json!({"item": {"name": "Walker", "email": "walker@example.com", "role": "door"}}),
            ),
        );
        assert_eq!(invited.status, 201, "{}", invited.text);
        inviting.push(account);
    }

    // The kiosk's own routes (`/kiosk/...`, server `/`) have their own tests (tests/sync.rs).
    let mut paths = doc["paths"].as_object().expect("paths").clone();
    paths.retain(|path, _| !path.starts_with("/kiosk"));
    for (path, ops) in &paths {
        for (method, _) in ops.as_object().expect("operations") {
            let id = if path.contains("attendee_fields/{id}") {
                if method == "delete" {
                    spare_field
                } else {
                    shirt
                }
            } else if path.contains("attendees/{id}") && path.contains("check_in") {
                checkin_attendee
            } else if path.contains("attendees/{id}") {
                if method == "delete" {
                    spare_attendee
                } else {
                    attendee
                }
            } else if path.contains("registration_types/{id}") {
                if method == "delete" {
                    spare_regtype
                } else {
                    regtype
                }
            } else if path.contains("sessions/{id}") {
                if method == "delete" {
                    spare_session
                } else {
                    session
                }
            } else {
                0
            };
            let inviter = if method == "delete" {
                inviting[0]
            } else {
                inviting[1]
            };
            let concrete = path
                .replace("{event_id}", &event.to_string())
                .replace("{id}", &id.to_string())
                .replace("{account_id}", &inviter.to_string());
            if path.ends_with("/imports/attendees") {
                // A CSV body, not JSON: its own walk.
                let csv = |event: i64, token: Option<&str>, body: &str| {
                    s.call_raw(
                        "POST",
                        &format!("/events/{event}/imports/attendees"),
                        token,
                        "text/csv",
                        body.as_bytes().to_vec(),
                    )
                };
                let good = "first_name,T-shirt\nImported,M\n";
                let ok = csv(event, Some(&token), good);
                assert_eq!(ok.status, 200, "{}", ok.text);
                checker.check(method, path, &ok);
                checker.check(method, path, &csv(event, None, good));
                let weak = s.token("read");
                checker.check(method, path, &csv(event, Some(&weak), good));
                checker.check(method, path, &csv(999_999, Some(&token), good));
                let unreadable = csv(event, Some(&token), "");
                assert_eq!(unreadable.status, 422);
                checker.check(method, path, &unreadable);
                continue;
            }
            let body = (matches!(method.as_str(), "post" | "patch") && !path.starts_with("/me/"))
                .then(|| sample_body(method, path, &[shirt]));
            let upper = method.to_uppercase();

            // Check-in routes depend on the attendee's state: put it where the operation
            // succeeds.
            if path.ends_with("/check_in") {
                let prepare = if method == "post" { "DELETE" } else { "POST" };
                s.call(prepare, &concrete, Some(&token), None);
            }

            // The success answer. The live stream's body never ends: its head is checked
            // here, its events in tests/stream.rs.
            let who = if path == "/me" || path.starts_with("/me/") {
                &personal
            } else {
                &token
            };
            if path.ends_with("/check_ins/stream") {
                let head = s
                    .http
                    .get(format!("{}{concrete}", s.api))
                    .bearer_auth(who)
                    .send()
                    .expect("open the stream");
                assert_eq!(head.status(), 200);
                let kind = head.headers().get("content-type").cloned();
                assert_eq!(
                    kind.as_ref().and_then(|v| v.to_str().ok()),
                    Some("text/event-stream")
                );
                let documented = &doc["paths"][path]["get"]["responses"]["200"]["content"];
                assert!(documented["text/event-stream"].is_object(), "{documented}");
            } else {
                let ok = s.call(&upper, &concrete, Some(who), body.as_ref());
                assert!(
                    ok.status < 300,
                    "{upper} {concrete}: {} {}",
                    ok.status,
                    ok.text
                );
                checker.check(method, path, &ok);
            }

            // No token: 401.
            let unauthorized = s.call(&upper, &concrete, None, body.as_ref());
            assert_eq!(unauthorized.status, 401);
            checker.check(method, path, &unauthorized);

            // A token without the needed scope (for /me: a machine token): 403.
            // (A read that needs `write`, as the exports do, gets a `read` token.)
            let needs_write = doc["paths"][path][method.as_str()]["security"]
                .as_array()
                .is_some_and(|requirements| {
                    requirements.iter().any(|r| {
                        r["oauth2"]
                            .as_array()
                            .is_some_and(|scopes| scopes.iter().any(|s| s == "write"))
                    })
                });
            let scope = if matches!(method.as_str(), "get") && !needs_write {
                "write"
            } else {
                "read"
            };
            let weak = s.token(scope);
            let forbidden = s.call(&upper, &concrete, Some(&weak), body.as_ref());
            assert_eq!(
                forbidden.status, 403,
                "{upper} {concrete} with {scope}: {}",
                forbidden.text
            );
            checker.check(method, path, &forbidden);

            // An unknown record: 404 (for routes with parameters).
            if path.contains('{') {
                let missing = if path.contains("{id}") {
                    path.replace("{event_id}", &event.to_string())
                        .replace("{id}", "999999")
                } else {
                    path.replace("{event_id}", "999999")
                };
                let not_found = s.call(&upper, &missing, Some(&token), body.as_ref());
                assert_eq!(
                    not_found.status, 404,
                    "{upper} {missing}: {}",
                    not_found.text
                );
                checker.check(method, path, &not_found);
            }

            // Invalid content: 422 (write routes with a body).
            if body.is_some() {
                let invalid = s.call(
                    &upper,
                    &concrete,
                    Some(&token),
                    Some(
                        &json!({"item": {"name": 5, "first_name": 5, "label": 5, "capacity": "x"}}),
                    ),
                );
                assert_eq!(invalid.status, 422, "{upper} {concrete}: {}", invalid.text);
                checker.check(method, path, &invalid);
            }
        }
    }
    // Something of another event is not found through this event.
    let cross = s.get(
        &format!("/events/{other_event}/attendees/{attendee}"),
        &token,
    );
    assert_eq!(cross.status, 404);
    checker.check("get", "/events/{event_id}/attendees/{id}", &cross);

    let routes: usize = paths
        .values()
        .map(|ops| ops.as_object().map_or(0, |o| o.len()))
        .sum();
    assert!(
        routes >= 18,
        "expected every v2 route documented, found {routes}"
    );
    assert!(
        checker.checked.len() >= routes * 3,
        "checked: {:?}",
        checker.checked
    );
}

#[test]
fn the_document_declares_the_oauth_scheme_and_docs_are_served_offline() {
    let s = Server::start();
    let doc = s
        .call("GET", &format!("{}/api/v2/openapi", s.base), None, None)
        .json();
    let flows = &doc["components"]["securitySchemes"]["oauth2"]["flows"]["clientCredentials"];
    assert_eq!(flows["tokenUrl"], "/oauth/token");
    assert!(flows["scopes"]["read"].is_string() && flows["scopes"]["write"].is_string());
    assert!(
        doc["info"]["description"]
            .as_str()
            .is_some_and(|d| d.contains("does not imply `read`"))
    );

    let page = s.call("GET", &format!("{}/api/v2/docs/", s.base), None, None);
    assert_eq!(page.status, 200);
    assert!(page.text.to_lowercase().contains("swagger"));
    // Every asset the page loads comes from this server: no CDN.
    for needle in ["https://", "http://"] {
        for line in page
            .text
            .lines()
            .filter(|l| l.contains("src=") || l.contains("href="))
        {
            assert!(
                !line.contains(needle),
                "external asset in docs page: {line}"
            );
        }
    }
}

#[test]
fn the_kiosk_routes_answer_as_documented() {
    // The kiosk's own routes (tag `kiosk`, served from `/`): every status they answer is
    // documented with the body it has. The sync is pointed at a closed port: no remote.
    let s = Server::start();
    let doc = s
        .call("GET", &format!("{}/api/v2/openapi", s.base), None, None)
        .json();
    let mut checker = Checker::new(doc.clone());
    let kiosk_paths: Vec<&String> = doc["paths"]
        .as_object()
        .expect("paths")
        .keys()
        .filter(|p| p.starts_with("/kiosk"))
        .collect();
    assert!(kiosk_paths.len() >= 5, "{kiosk_paths:?}");
    // The clients routes are for people signed in as organisers: a personal token, which
    // names its account (client credentials ignore the header).
    let organiser = s.organiser_token();
    let reader = s.token("read");
    let (org, read, none) = (Some(organiser.as_str()), Some(reader.as_str()), None);
    let config = json!({"item": {"base_url": "http://127.0.0.1:9/api/v2",
        "auth_url": "http://127.0.0.1:9", "client_id": "kiosk", "client_secret": "secret",
        "events": [1]}});
    let printer = json!({"item": {"name": "Badge printer", "scopes": "read check_in"}});
    let mut call = |method: &str, doc_path: &str, path: &str, token, body: Option<&Value>| {
        let r = s.call_with(
            &method.to_uppercase(),
            &format!("{}{path}", s.base),
            token,
            &[("X-Account-Id", "1")],
            body,
        );
        checker.check(method, doc_path, &r);
        r
    };
    // (method, documented path, path, token, body, status), in order: the run after the
    // configuration, the client made before it is deleted.
    let parked = "/kiosk/sync/parked/{id}";
    type Case<'a> = (
        &'a str,
        &'a str,
        &'a str,
        Option<&'a str>,
        Option<Value>,
        u16,
    );
    let cases: Vec<Case> = vec![
        ("get", "/kiosk/sync", "/kiosk/sync", read, None, 200),
        ("get", "/kiosk/sync", "/kiosk/sync", none, None, 401),
        (
            "get",
            "/kiosk/sync/config",
            "/kiosk/sync/config",
            org,
            None,
            200,
        ),
        (
            "get",
            "/kiosk/sync/config",
            "/kiosk/sync/config",
            read,
            None,
            403,
        ),
        (
            "put",
            "/kiosk/sync/config",
            "/kiosk/sync/config",
            org,
            Some(json!({"item": {"base_url": "nope"}})),
            422,
        ),
        (
            "put",
            "/kiosk/sync/config",
            "/kiosk/sync/config",
            org,
            Some(config),
            200,
        ),
        ("post", "/kiosk/sync/run", "/kiosk/sync/run", org, None, 200),
        ("get", "/kiosk/sync", "/kiosk/sync", read, None, 200),
        ("delete", parked, "/kiosk/sync/parked/99", org, None, 404),
        (
            "patch",
            parked,
            "/kiosk/sync/parked/99",
            org,
            Some(json!({"item": {"body": {}}})),
            404,
        ),
        (
            "post",
            "/kiosk/sync/parked/{id}/retry",
            "/kiosk/sync/parked/99/retry",
            org,
            None,
            404,
        ),
        ("get", "/kiosk/clients", "/kiosk/clients", org, None, 200),
        (
            "post",
            "/kiosk/clients",
            "/kiosk/clients",
            org,
            Some(json!({"item": {"name": ""}})),
            422,
        ),
    ];
    for (method, doc_path, path, token, body, status) in &cases {
        let r = call(method, doc_path, path, *token, body.as_ref());
        assert_eq!(r.status, *status, "{method} {path}: {}", r.text);
    }
    let made = call(
        "post",
        "/kiosk/clients",
        "/kiosk/clients",
        org,
        Some(&printer),
    );
    assert_eq!(made.status, 201, "{}", made.text);
    let one = format!(
        "/kiosk/clients/{}",
        made.json()["client_id"].as_str().expect("id")
    );
    let doc_one = "/kiosk/clients/{client_id}";
    for (token, status) in [(read, 403), (org, 204), (org, 404)] {
        assert_eq!(call("delete", doc_one, &one, token, None).status, status);
    }
}

/// Issue 37, 10: the sync's conflicts and parked entries are typed in the document, so a
/// generated client gets their shapes (with the responses checked against them in
/// `sync::documented_status`).
#[test]
fn the_syncs_conflict_details_and_parked_bodies_are_typed() {
    let s = Server::start();
    let doc = s
        .call("GET", &format!("{}/api/v2/openapi", s.base), None, None)
        .json();
    let schemas = &doc["components"]["schemas"];
    let titles = |schema: &Value| -> Vec<String> {
        schema["anyOf"]
            .as_array()
            .unwrap_or_else(|| panic!("anyOf shapes: {schema}"))
            .iter()
            .map(|shape| {
                shape["title"]
                    .as_str()
                    .map_or_else(|| shape["type"].to_string(), str::to_owned)
            })
            .collect()
    };
    assert_eq!(
        titles(&schemas["Conflict"]["properties"]["details"]),
        [
            "DuplicateEntryDetails",
            "EditConflictDetails",
            "DeletedRemotelyDetails",
            "\"null\""
        ]
    );
    assert_eq!(
        titles(&schemas["Parked"]["properties"]["body"]),
        [
            "ParkedItemBody",
            "ParkedOperationBody",
            "ParkedDeleteBody",
            "\"null\""
        ]
    );
    assert_eq!(
        titles(&schemas["ParkedEdit"]["properties"]["body"]),
        ["ParkedItemBody", "ParkedOperationBody", "ParkedDeleteBody"]
    );
    let edit = &schemas["Conflict"]["properties"]["details"]["anyOf"][1];
    assert_eq!(
        edit["properties"]["kept"]["enum"],
        json!(["local", "remote"])
    );
}

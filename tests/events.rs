//! Events, registration types and sessions over real HTTP, plus what every route shares:
//! health check, OpenAPI and docs, unknown routes and methods, body limits and bodies
//! that are not `{item: ...}`.

use crate::common;

use common::{Server, assert_mentions, into_resp};
use serde_json::{Value, json};

fn items(v: &Value) -> Vec<Value> {
    v["items"]
        .as_array()
        .unwrap_or_else(|| panic!("no items array in {v}"))
        .clone()
}

fn ids(v: &Value) -> Vec<i64> {
    items(v)
        .iter()
        .map(|i| i["id"].as_i64().expect("id"))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------

#[test]
fn events_list_is_paged_like_attendees() {
    let s = Server::start();
    let token = s.token("read write");
    let empty = s.get("/events", &token);
    assert_eq!(empty.status, 200, "{}", empty.text);
    assert_eq!(
        empty.json(),
        json!({"items": [], "metadata": {"page": 1, "per_page": 25, "total_count": 0, "total_pages": 0}})
    );

    let created: Vec<i64> = (1..=5)
        .map(|i| s.event(&token, &format!("Event {i}")))
        .collect();

    let all = s.get("/events", &token).json();
    assert_eq!(ids(&all), created, "ordered by id");
    assert_eq!(
        all["metadata"],
        json!({"page": 1, "per_page": 25, "total_count": 5, "total_pages": 1})
    );

    let page = |q: &str| {
        let r = s.get(&format!("/events?{q}"), &token);
        assert_eq!(r.status, 200, "{q}: {}", r.text);
        r.json()
    };
    let p1 = page("per_page=2");
    assert_eq!(ids(&p1), created[0..2]);
    assert_eq!(
        p1["metadata"],
        json!({"page": 1, "per_page": 2, "total_count": 5, "total_pages": 3})
    );
    let p2 = page("page=2&per_page=2");
    assert_eq!(ids(&p2), created[2..4]);
    assert_eq!(p2["metadata"]["page"], 2);
    let p3 = page("page=3&per_page=2");
    assert_eq!(ids(&p3), created[4..5]);
    // Past the end: 200 with no items.
    let p4 = page("page=4&per_page=2");
    assert_eq!(items(&p4), Vec::<Value>::new());
    assert_eq!(
        p4["metadata"],
        json!({"page": 4, "per_page": 2, "total_count": 5, "total_pages": 3})
    );

    // The edges of the ranges are accepted.
    assert_eq!(page("per_page=100")["metadata"]["per_page"], 100);
    assert_eq!(page("per_page=1")["metadata"]["per_page"], 1);
    assert_eq!(
        page("page=2147483647")["metadata"]["page"],
        2147483647,
        "the highest page is an empty page"
    );
    // Out of range or not a number: 422 naming the parameter, as the document declares.
    for (q, named) in [
        ("per_page=500", "per_page"),
        ("per_page=101", "per_page"),
        ("per_page=0", "per_page"),
        ("per_page=-5", "per_page"),
        ("per_page=9223372036854775808", "per_page"),
        ("page=0", "page"),
        ("page=-3", "page"),
        ("page=abc", "page"),
        ("page=", "page"),
        ("page=2147483648", "page"),
    ] {
        let r = s.get(&format!("/events?{q}"), &token);
        assert_eq!(r.status, 422, "{q}: {}", r.text);
        let errors = r.json()["errors"].clone();
        assert!(
            errors[0].as_str().is_some_and(|e| e.starts_with(named)),
            "{q}: {errors}"
        );
    }
    let both = s.get("/events?page=0&per_page=0", &token);
    assert_eq!(both.status, 422);
    assert_eq!(both.json()["errors"].as_array().map(Vec::len), Some(2));
}

#[test]
fn create_and_get_an_event() {
    let s = Server::start();
    let token = s.token("read write");
    let resp = s.post(
        "/events",
        &token,
        json!({"item": {
            "name": "  Nordic Rust  ",
            "starts_at": "2026-05-01T09:00:00+02:00",
            "ends_at": "2026-05-02T17:30:00.5+02:00",
            "timezone": "Europe/Oslo",
            "location": "Oslo",
            "unknown_member": "ignored"
        }}),
    );
    assert_eq!(resp.status, 201, "{}", resp.text);
    let body = resp.json();
    assert_eq!(body["metadata"], json!({}));
    let event = &body["item"];
    let id = event["id"].as_i64().expect("id");
    assert_eq!(event["name"], "Nordic Rust");
    assert_eq!(event["starts_at"], "2026-05-01T07:00:00.000Z");
    assert_eq!(event["ends_at"], "2026-05-02T15:30:00.500Z");
    assert_eq!(event["timezone"], "Europe/Oslo");
    assert_eq!(event["location"], "Oslo");
    assert!(event["account_id"].is_i64());
    for member in ["created_at", "updated_at"] {
        let t = event[member].as_str().expect("timestamp");
        assert!(t.ends_with('Z') && t.len() == 24, "{member}: {t}");
    }
    assert!(event.get("unknown_member").is_none());

    let got = s.get(&format!("/events/{id}"), &token);
    assert_eq!(got.status, 200, "{}", got.text);
    assert_eq!(got.json()["metadata"], json!({}));
    assert_eq!(&got.item(), event);

    // Only a name: the rest is null.
    let minimal = s.post("/events", &token, json!({"item": {"name": "Bare"}}));
    assert_eq!(minimal.status, 201, "{}", minimal.text);
    let bare = minimal.item();
    for member in ["starts_at", "ends_at", "timezone", "location"] {
        assert!(bare[member].is_null(), "{member}: {bare}");
    }
    // Empty optional text is stored as null.
    let blank = s.post(
        "/events",
        &token,
        json!({"item": {"name": "Blank", "location": "   "}}),
    );
    assert_eq!(blank.status, 201, "{}", blank.text);
    assert!(blank.item()["location"].is_null());
}

#[test]
fn update_an_event() {
    let s = Server::start();
    let token = s.token("read write");
    let created = s
        .post(
            "/events",
            &token,
            json!({"item": {
                "name": "Before",
                "starts_at": "2026-05-01T09:00:00Z",
                "ends_at": "2026-05-01T17:00:00Z",
                "timezone": "Europe/Oslo",
                "location": "Oslo"
            }}),
        )
        .item();
    let id = created["id"].as_i64().expect("id");
    let path = format!("/events/{id}");

    // Absent members keep their value.
    let renamed = s.patch(&path, &token, json!({"item": {"name": "After"}}));
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    assert_eq!(renamed.json()["metadata"], json!({}));
    let item = renamed.item();
    assert_eq!(item["name"], "After");
    assert_eq!(item["starts_at"], "2026-05-01T09:00:00.000Z");
    assert_eq!(item["ends_at"], "2026-05-01T17:00:00.000Z");
    assert_eq!(item["timezone"], "Europe/Oslo");
    assert_eq!(item["location"], "Oslo");
    assert_eq!(item["created_at"], created["created_at"]);

    // An empty item changes nothing.
    let same = s.patch(&path, &token, json!({"item": {}}));
    assert_eq!(same.status, 200, "{}", same.text);
    assert_eq!(same.item()["name"], "After");

    // null clears.
    let cleared = s.patch(
        &path,
        &token,
        json!({"item": {"location": null, "timezone": null, "ends_at": null}}),
    );
    assert_eq!(cleared.status, 200, "{}", cleared.text);
    let item = cleared.item();
    assert!(item["location"].is_null());
    assert!(item["timezone"].is_null());
    assert!(item["ends_at"].is_null());
    assert_eq!(item["starts_at"], "2026-05-01T09:00:00.000Z");
    assert_eq!(item["name"], "After");

    // Timestamps are normalised on update too.
    let moved = s.patch(
        &path,
        &token,
        json!({"item": {"ends_at": "2026-05-01T20:00:00-04:00", "timezone": "America/New_York"}}),
    );
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(moved.item()["ends_at"], "2026-05-02T00:00:00.000Z");
    assert_eq!(moved.item()["timezone"], "America/New_York");

    // The order check sees the stored value: an end before the stored start is refused.
    let early = s.patch(
        &path,
        &token,
        json!({"item": {"ends_at": "2026-05-01T08:00:00Z"}}),
    );
    assert_mentions(&early.errors(), "item.ends_at");

    // The name can not be cleared.
    let nameless = s.patch(&path, &token, json!({"item": {"name": null}}));
    assert_mentions(&nameless.errors(), "item.name");
    let blank = s.patch(&path, &token, json!({"item": {"name": "  "}}));
    assert_mentions(&blank.errors(), "item.name");

    // Nothing of the refused updates was stored.
    let got = s.get(&path, &token).item();
    assert_eq!(got["name"], "After");
    assert_eq!(got["ends_at"], "2026-05-02T00:00:00.000Z");
}

#[test]
fn invalid_events_are_422() {
    let s = Server::start();
    let token = s.token("read write");
    let cases: Vec<(Value, &str)> = vec![
        (json!({}), "item.name"),
        (json!({"location": "Oslo"}), "item.name"),
        (json!({"name": null}), "item.name"),
        (json!({"name": ""}), "item.name"),
        (json!({"name": 5}), "item.name"),
        (json!({"name": ["x"]}), "item.name"),
        (json!({"name": "x".repeat(201)}), "item.name"),
        (
            json!({"name": "E", "starts_at": "tomorrow"}),
            "item.starts_at",
        ),
        (
            json!({"name": "E", "starts_at": "2026-05-01 09:00"}),
            "item.starts_at",
        ),
        (
            json!({"name": "E", "starts_at": "2026-05-01T09:00:00"}),
            "item.starts_at",
        ),
        (
            json!({"name": "E", "ends_at": 1_700_000_000}),
            "item.ends_at",
        ),
        (
            json!({"name": "E", "timezone": "Mars/Base"}),
            "item.timezone",
        ),
        (json!({"name": "E", "timezone": "CEST+2"}), "item.timezone"),
        (
            json!({"name": "E", "starts_at": "2026-05-02T09:00:00Z", "ends_at": "2026-05-01T09:00:00Z"}),
            "item.ends_at",
        ),
        (
            // Same instant written with different offsets: 08:00Z ends before 09:00Z.
            json!({"name": "E", "starts_at": "2026-05-01T11:00:00+02:00", "ends_at": "2026-05-01T08:00:00Z"}),
            "item.ends_at",
        ),
        (json!({"name": "E", "location": 7}), "item.location"),
    ];
    for (item, member) in cases {
        let resp = s.post("/events", &token, json!({ "item": item }));
        let errors = resp.errors();
        assert_mentions(&errors, member);
    }
    // Every problem is reported at once.
    let many = s.post(
        "/events",
        &token,
        json!({"item": {"starts_at": "nope", "timezone": "Mars/Base"}}),
    );
    let errors = many.errors();
    assert_mentions(&errors, "item.name");
    assert_mentions(&errors, "item.starts_at");
    assert_mentions(&errors, "item.timezone");
    assert_eq!(errors.len(), 3, "{errors:?}");

    // Nothing was created.
    assert_eq!(
        s.get("/events", &token).json()["metadata"]["total_count"],
        0
    );
}

#[test]
fn timezones_are_iana_names() {
    let s = Server::start();
    let token = s.token("read write");
    for tz in [
        "UTC",
        "Europe/Oslo",
        "America/Argentina/Buenos_Aires",
        "Asia/Kolkata",
    ] {
        let resp = s.post(
            "/events",
            &token,
            json!({"item": {"name": "E", "timezone": tz}}),
        );
        assert_eq!(resp.status, 201, "{tz}: {}", resp.text);
        assert_eq!(resp.item()["timezone"], tz);
    }
}

#[test]
fn unknown_events_are_404() {
    let s = Server::start();
    let token = s.token("read write");
    let id = s.event(&token, "Exists");
    let missing = id + 1000;
    s.get(&format!("/events/{missing}"), &token)
        .assert_not_found("GET unknown event");
    s.patch(
        &format!("/events/{missing}"),
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("PATCH unknown event");
    for path in [
        "/events/abc",
        "/events/1.5",
        "/events/-",
        "/events/99999999999999999999",
    ] {
        s.get(path, &token).assert_not_found(path);
    }
    for sub in [
        "registration_types",
        "sessions",
        "attendees",
        "attendee_fields",
    ] {
        s.get(&format!("/events/{missing}/{sub}"), &token)
            .assert_not_found(sub);
    }
}

// ---------------------------------------------------------------------------------------
// Registration types
// ---------------------------------------------------------------------------------------

#[test]
fn registration_types() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Tickets");
    let base = format!("/events/{event}/registration_types");

    let empty = s.get(&base, &token);
    assert_eq!(empty.status, 200, "{}", empty.text);
    assert_eq!(empty.json(), json!({"items": [], "metadata": {}}));

    let ga = s.post(
        &base,
        &token,
        json!({"item": {"name": " General ", "capacity": 500}}),
    );
    assert_eq!(ga.status, 201, "{}", ga.text);
    assert_eq!(ga.json()["metadata"], json!({}));
    let ga = ga.item();
    assert_eq!(ga["name"], "General");
    assert_eq!(ga["capacity"], 500);
    assert_eq!(ga["event_id"], event);
    assert!(ga["created_at"].is_string() && ga["updated_at"].is_string());
    let ga_id = ga["id"].as_i64().expect("id");

    let press = s.post(&base, &token, json!({"item": {"name": "Press"}}));
    assert_eq!(press.status, 201, "{}", press.text);
    assert!(press.item()["capacity"].is_null());
    let zero = s.post(
        &base,
        &token,
        json!({"item": {"name": "Closed", "capacity": 0}}),
    );
    assert_eq!(zero.status, 201, "{}", zero.text);
    assert_eq!(zero.item()["capacity"], 0);
    let unlimited = s.post(
        &base,
        &token,
        json!({"item": {"name": "Open", "capacity": null}}),
    );
    assert_eq!(unlimited.status, 201, "{}", unlimited.text);
    assert!(unlimited.item()["capacity"].is_null());

    let list = s.get(&base, &token).json();
    assert_eq!(list["metadata"], json!({}));
    let names: Vec<&str> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|t| t["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["General", "Press", "Closed", "Open"]);
    let listed = ids(&list);
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(listed, sorted, "ordered by id");

    // PATCH: absent keeps, null clears.
    let item_path = format!("{base}/{ga_id}");
    let renamed = s.patch(&item_path, &token, json!({"item": {"name": "GA"}}));
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    assert_eq!(renamed.item()["name"], "GA");
    assert_eq!(renamed.item()["capacity"], 500);
    let cleared = s.patch(&item_path, &token, json!({"item": {"capacity": null}}));
    assert_eq!(cleared.status, 200, "{}", cleared.text);
    assert!(cleared.item()["capacity"].is_null());
    assert_eq!(cleared.item()["name"], "GA");
    let set = s.patch(&item_path, &token, json!({"item": {"capacity": 10}}));
    assert_eq!(set.item()["capacity"], 10);

    // 422s.
    for (item, member) in [
        (json!({"capacity": 5}), "item.name"),
        (json!({"name": ""}), "item.name"),
        (json!({"name": 3}), "item.name"),
        (json!({"name": "N", "capacity": -1}), "item.capacity"),
        (json!({"name": "N", "capacity": "ten"}), "item.capacity"),
        (json!({"name": "N", "capacity": 1.5}), "item.capacity"),
    ] {
        let resp = s.post(&base, &token, json!({ "item": item }));
        assert_mentions(&resp.errors(), member);
    }
    let negative = s.patch(&item_path, &token, json!({"item": {"capacity": -5}}));
    assert_mentions(&negative.errors(), "item.capacity");
    let nameless = s.patch(&item_path, &token, json!({"item": {"name": null}}));
    assert_mentions(&nameless.errors(), "item.name");
    assert_eq!(s.get(&base, &token).json()["items"][0]["capacity"], 10);
    assert_eq!(items(&s.get(&base, &token).json()).len(), 4);

    // 404s: unknown event, unknown type, a type of another event.
    let other = s.event(&token, "Other");
    s.get("/events/999999/registration_types", &token)
        .assert_not_found("list types of an unknown event");
    s.post(
        "/events/999999/registration_types",
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("create a type in an unknown event");
    s.patch(
        &format!("{base}/999999"),
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("PATCH unknown type");
    s.patch(
        &format!("/events/{other}/registration_types/{ga_id}"),
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("PATCH a type via another event");
    s.patch(
        &format!("{base}/abc"),
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("PATCH non-integer type id");
    assert_eq!(
        s.get(&format!("/events/{other}/registration_types"), &token)
            .json(),
        json!({"items": [], "metadata": {}})
    );
}

#[test]
fn registration_types_need_the_right_scope() {
    let s = Server::start();
    let rw = s.token("read write");
    let event = s.event(&rw, "Scopes");
    let base = format!("/events/{event}/registration_types");
    let read = s.token("read");
    let write = s.token("write");
    assert_eq!(
        s.post(&base, &read, json!({"item": {"name": "x"}})).status,
        403
    );
    assert_eq!(s.get(&base, &write).status, 403);
    assert_eq!(
        s.post(&base, &write, json!({"item": {"name": "x"}})).status,
        201
    );
    assert_eq!(s.get(&base, &read).status, 200);
}

// ---------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------

#[test]
fn sessions() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Talks");
    let base = format!("/events/{event}/sessions");

    assert_eq!(
        s.get(&base, &token).json(),
        json!({"items": [], "metadata": {}})
    );

    let keynote = s.post(
        &base,
        &token,
        json!({"item": {
            "name": "Keynote",
            "starts_at": "2026-05-01T09:00:00+02:00",
            "ends_at": "2026-05-01T10:00:00+02:00",
            "capacity": 900
        }}),
    );
    assert_eq!(keynote.status, 201, "{}", keynote.text);
    assert_eq!(keynote.json()["metadata"], json!({}));
    let keynote = keynote.item();
    assert_eq!(keynote["name"], "Keynote");
    assert_eq!(keynote["starts_at"], "2026-05-01T07:00:00.000Z");
    assert_eq!(keynote["ends_at"], "2026-05-01T08:00:00.000Z");
    assert_eq!(keynote["capacity"], 900);
    assert_eq!(keynote["event_id"], event);
    assert!(keynote["created_at"].is_string() && keynote["updated_at"].is_string());
    let id = keynote["id"].as_i64().expect("id");

    let lunch = s.post(&base, &token, json!({"item": {"name": "Lunch"}}));
    assert_eq!(lunch.status, 201, "{}", lunch.text);
    let lunch = lunch.item();
    for member in ["starts_at", "ends_at", "capacity"] {
        assert!(lunch[member].is_null(), "{member}: {lunch}");
    }

    let list = s.get(&base, &token).json();
    assert_eq!(list["metadata"], json!({}));
    assert_eq!(ids(&list), [id, lunch["id"].as_i64().expect("id")]);

    let path = format!("{base}/{id}");
    let renamed = s.patch(&path, &token, json!({"item": {"name": "Opening keynote"}}));
    assert_eq!(renamed.status, 200, "{}", renamed.text);
    let item = renamed.item();
    assert_eq!(item["name"], "Opening keynote");
    assert_eq!(item["starts_at"], "2026-05-01T07:00:00.000Z");
    assert_eq!(item["capacity"], 900);
    let cleared = s.patch(
        &path,
        &token,
        json!({"item": {"capacity": null, "ends_at": null}}),
    );
    assert_eq!(cleared.status, 200, "{}", cleared.text);
    assert!(cleared.item()["capacity"].is_null());
    assert!(cleared.item()["ends_at"].is_null());
    assert_eq!(cleared.item()["starts_at"], "2026-05-01T07:00:00.000Z");

    for (item, member) in [
        (json!({}), "item.name"),
        (json!({"name": "S", "starts_at": "9am"}), "item.starts_at"),
        (
            json!({"name": "S", "ends_at": "2026-13-01T00:00:00Z"}),
            "item.ends_at",
        ),
        (
            json!({"name": "S", "starts_at": "2026-05-01T10:00:00Z", "ends_at": "2026-05-01T09:00:00Z"}),
            "item.ends_at",
        ),
        (json!({"name": "S", "capacity": -1}), "item.capacity"),
        (json!({"name": "S", "capacity": "many"}), "item.capacity"),
    ] {
        let resp = s.post(&base, &token, json!({ "item": item }));
        assert_mentions(&resp.errors(), member);
    }
    let early = s.patch(
        &path,
        &token,
        json!({"item": {"ends_at": "2026-05-01T06:00:00Z"}}),
    );
    assert_mentions(&early.errors(), "item.ends_at");
    let negative = s.patch(&path, &token, json!({"item": {"capacity": -3}}));
    assert_mentions(&negative.errors(), "item.capacity");
    assert_eq!(items(&s.get(&base, &token).json()).len(), 2);

    let other = s.event(&token, "Other");
    s.get("/events/999999/sessions", &token)
        .assert_not_found("list sessions of an unknown event");
    s.post(
        "/events/999999/sessions",
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("create a session in an unknown event");
    s.patch(
        &format!("{base}/999999"),
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("PATCH unknown session");
    s.patch(
        &format!("/events/{other}/sessions/{id}"),
        &token,
        json!({"item": {"name": "x"}}),
    )
    .assert_not_found("PATCH a session via another event");
}

// ---------------------------------------------------------------------------------------
// Routes every client meets
// ---------------------------------------------------------------------------------------

#[test]
fn healthz_needs_no_token() {
    let s = Server::start();
    let resp = into_resp(
        s.http
            .get(format!("{}/healthz", s.base))
            .send()
            .expect("healthz"),
    );
    assert_eq!(resp.status, 200, "{}", resp.text);
    assert_eq!(resp.json()["status"], "ok");
}

#[test]
fn openapi_and_docs_need_no_token() {
    let s = Server::start();
    let resp = into_resp(
        s.http
            .get(format!("{}/openapi", s.api))
            .send()
            .expect("openapi"),
    );
    assert_eq!(resp.status, 200, "{}", resp.text);
    assert!(
        resp.header("content-type")
            .is_some_and(|c| c.starts_with("application/json")),
        "{:?}",
        resp.headers
    );
    let doc = resp.json();
    assert!(
        doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.")),
        "{}",
        doc["openapi"]
    );
    let paths = doc["paths"].as_object().expect("paths");
    for path in [
        "/events",
        "/events/{event_id}",
        "/events/{event_id}/registration_types",
        "/events/{event_id}/registration_types/{id}",
        "/events/{event_id}/sessions",
        "/events/{event_id}/sessions/{id}",
        "/events/{event_id}/attendees",
        "/account",
    ] {
        assert!(
            paths.keys().any(|k| k == path || k.ends_with(path)),
            "{path} not in {:?}",
            paths.keys().collect::<Vec<_>>()
        );
    }

    // The docs page, with or without the trailing slash (redirects are followed).
    for url in [format!("{}/docs", s.api), format!("{}/docs/", s.api)] {
        let resp = into_resp(s.http.get(&url).send().expect("docs"));
        assert_eq!(resp.status, 200, "{url}: {}", resp.text);
        assert!(
            resp.header("content-type")
                .is_some_and(|c| c.starts_with("text/html")),
            "{url}: {:?}",
            resp.headers
        );
        assert!(resp.text.to_ascii_lowercase().contains("<html"), "{url}");
    }
}

#[test]
fn unknown_routes_are_404_json() {
    let s = Server::start();
    let token = s.token("read");
    for path in ["/nope", "/events/1/nope", "/events/1/attendees/1/nope"] {
        let resp = s.get(path, &token);
        resp.assert_not_found(path);
    }
    for url in [
        format!("{}/nope", s.base),
        format!("{}/api/v1/events", s.base),
    ] {
        let resp = into_resp(s.http.get(&url).send().expect("request"));
        resp.assert_not_found(&url);
    }
    // Without a token too: an unknown route is not a secret.
    s.call("GET", "/nope", None, None)
        .assert_not_found("GET /nope without a token");
}

#[test]
fn wrong_methods_are_405_json() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Methods");
    for (method, path) in [
        ("PUT", "/events".to_owned()),
        ("DELETE", "/events".to_owned()),
        ("PUT", format!("/events/{event}")),
        ("DELETE", format!("/events/{event}")),
        ("POST", format!("/events/{event}")),
        ("PUT", format!("/events/{event}/registration_types")),
        ("DELETE", format!("/events/{event}/sessions")),
        ("POST", "/account".to_owned()),
    ] {
        let resp = s.call(method, &path, Some(&token), Some(&json!({"item": {}})));
        assert_eq!(resp.status, 405, "{method} {path}: {}", resp.text);
        assert!(!resp.error().is_empty());
    }
    let healthz = into_resp(
        s.http
            .post(format!("{}/healthz", s.base))
            .send()
            .expect("request"),
    );
    assert_eq!(healthz.status, 405, "{}", healthz.text);
    assert!(!healthz.error().is_empty());
}

// ---------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------

#[test]
fn bodies_over_one_mebibyte_are_413() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Big");
    let huge = json!({"item": {"name": "x", "location": "y".repeat(1024 * 1024 + 10)}});
    for (method, path) in [
        ("POST", "/events".to_owned()),
        ("PATCH", format!("/events/{event}")),
        ("POST", format!("/events/{event}/attendees")),
    ] {
        let resp = s.call(method, &path, Some(&token), Some(&huge));
        assert_eq!(resp.status, 413, "{method} {path}: {}", resp.text);
        assert!(!resp.error().is_empty());
    }
    // Just under the limit is read (and then refused for its content, not its size).
    let under = json!({"item": {"name": "x", "location": "y".repeat(1024 * 1000)}});
    let resp = s.post("/events", &token, under);
    assert_mentions(&resp.errors(), "item.location");
    assert_eq!(
        s.get("/events", &token).json()["metadata"]["total_count"],
        1
    );
}

#[test]
fn bodies_that_are_not_item_objects_are_422() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Bodies");
    let raw = |content_type: &str, body: &[u8]| {
        s.call_raw("POST", "/events", Some(&token), content_type, body.to_vec())
    };
    for (content_type, body) in [
        ("application/json", &b"hello"[..]),
        ("application/json", b"{\"item\": {\"name\": \"x\"}"),
        (
            "application/json",
            b"{\"item\": {\"name\": \"x\"}} trailing",
        ),
        ("application/json", b""),
        ("application/json", b"   "),
        ("application/json", b"[]"),
        ("application/json", b"\"item\""),
        ("application/json", b"null"),
        ("application/json", b"{}"),
        ("application/json", b"{\"item\": null}"),
        ("application/json", b"{\"name\": \"x\"}"),
        ("application/json", b"{\"item\": \"x\"}"),
        ("application/json", b"{\"item\": []}"),
        ("application/json; charset=utf-8", b"{\"item\": []}"),
    ] {
        let resp = raw(content_type, body);
        let errors = resp.errors();
        assert!(
            errors.iter().all(|e| !e.is_empty()),
            "{content_type} {body:?}: {errors:?}"
        );
    }
    // A body sent as something else than JSON is 415, even when it would parse as JSON
    // (issue 37, 11: it was read as JSON on a guess).
    let good = br#"{"item": {"name": "Parsed on a guess"}}"#;
    for content_type in [
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
    ] {
        let resp = raw(content_type, good);
        let message = resp.assert_error_status(415, content_type);
        assert!(message.contains("JSON"), "{content_type}: {message}");
    }
    // JSON by its type, with parameters or as a +json type, or with no type at all.
    for content_type in [
        "application/json; charset=utf-8",
        "application/vnd.api+json",
        "APPLICATION/JSON",
    ] {
        let resp = raw(content_type, br#"{"item": {"name": "Typed"}}"#);
        assert_eq!(resp.status, 201, "{content_type}: {}", resp.text);
    }
    let untyped = s
        .http
        .post(format!("{}/events", s.api))
        .bearer_auth(&token)
        .body(r#"{"item": {"name": "Untyped"}}"#)
        .send()
        .expect("request");
    assert_eq!(untyped.status().as_u16(), 201);
    // An empty body is no body, whatever its type (a check-in needs none).
    let a = s.attendee(&token, event, json!({"first_name": "Ada"}));
    let id = a["id"].as_i64().expect("id");
    let r = s.call_raw(
        "POST",
        &format!("/events/{event}/attendees/{id}/check_in"),
        Some(&token),
        "application/x-www-form-urlencoded",
        Vec::new(),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    // Bodies without item name it.
    for body in [&b"{}"[..], b"{\"item\": null}", b"{\"name\": \"x\"}"] {
        assert_mentions(&raw("application/json", body).errors(), "item");
    }
    // Same on PATCH and nested routes.
    for path in [
        format!("/events/{event}"),
        format!("/events/{event}/registration_types"),
        format!("/events/{event}/sessions"),
    ] {
        let method = if path.ends_with(&event.to_string()) {
            "PATCH"
        } else {
            "POST"
        };
        let resp = s.call_raw(
            method,
            &path,
            Some(&token),
            "application/json",
            b"{}".to_vec(),
        );
        assert_mentions(&resp.errors(), "item");
        let resp = s.call_raw(
            method,
            &path,
            Some(&token),
            "text/plain",
            b"not json".to_vec(),
        );
        resp.assert_error_status(415, "text/plain");
    }
    // Nothing was created by the refused ones (the four typed as JSON were).
    assert_eq!(
        s.get("/events", &token).json()["metadata"]["total_count"],
        5
    );
    assert_eq!(
        s.get(&format!("/events/{event}"), &token).item()["name"],
        "Bodies"
    );
}

#[test]
fn a_body_without_a_token_is_401_not_422() {
    let s = Server::start();
    let resp = s.call_raw("POST", "/events", None, "text/plain", b"garbage".to_vec());
    assert_eq!(resp.status, 401, "{}", resp.text);
    assert!(!resp.error().is_empty());
}

/// A timestamp whose UTC form falls after 9999-12-31 has no RFC 3339 representation, and
/// its text (`+10000-...`) sorts before every four-digit year, which defeats the
/// `ends_at >= starts_at` check. It must be refused.
#[test]
fn timestamps_past_year_9999_in_utc_are_refused() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Far future");
    for path in ["/events".to_owned(), format!("/events/{event}/sessions")] {
        let resp = s.post(
            &path,
            &token,
            json!({"item": {
                "name": "Y10K",
                "starts_at": "9999-12-31T23:00:00-05:00",
                "ends_at": "2026-01-01T00:00:00Z"
            }}),
        );
        assert_eq!(
            resp.status, 422,
            "POST {path}: an event ending 8000 years before it starts was accepted: {}",
            resp.text
        );
        assert_mentions(&resp.errors(), "item.starts_at");
    }
    // The latest instant that still has an RFC 3339 form is fine.
    let last = s.post(
        "/events",
        &token,
        json!({"item": {"name": "Last", "starts_at": "9999-12-31T23:59:59+00:00"}}),
    );
    assert_eq!(last.status, 201, "{}", last.text);
    assert_eq!(last.item()["starts_at"], "9999-12-31T23:59:59.000Z");
}

//! The first run (issue 16), over real HTTP against the real binary: the set-up of the
//! first organiser (once, from this computer only, first request wins), the demo event,
//! the Staff routes (temporary passphrases, disable, the last organiser), deleting
//! registration types and sessions, and "Test connection" against a second server.

use crate::common;

use std::sync::{Arc, Barrier};

use base64::Engine as _;
use common::{Resp, Server, into_resp};
use serde_json::{Value, json};
use sha2::Digest as _;

const VERIFIER: &str = "first-run-verifier-0123456789-abcdefghijklmnopqrstuvwxyz";
const REDIRECT: &str = "http://127.0.0.1:9/oauth/callback";

fn challenge() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(VERIFIER))
}

/// A call under the server's root on behalf of account 1 (`X-Account-Id: 1`).
fn root_call(
    s: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Resp {
    s.call_root(method, path, token, &[("X-Account-Id", "1")], body.as_ref())
}

/// A v2 API call with a personal token (which names its account).
fn person(s: &Server, method: &str, path: &str, token: &str, body: Option<Value>) -> Resp {
    root_call(s, method, &format!("/api/v2{path}"), Some(token), body)
}

fn setup_body(email: &str) -> Value {
    json!({"item": {
        "name": "Olga Organiser",
        "email": email,
        "password": "correct horse battery",
        "code_challenge": challenge(),
        "redirect_uri": REDIRECT,
    }})
}

/// Sets up the first organiser and exchanges the answer's code: their access token.
fn set_up(s: &Server) -> String {
    let r = root_call(
        s,
        "POST",
        "/kiosk/setup",
        None,
        Some(setup_body("olga@example.com")),
    );
    assert_eq!(r.status, 201, "setup: {}", r.text);
    let code = r.item()["code"].as_str().expect("a code").to_owned();
    let t = s.token_request(
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", "entrada-kiosk"),
            ("code_verifier", VERIFIER),
        ],
        None,
    );
    assert_eq!(t.status, 200, "code exchange: {}", t.text);
    assert!(
        t.json()["refresh_token"].is_string(),
        "a sign-in, with a refresh token"
    );
    t.json()["access_token"].as_str().expect("token").to_owned()
}

#[test]
fn serve_on_a_new_database_says_where_to_set_up() {
    let mut s = Server::start();
    let line = s.next_stdout_line();
    assert_eq!(
        line,
        format!(
            "set up: open {}/ in a browser to create the first organiser",
            s.base
        )
    );
    let r = root_call(&s, "GET", "/kiosk/setup", None, None);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json(), json!({"needed": true}));
}

#[test]
fn set_up_creates_a_signed_in_organiser_once() {
    let s = Server::start();
    // Every problem at once, nothing stored.
    let bad = root_call(
        &s,
        "POST",
        "/kiosk/setup",
        None,
        Some(json!({"item": {"name": " ", "email": "not-an-email", "password": "short"}})),
    );
    let errors = bad.errors();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors.iter().any(|e| e.contains("at least 10 characters")),
        "{errors:?}"
    );
    assert_eq!(
        root_call(&s, "GET", "/kiosk/setup", None, None).json()["needed"],
        true
    );

    let token = set_up(&s);
    let me = root_call(&s, "GET", "/api/v2/me", Some(&token), None);
    assert_eq!(me.status, 200, "{}", me.text);
    assert_eq!(me.item()["email"], "olga@example.com");
    assert_eq!(me.item()["accounts"][0]["role"], "organiser");
    // The token can do what an organiser does.
    let event = person(
        &s,
        "POST",
        "/events",
        &token,
        Some(json!({"item": {"name": "Gala"}})),
    );
    assert_eq!(event.status, 201, "{}", event.text);

    assert_eq!(
        root_call(&s, "GET", "/kiosk/setup", None, None).json()["needed"],
        false
    );
    let again = root_call(
        &s,
        "POST",
        "/kiosk/setup",
        None,
        Some(setup_body("eve@example.com")),
    );
    assert_eq!(again.status, 409, "{}", again.text);
    assert!(again.error().contains("already set up"));
    // The organiser can also sign in the usual way, with the passphrase chosen.
    s.personal_token("olga@example.com", "correct horse battery");
}

#[test]
fn set_up_is_refused_from_another_computer_and_with_a_foreign_redirect() {
    let s = Server::start_with(&["--allow-host", "kiosk.lan"]);
    let r = into_resp(
        s.http
            .post(format!("{}/kiosk/setup", s.api))
            .header("Host", "kiosk.lan")
            .json(&setup_body("olga@example.com"))
            .send()
            .expect("request"),
    );
    assert_eq!(r.status, 403, "{}", r.text);
    assert!(r.error().contains("kiosk computer itself"), "{}", r.text);
    // The former home of the kiosk routes redirects, keeping the method (308).
    let moved = common::no_redirects()
        .post(format!("{}/kiosk/setup?x=1", s.base))
        .json(&setup_body("olga@example.com"))
        .send()
        .expect("request");
    assert_eq!(moved.status(), 308);
    assert_eq!(
        moved
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok()),
        Some("/api/v2/kiosk/setup?x=1")
    );

    let mut body = setup_body("olga@example.com");
    body["item"]["redirect_uri"] = json!("https://evil.example.com/oauth/callback");
    let r = root_call(&s, "POST", "/kiosk/setup", None, Some(body));
    assert_eq!(r.errors().len(), 1);
    // Refused whole: nobody was created.
    assert_eq!(
        root_call(&s, "GET", "/kiosk/setup", None, None).json()["needed"],
        true
    );
}

#[test]
fn concurrent_set_ups_make_one_organiser() {
    let s = Arc::new(Server::start());
    let n = 6;
    let barrier = Arc::new(Barrier::new(n));
    let handles: Vec<_> = (0..n)
        .map(|i| {
            let (s, barrier) = (s.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                root_call(
                    &s,
                    "POST",
                    "/kiosk/setup",
                    None,
                    Some(setup_body(&format!("organiser{i}@example.com"))),
                )
                .status
            })
        })
        .collect();
    let mut statuses: Vec<u16> = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .collect();
    statuses.sort_unstable();
    assert_eq!(statuses[0], 201, "{statuses:?}");
    assert!(statuses[1..].iter().all(|&st| st == 409), "{statuses:?}");
    let out = s.cli(&["users", "list"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(listed.matches("@example.com").count(), 1, "{listed}");
}

#[test]
fn staff_are_managed_by_organisers() {
    let s = Server::start();
    let organiser = set_up(&s);

    let added = root_call(
        &s,
        "POST",
        "/kiosk/staff",
        Some(&organiser),
        Some(json!({"item": {"name": "Dan Door", "email": "Dan@Example.com", "role": "door"}})),
    );
    assert_eq!(added.status, 201, "{}", added.text);
    let dan = added.item();
    assert_eq!(dan["email"], "dan@example.com");
    assert_eq!(dan["role"], "door");
    assert_eq!(dan["last_sign_in_at"], Value::Null);
    let temporary = dan["temporary_password"]
        .as_str()
        .expect("shown once")
        .to_owned();
    assert!(temporary.len() >= 10);
    let dan_id = dan["id"].as_i64().expect("id");

    // The same email twice is refused; so are a bad role and a bad email, all at once.
    let twice = root_call(
        &s,
        "POST",
        "/kiosk/staff",
        Some(&organiser),
        Some(json!({"item": {"name": "Dan", "email": "dan@example.com", "role": "door"}})),
    );
    assert!(twice.errors()[0].contains("already staff"));
    let bad = root_call(
        &s,
        "POST",
        "/kiosk/staff",
        Some(&organiser),
        Some(json!({"item": {"name": "X", "email": "x", "role": "boss"}})),
    );
    assert_eq!(bad.errors().len(), 2);
    // The role is the `Role` enum of the document, exactly: no padding.
    let padded = root_call(
        &s,
        "POST",
        "/kiosk/staff",
        Some(&organiser),
        Some(json!({"item": {"name": "Pat", "email": "pat@example.com", "role": " door "}})),
    );
    assert_eq!(padded.status, 422, "{}", padded.text);
    assert!(padded.errors()[0].contains("item.role"), "{}", padded.text);

    // Dan signs in with the temporary passphrase, chooses his own, and may not manage
    // staff.
    let door = s.first_sign_in("dan@example.com", &temporary, "dans own passphrase");
    let list = root_call(&s, "GET", "/kiosk/staff", Some(&organiser), None);
    assert_eq!(list.status, 200, "{}", list.text);
    let items = list.json()["items"].as_array().expect("items").clone();
    assert_eq!(items.len(), 2);
    // By name, as listStaff says (Dan, added second, before Olga).
    let names: Vec<&str> = items.iter().filter_map(|m| m["name"].as_str()).collect();
    assert_eq!(names, ["Dan Door", "Olga Organiser"]);
    let listed_dan = items
        .iter()
        .find(|m| m["id"] == dan_id)
        .expect("dan listed");
    assert!(listed_dan["last_sign_in_at"].is_string(), "{listed_dan}");
    assert!(listed_dan.get("temporary_password").is_none());
    assert_eq!(
        root_call(&s, "GET", "/kiosk/staff", Some(&door), None).status,
        403
    );
    // Client credentials, even with write, are not organisers.
    let machine = s.token("read write");
    assert_eq!(
        root_call(&s, "GET", "/kiosk/staff", Some(&machine), None).status,
        403
    );

    // Disabling ends Dan's sign-in at once.
    let disabled = root_call(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{dan_id}"),
        Some(&organiser),
        Some(json!({"item": {"disabled": true}})),
    );
    assert_eq!(disabled.status, 200, "{}", disabled.text);
    assert_eq!(disabled.item()["disabled"], true);
    assert_eq!(person(&s, "GET", "/events", &door, None).status, 401);
    // Enabled again and given a new passphrase: the old one no longer works.
    let enabled = root_call(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{dan_id}"),
        Some(&organiser),
        Some(json!({"item": {"disabled": false, "name": "Daniel Door"}})),
    );
    assert_eq!(enabled.item()["name"], "Daniel Door");
    let reset = root_call(
        &s,
        "POST",
        &format!("/kiosk/staff/{dan_id}/password"),
        Some(&organiser),
        None,
    );
    assert_eq!(reset.status, 200, "{}", reset.text);
    let fresh = reset.item()["temporary_password"]
        .as_str()
        .expect("new")
        .to_owned();
    assert_ne!(fresh, temporary);
    // A reset passphrase is temporary too; his own one no longer signs in.
    let (status, _, _) = s.post_sign_in(&[
        ("email", "dan@example.com"),
        ("password", "dans own passphrase"),
    ]);
    assert_eq!(status, 401);
    s.first_sign_in("dan@example.com", &fresh, "dans second passphrase");

    // The last active organiser can be neither disabled nor demoted; nothing changes.
    let me = root_call(&s, "GET", "/api/v2/me", Some(&organiser), None).item();
    let olga = me["id"].as_i64().expect("id");
    for change in [json!({"disabled": true}), json!({"role": "door"})] {
        let r = root_call(
            &s,
            "PATCH",
            &format!("/kiosk/staff/{olga}"),
            Some(&organiser),
            Some(json!({ "item": change })),
        );
        assert!(
            r.errors()[0].contains("last active organiser"),
            "{}",
            r.text
        );
    }
    // The staff screen in Spanish says so in Spanish.
    let r = s.call_root(
        "PATCH",
        &format!("/kiosk/staff/{olga}"),
        Some(&organiser),
        &[("X-Account-Id", "1"), ("Accept-Language", "es-ES,es")],
        Some(&json!({"item": {"disabled": true}})),
    );
    assert_eq!(
        r.errors(),
        ["El último organizador activo no se puede desactivar ni pasar a personal de puerta"],
        "{}",
        r.text
    );
    assert_eq!(person(&s, "GET", "/events", &organiser, None).status, 200);
    // With a second organiser, the first may step down.
    let promoted = root_call(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{dan_id}"),
        Some(&organiser),
        Some(json!({"item": {"role": "organiser"}})),
    );
    assert_eq!(promoted.item()["role"], "organiser");
    let demoted = root_call(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{olga}"),
        Some(&organiser),
        Some(json!({"item": {"role": "door"}})),
    );
    assert_eq!(demoted.status, 200, "{}", demoted.text);
    assert_eq!(
        root_call(&s, "GET", "/kiosk/staff", Some(&organiser), None).status,
        403,
        "a door person now"
    );
    assert_eq!(
        root_call(&s, "GET", "/kiosk/staff/999", Some(&organiser), None).status,
        405
    );
}

#[test]
fn the_demo_event_is_marked_and_removed_in_one_step() {
    let s = Server::start();
    let organiser = set_up(&s);
    let made = root_call(&s, "POST", "/kiosk/demo", Some(&organiser), None);
    assert_eq!(made.status, 201, "{}", made.text);
    let event = made.item();
    assert_eq!(event["demo"], true);
    assert_eq!(event["attendee_count"], 300);
    assert!(event["name"].as_str().expect("name").contains("demo"));
    let id = event["id"].as_i64().expect("id");
    let again = root_call(&s, "POST", "/kiosk/demo", Some(&organiser), None);
    assert_eq!(again.status, 200);
    assert_eq!(again.item()["id"], id);

    // Some history in it, and an event of the organiser's own that must stay.
    let own = person(
        &s,
        "POST",
        "/events",
        &organiser,
        Some(json!({"item": {"name": "Real"}})),
    );
    assert_eq!(own.item()["demo"], false);
    let someone = person(
        &s,
        "GET",
        &format!("/events/{id}/attendees?per_page=1"),
        &organiser,
        None,
    );
    let code = someone.json()["items"][0]["qr_code"]
        .as_str()
        .expect("code")
        .to_owned();
    let scan = person(
        &s,
        "POST",
        &format!("/events/{id}/scans"),
        &organiser,
        Some(json!({"item": {"code": code, "action": "check_in"}})),
    );
    assert_eq!(scan.status, 200, "{}", scan.text);

    let removed = root_call(&s, "DELETE", "/kiosk/demo", Some(&organiser), None);
    assert_eq!(removed.status, 200, "{}", removed.text);
    assert_eq!(removed.json(), json!({"removed": 1}));
    assert_eq!(
        person(&s, "GET", &format!("/events/{id}"), &organiser, None).status,
        404
    );
    let events = person(&s, "GET", "/events", &organiser, None).json();
    assert_eq!(events["items"].as_array().expect("items").len(), 1);
    assert_eq!(events["items"][0]["name"], "Real");
    let out = s.cli(&["doctor"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let again = root_call(&s, "DELETE", "/kiosk/demo", Some(&organiser), None);
    assert_eq!(again.json(), json!({"removed": 0}));
}

#[test]
fn registration_types_and_sessions_are_removed_with_their_counts() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Conference");
    let kind = s.post(
        &format!("/events/{event}/registration_types"),
        &token,
        json!({"item": {"name": "VIP"}}),
    );
    let kind_id = kind.item()["id"].as_i64().expect("id");
    assert_eq!(kind.item()["attendee_count"], 0);
    let session = s.post(
        &format!("/events/{event}/sessions"),
        &token,
        json!({"item": {"name": "Keynote"}}),
    );
    let session_id = session.item()["id"].as_i64().expect("id");
    let ada = s.attendee(
        &token,
        event,
        json!({"first_name": "Ada", "registration_type_id": kind_id}),
    );
    let ada_id = ada["id"].as_i64().expect("id");
    let checked = s.post(
        &format!("/events/{event}/attendees/{ada_id}/check_in"),
        &token,
        json!({"item": {"session_id": session_id}}),
    );
    assert_eq!(checked.status, 200, "{}", checked.text);

    let types = s
        .get(&format!("/events/{event}/registration_types"), &token)
        .json();
    assert_eq!(types["items"][0]["attendee_count"], 1);
    let sessions = s.get(&format!("/events/{event}/sessions"), &token).json();
    assert_eq!(sessions["items"][0]["attendee_count"], 1);

    let gone = s.delete(
        &format!("/events/{event}/registration_types/{kind_id}"),
        &token,
    );
    assert_eq!(gone.status, 200, "{}", gone.text);
    assert_eq!(gone.item()["attendee_count"], 1);
    let after = s
        .get(&format!("/events/{event}/attendees/{ada_id}"), &token)
        .item();
    assert_eq!(after["registration_type_id"], Value::Null);
    assert_ne!(after["updated_at"], ada["updated_at"]);

    let gone = s.delete(&format!("/events/{event}/sessions/{session_id}"), &token);
    assert_eq!(gone.status, 200, "{}", gone.text);
    let history = s
        .get(
            &format!("/events/{event}/attendees/{ada_id}/check_ins"),
            &token,
        )
        .json();
    let items = history["items"].as_array().expect("items");
    assert!(
        items.iter().all(|h| h["session_id"] != session_id),
        "{history}"
    );
    // The door state stays (the session check-in also checked Ada in at the door).
    assert_eq!(after["checkin_status"], "checked_in");
    assert_eq!(
        s.delete(&format!("/events/{event}/sessions/{session_id}"), &token)
            .status,
        404
    );
    let reader = s.token("read");
    assert_eq!(
        s.delete(&format!("/events/{event}/registration_types/1"), &reader)
            .status,
        403
    );
}

fn probe(s: &Server, token: &str, item: Value) -> Value {
    let r = root_call(
        s,
        "POST",
        "/kiosk/sync/test",
        Some(token),
        Some(json!({ "item": item })),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()
}

#[test]
fn test_connection_says_what_failed() {
    let remote = Server::start_with(&["--demo"]);
    let id = remote.extra_stdout[0]
        .trim_start_matches("demo client_id: ")
        .to_owned();
    let secret = remote.extra_stdout[1]
        .trim_start_matches("demo client_secret: ")
        .to_owned();
    let s = Server::start();
    // The connection test is an organiser's (a signed-in person), not a client's.
    let token = s.organiser_token();
    let good = json!({
        "base_url": format!("{}/api/v2", remote.base),
        "auth_url": remote.base,
        "client_id": id,
        "client_secret": secret,
    });

    let ok = probe(&s, &token, good.clone());
    assert_eq!(ok["ok"], true, "{ok}");
    assert_eq!(ok["stage"], Value::Null);
    let events = ok["events"].as_array().expect("events");
    assert_eq!(events.len(), 1, "{ok}");
    assert_eq!(events[0]["name"], "Northern Lights Tech Summit 2026");

    let mut wrong_secret = good.clone();
    wrong_secret["client_secret"] = json!("ent_cs_wrong");
    let r = probe(&s, &token, wrong_secret);
    assert_eq!(
        (r["ok"].clone(), r["stage"].clone()),
        (json!(false), json!("credentials")),
        "{r}"
    );
    assert!(r["message"].as_str().expect("words").contains("401"), "{r}");

    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = closed.local_addr().expect("addr").port();
    drop(closed);
    let mut nobody = good.clone();
    nobody["base_url"] = json!(format!("http://127.0.0.1:{port}/api/v2"));
    let r = probe(&s, &token, nobody);
    assert_eq!(r["stage"], "connect", "{r}");
    assert!(
        r["message"]
            .as_str()
            .expect("words")
            .contains("Nothing answered"),
        "{r}"
    );

    let mut unknown = good.clone();
    unknown["base_url"] = json!("https://no-such-host.invalid/api/v2");
    assert_eq!(probe(&s, &token, unknown)["stage"], "dns");

    let mut not_v2 = good.clone();
    not_v2["base_url"] = json!(format!("{}/nothing/api/v2", remote.base));
    let r = probe(&s, &token, not_v2);
    assert_eq!(r["stage"], "api", "{r}");

    let mut not_root = good.clone();
    not_root["base_url"] = json!(remote.base.clone());
    assert_eq!(probe(&s, &token, not_root)["stage"], "address");

    // TLS: the remote speaks plain HTTP where https is asked for.
    let mut tls = good;
    tls["base_url"] = json!(format!(
        "{}/api/v2",
        remote.base.replace("http://", "https://")
    ));
    assert_eq!(probe(&s, &token, tls)["stage"], "tls");

    // Door staff cannot probe; the sync's status says nothing runs.
    assert_eq!(
        root_call(
            &s,
            "POST",
            "/kiosk/sync/test",
            Some(&s.token("read check_in")),
            Some(json!({"item": {}}))
        )
        .status,
        403
    );
    let status = root_call(&s, "GET", "/kiosk/sync", Some(&token), None).json();
    assert_eq!(status["running"], false);
    assert_eq!(status["progress"], Value::Null);
}

/// Issue 37, 7: a passphrase an organiser was shown is the person's own only after the
/// first sign-in, which asks for a new one by the set-up's rule and gives no code before.
#[test]
fn the_first_sign_in_with_a_temporary_passphrase_asks_for_a_new_one() {
    let s = Server::start();
    let organiser = set_up(&s);
    let added = root_call(
        &s,
        "POST",
        "/kiosk/staff",
        Some(&organiser),
        Some(json!({"item": {"name": "Tia Door", "email": "tia@example.com", "role": "door"}})),
    );
    assert_eq!(added.status, 201, "{}", added.text);
    let temporary = added.item()["temporary_password"]
        .as_str()
        .expect("shown once")
        .to_owned();

    // The temporary passphrase signs in to a page that asks for a new one: no code yet.
    let (status, location, page) =
        s.post_sign_in(&[("email", "tia@example.com"), ("password", &temporary)]);
    assert_eq!(status, 200, "{page}");
    assert!(
        location.is_none(),
        "no redirect with a code before a new passphrase"
    );
    assert!(page.contains("name=\"new_password\""), "{page}");
    assert!(page.contains("autocomplete=\"new-password\""), "{page}");
    assert!(
        !page.contains(&temporary),
        "the page does not carry the temporary passphrase"
    );
    let ticket = common::hidden_value(&page, "change_ticket").expect("change_ticket");
    let choose = |new: &str, again: &str| {
        s.post_sign_in(&[
            ("change_ticket", ticket.as_str()),
            ("new_password", new),
            ("new_password_again", again),
        ])
    };
    // The set-up's rule: at least 10 characters; the two the same; not the temporary one.
    let (status, _, page) = choose("short", "short");
    assert_eq!(status, 422);
    assert!(page.contains("at least 10 characters (it has 5)"), "{page}");
    let (status, _, page) = choose("tias own passphrase", "tias own passphrasE");
    assert_eq!(status, 422);
    assert!(page.contains("are not the same"), "{page}");
    let (status, _, page) = choose(&temporary, &temporary);
    assert_eq!(status, 422);
    assert!(page.contains("other than the temporary one"), "{page}");
    // A ticket that was altered is refused, and changes nothing.
    let forged = format!("{}x", ticket);
    let (status, _, _) = s.post_sign_in(&[
        ("change_ticket", forged.as_str()),
        ("new_password", "mallorys passphrase"),
        ("new_password_again", "mallorys passphrase"),
    ]);
    assert_eq!(status, 403);

    let (status, location, page) = choose("tias own passphrase", "tias own passphrase");
    assert_eq!(status, 303, "{page}");
    let token = s.exchange_sign_in_code(&location.expect("location"))["access_token"]
        .as_str()
        .expect("token")
        .to_owned();
    assert_eq!(person(&s, "GET", "/events", &token, None).status, 200);
    // Used once: the same page cannot set another passphrase.
    let (status, _, _) = choose("another passphrase!", "another passphrase!");
    assert_eq!(status, 403);
    // The temporary passphrase no longer signs in; her own does, straight to a code.
    let (status, _, _) = s.post_sign_in(&[("email", "tia@example.com"), ("password", &temporary)]);
    assert_eq!(status, 401);
    s.personal_token("tia@example.com", "tias own passphrase");
    // A person made by the operator (the command line) chose their passphrase: no step.
    s.create_user("cli@example.com", "door", 1, "cli-chosen-passphrase");
    s.personal_token("cli@example.com", "cli-chosen-passphrase");
}

//! "Join the venue hub" through the API the UI calls (issue 20): `GET /kiosk/hub` says
//! what this Entrada is in the venue, `POST /kiosk/hub/join` does what `entrada hub join`
//! does, `GET /kiosk/hub/found` searches the LAN, and a joined kiosk's report after each
//! round gives the hub's Devices list its last contact and pending count. Real servers on
//! loopback: a hub (`serve --hub`) and a plain kiosk.

use crate::common;

use common::hub::{round, start_hub};
use common::{Resp, Server};
use serde_json::{Value, json};

/// `METHOD PATH` as the organiser of account 1 (a personal token).
fn as_organiser(server: &Server, organiser: &str, method: &str, path: &str, body: Value) -> Resp {
    server.call_with(
        method,
        path,
        Some(organiser),
        &[("X-Account-Id", "1")],
        Some(&body),
    )
}

fn join(kiosk: &Server, organiser: &str, item: Value) -> Resp {
    as_organiser(
        kiosk,
        organiser,
        "POST",
        "/kiosk/hub/join",
        json!({ "item": item }),
    )
}

#[test]
fn a_kiosk_joins_through_the_api_and_the_hub_sees_its_reports() {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let hub_token = hub.server.token("read write");
    let event = hub.server.event(&hub_token, "Conference");
    let hub_organiser = hub.server.organiser_token();

    let kiosk = Server::start_with(&["--sync-interval", "0"]);
    let organiser = kiosk.organiser_token();

    // Neither the hub nor joined yet.
    let r = as_organiser(&kiosk, &organiser, "GET", "/kiosk/hub", json!(null));
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json(), json!({"serving": null, "joined": null}));
    // The hub says what kiosks pin.
    let r = as_organiser(
        &hub.server,
        &hub_organiser,
        "GET",
        "/kiosk/hub",
        json!(null),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let serving = &r.json()["serving"];
    assert_eq!(serving["name"], "Hall A", "{}", r.text);
    assert_eq!(serving["fingerprint"], hub.fingerprint.as_str());
    assert!(
        serving["urls"]
            .as_array()
            .is_some_and(|u| u.iter().any(|u| u == hub.https.as_str())),
        "{}",
        r.text
    );

    // Malformed requests name the member at fault, and nothing is asked of any hub.
    let r = join(&kiosk, &organiser, json!({}));
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(r.text.contains("item.code"), "{}", r.text);
    let r = join(
        &kiosk,
        &organiser,
        json!({"url": hub.https, "code": "ABCD2345"}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(r.text.contains("item.fingerprint"), "{}", r.text);
    let r = join(
        &kiosk,
        &organiser,
        json!({"qr_text": "entrada-hub:?x", "code": "ABCD2345"}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(r.text.contains("item.qr_text"), "{}", r.text);

    // A mistyped code or fingerprint is said beside its member, and nothing is asked.
    let r = join(
        &kiosk,
        &organiser,
        json!({"url": hub.https, "fingerprint": "12 34", "code": "ABC"}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(
        r.text.contains("item.code") && r.text.contains("item.fingerprint"),
        "{}",
        r.text
    );
    // The hub itself joins no hub.
    let card_of_itself = hub.card(&hub_organiser);
    let r = as_organiser(
        &hub.server,
        &hub_organiser,
        "POST",
        "/kiosk/hub/join",
        json!({"item": {"qr_text": card_of_itself["qr_text"]}}),
    );
    assert_eq!(r.status, 409, "{}", r.text);

    // A wrong code is the code's problem (422), not the caller's sign-in (401).
    let r = join(
        &kiosk,
        &organiser,
        json!({"url": hub.https, "fingerprint": hub.fingerprint, "code": "ABCD2345"}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(
        r.text.contains("item.code") && r.text.contains("refused the code"),
        "{}",
        r.text
    );
    // A fingerprint that is not the hub's: nothing is stored.
    let other = "ab".repeat(32);
    let card = hub.card(&hub_organiser);
    let code = card["code"].as_str().expect("code");
    let r = join(
        &kiosk,
        &organiser,
        json!({"url": hub.https, "fingerprint": other, "code": code}),
    );
    assert_eq!(r.status, 409, "{}", r.text);
    assert!(r.error().contains("certificate"), "{}", r.text);
    let r = as_organiser(&kiosk, &organiser, "GET", "/kiosk/hub", json!(null));
    assert_eq!(r.json()["joined"], Value::Null, "{}", r.text);

    // Door staff do not join hubs.
    let staff = kiosk.token("read write check_in");
    let r = kiosk.post(
        "/kiosk/hub/join",
        &staff,
        json!({"item": {"qr_text": card["qr_text"]}}),
    );
    assert_eq!(r.status, 403, "{}", r.text);

    // The card's QR text joins (as the camera reads it).
    let r = join(
        &kiosk,
        &organiser,
        json!({"qr_text": card["qr_text"], "device_name": "Kiosk B", "door": "Door B"}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let joined = r.json();
    assert_eq!(joined["hub_name"], "Hall A", "{joined}");
    assert_eq!(joined["fingerprint"], hub.fingerprint.as_str());
    assert_eq!(joined["url"], hub.https.as_str());
    assert_eq!(joined["events"], json!([event]));
    assert!(joined.get("client_secret").is_none(), "{joined}");
    let r = as_organiser(&kiosk, &organiser, "GET", "/kiosk/hub", json!(null));
    assert_eq!(r.json()["joined"], joined, "{}", r.text);
    // The code was used once.
    let r = join(&kiosk, &organiser, json!({"qr_text": card["qr_text"]}));
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(r.text.contains("item.code"), "{}", r.text);

    // Joined to Hall A, the kiosk may not join another hub: their records would mix. The
    // other hub's code is not spent.
    let other = start_hub("Hall B", "127.0.0.1:0");
    let other_token = other.server.token("read write");
    other.server.event(&other_token, "Other fair");
    let other_organiser = other.server.organiser_token();
    let other_card = other.card(&other_organiser);
    let r = join(
        &kiosk,
        &organiser,
        json!({"qr_text": other_card["qr_text"]}),
    );
    assert_eq!(r.status, 409, "{}", r.text);
    assert!(r.error().contains("already mirrors"), "{}", r.text);
    let fresh = Server::start_with(&["--sync-interval", "0"]);
    let fresh_organiser = fresh.organiser_token();
    let r = join(
        &fresh,
        &fresh_organiser,
        json!({"qr_text": other_card["qr_text"]}),
    );
    assert_eq!(r.status, 200, "the code was not spent: {}", r.text);

    // The hub hears from the kiosk after each of its rounds: after the round below at the
    // latest (the follower runs one as its stream opens, which may have come first: the
    // test does not wait for a race), and knows that nothing is pending.
    let devices = || {
        let r = as_organiser(
            &hub.server,
            &hub_organiser,
            "GET",
            "/kiosk/hub/devices",
            json!(null),
        );
        assert_eq!(r.status, 200, "{}", r.text);
        r.json()
    };
    let before = devices();
    assert_eq!(before[0]["name"], "Kiosk B", "{before}");
    assert_eq!(before[0]["door"], "Door B", "{before}");
    let summary = round(&kiosk, &staff);
    assert_eq!(summary["error"], Value::Null, "{summary}");
    let after = devices();
    let contact = after[0]["last_contact_at"]
        .as_str()
        .expect("a last contact");
    if let Some(earlier) = before[0]["last_contact_at"].as_str() {
        assert!(
            contact > earlier,
            "the round reported again: {before} then {after}"
        );
    }
    assert_eq!(after[0]["pending"], 0, "{after}");

    // Only a joined kiosk reports.
    let r = hub.server.post(
        "/kiosk/hub/report",
        &hub_token,
        json!({"item": {"pending": 3}}),
    );
    assert_eq!(r.status, 403, "{}", r.text);
    let r = hub.server.post(
        "/kiosk/hub/report",
        &hub_token,
        json!({"item": {"pending": -1}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);

    // The LAN search answers a list (what it holds depends on the machine's network).
    let r = as_organiser(
        &kiosk,
        &organiser,
        "GET",
        "/kiosk/hub/found?seconds=1",
        json!(null),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert!(r.json().is_array(), "{}", r.text);
}

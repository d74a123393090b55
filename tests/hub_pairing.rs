//! Pairing kiosks with the venue hub (issue 20, HUB.md "Pairing"), with real servers on
//! loopback: the hub (`serve --hub`) makes a pairing card, a kiosk joins with
//! `entrada hub join` and syncs through the pinned certificate; a reused, wrong or
//! guessed code is refused and throttled; a relay with another certificate gets nothing;
//! a hub whose certificate changed stops the kiosk's sync with a message that says so;
//! a revoked kiosk can no longer sync.

use crate::common;

use common::Server;
use common::hub::{join, round, said, start_hub};
use serde_json::{Value, json};

#[test]
fn a_kiosk_joins_with_a_code_and_syncs_through_the_certificate_it_pinned() {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Conference");
    let nadia = hub.server.attendee(
        &token,
        event,
        json!({"first_name": "Nadia", "last_name": "Castillo", "email": "nadia@example.org"}),
    );
    let organiser = hub.server.organiser_token();

    // The pairing card: the hub's name, address, fingerprint and a code, as text and QR.
    let card = hub.card(&organiser);
    assert_eq!(card["name"], "Hall A");
    assert_eq!(card["url"], hub.https.as_str());
    assert_eq!(card["fingerprint"], hub.fingerprint.as_str());
    let code = card["code"].as_str().expect("code").to_owned();
    assert_eq!(code.len(), 8, "{card}");
    let qr_text = card["qr_text"].as_str().expect("qr_text");
    assert!(qr_text.starts_with("entrada-hub:?url="), "{qr_text}");
    assert!(
        card["qr_svg"].as_str().is_some_and(|s| s.contains("<svg")),
        "{card}"
    );
    // Door staff cannot make codes: an organiser's sign-in can.
    let staff = hub.server.token("read write check_in");
    let r = hub.server.post("/kiosk/hub/codes", &staff, json!(null));
    assert_eq!(r.status, 403, "{}", r.text);

    // Enrolling on the loopback address is refused: kiosks join over HTTPS.
    let r = hub.server.call(
        "POST",
        "/kiosk/hub/enrol",
        None,
        Some(&json!({"item": {"device_name": "x", "proof": "00".repeat(32)}})),
    );
    assert_eq!(r.status, 403, "{}", r.text);

    // The kiosk joins by the card's QR text.
    let dir = tempfile::tempdir().expect("dir");
    let out = join(
        dir.path(),
        &[qr_text, "--device-name", "Kiosk B", "--door", "Door B"],
    );
    assert!(out.status.success(), "{}", said(&out));
    let joined: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(joined["hub_name"], "Hall A");
    assert_eq!(joined["fingerprint"], hub.fingerprint.as_str());
    assert_eq!(joined["events"], json!([event]));
    let client_id = joined["client_id"].as_str().expect("client_id").to_owned();
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("secret"),
        "the secret is not printed"
    );

    // The same code again is refused: it was used.
    let again = tempfile::tempdir().expect("dir");
    let out = join(again.path(), &[qr_text]);
    assert!(!out.status.success());
    assert!(said(&out).contains("refused the code"), "{}", said(&out));

    // The kiosk syncs with the hub: the event and Nadia arrive, a scan here reaches it.
    let kiosk = Server::start_in(dir, &["--sync-interval", "0"]);
    let kiosk_token = kiosk.token("read write check_in");
    let first = round(&kiosk, &kiosk_token);
    assert_eq!(first["error"], Value::Null, "{first}");
    let events = kiosk.get("/events", &kiosk_token).json();
    let local_event = events["items"][0]["id"].as_i64().expect("mirrored event");
    let code_of_nadia = nadia["qr_code"].as_str().expect("qr_code");
    let scan = kiosk.scan(&kiosk_token, local_event, code_of_nadia, "check_in");
    assert_eq!(scan["outcome"], "ok", "{scan}");
    // Joined, the kiosk asked the hub first: the hub has the check-in, nothing is queued.
    assert_eq!(scan["decided_by"], "hub", "{scan}");
    let pushed = round(&kiosk, &kiosk_token);
    assert_eq!(pushed["error"], Value::Null, "{pushed}");
    assert_eq!(pushed["confirmed"], 0, "{pushed}");
    assert_eq!(
        hub.server
            .checkin_status(&token, event, common::id_of(&nadia)),
        "checked_in"
    );

    // The hub lists the kiosk on its Devices screen, not among the integrations.
    let devices = hub
        .as_organiser("GET", "/kiosk/hub/devices", &organiser)
        .json();
    assert_eq!(devices[0]["client_id"], client_id.as_str(), "{devices}");
    assert_eq!(devices[0]["name"], "Kiosk B");
    assert_eq!(devices[0]["door"], "Door B");
    let integrations = hub.as_organiser("GET", "/kiosk/clients", &organiser).json();
    assert!(
        !integrations.to_string().contains(&client_id),
        "{integrations}"
    );

    // Revoked, the kiosk's next round is refused.
    let r = hub.as_organiser(
        "DELETE",
        &format!("/kiosk/hub/devices/{client_id}"),
        &organiser,
    );
    assert_eq!(r.status, 204, "{}", r.text);
    let refused = round(&kiosk, &kiosk_token);
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("refused the kiosk's credentials")),
        "{refused}"
    );
}

#[test]
fn wrong_codes_are_throttled_a_relay_gets_nothing_and_a_changed_certificate_stops_the_sync() {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    hub.server.event(&token, "Conference");
    let organiser = hub.server.organiser_token();
    let card = hub.card(&organiser);
    let code = card["code"].as_str().expect("code").to_owned();

    // A certificate other than the card's (a relay in the middle): nothing is sent.
    let mut other = hex::decode(&hub.fingerprint).expect("hex");
    other[0] ^= 1;
    let relay = tempfile::tempdir().expect("dir");
    let out = join(
        relay.path(),
        &[
            "--url",
            &hub.https,
            "--fingerprint",
            &hex::encode(&other),
            "--code",
            &code,
        ],
    );
    assert!(!out.status.success());
    assert!(
        said(&out).contains("certificate other than the hub's"),
        "{}",
        said(&out)
    );
    assert!(
        !relay.path().join("entrada.db").exists(),
        "nothing stored for a hub that is not the one on the card"
    );

    // Guessed proofs: 401 each, the same answer; the sixth from this address is 429.
    let pinned = entrada::hub::tls::pinned_client(
        hex::decode(&hub.fingerprint)
            .expect("hex")
            .try_into()
            .expect("32 bytes"),
    )
    .expect("client");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let enrol = |proof: String| {
        rt.block_on(async {
            let r = pinned
                .post(format!("{}/api/v2/kiosk/hub/enrol", hub.https))
                .json(&json!({"item": {"device_name": "guess", "proof": proof}}))
                .send()
                .await
                .expect("enrol");
            let status = r.status().as_u16();
            let retry = r
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body: Value = r.json().await.expect("json");
            (status, retry, body)
        })
    };
    let (status, _, body) = enrol("zz".into());
    assert_eq!(status, 422, "{body}");
    for n in 0..5u8 {
        let (status, _, body) = enrol(hex::encode([n; 32]));
        assert_eq!(status, 401, "{body}");
        assert!(
            body["error"]
                .as_str()
                .is_some_and(|e| e.contains("wrong, expired or already used")),
            "{body}"
        );
    }
    let (status, retry, body) = enrol(hex::encode([9; 32]));
    assert_eq!(status, 429, "{body}");
    assert!(
        retry
            .as_deref()
            .and_then(|r| r.parse::<u64>().ok())
            .is_some_and(|s| s > 0 && s <= 600),
        "{retry:?}"
    );
    // The right code is refused too while this address waits.
    let dir = tempfile::tempdir().expect("dir");
    let out = join(
        dir.path(),
        &[
            "--url",
            &hub.https,
            "--fingerprint",
            &hub.fingerprint,
            "--code",
            &code,
        ],
    );
    assert!(!out.status.success());
    assert!(said(&out).contains("try again in"), "{}", said(&out));
    drop(out);

    // Another hub at the same address with its own certificate: a kiosk that joined the
    // first stops syncing and says why; its pin is not replaced.
    let second = start_hub("Hall B", "127.0.0.1:0");
    let token_b = second.server.token("read write");
    second.server.event(&token_b, "Festival");
    let organiser_b = second.server.organiser_token();
    let card_b = second.card(&organiser_b);
    let kiosk_dir = tempfile::tempdir().expect("dir");
    let out = join(
        kiosk_dir.path(),
        &[
            "--url",
            &second.https,
            "--fingerprint",
            &second.fingerprint,
            "--code",
            card_b["code"].as_str().expect("code"),
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    let kiosk = Server::start_in(kiosk_dir, &["--sync-interval", "0"]);
    let kiosk_token = kiosk.token("read write");
    let first = round(&kiosk, &kiosk_token);
    assert_eq!(first["error"], Value::Null, "{first}");
    // Hall B is replaced at its address by a hub with another certificate.
    let address = second.https.trim_start_matches("https://").to_owned();
    drop(second);
    let impostor = start_hub("Hall B", &address);
    assert_ne!(impostor.fingerprint, hub.fingerprint);
    let stopped = round(&kiosk, &kiosk_token);
    let error = stopped["error"].as_str().unwrap_or_default();
    assert!(error.contains("certificate changed"), "{stopped}");
    assert!(error.contains("joins the hub again"), "{stopped}");
    let status = kiosk.get("/kiosk/sync", &kiosk_token).json();
    assert!(
        status.to_string().contains("certificate changed"),
        "the Sync screen says so: {status}"
    );
}

/// A hub without a screen (issue 37, 9): `entrada hub devices` lists the joined kiosks
/// and `--revoke` ends one's sync at once, as the Devices screen does; the hub's log says
/// when a pairing is refused, and a door's log says when and why it decided alone.
#[test]
fn a_headless_hub_lists_and_revokes_its_kiosks_and_the_logs_say_what_happened() {
    let hub = common::hub::hub_of(Server::start_in_logged(
        tempfile::tempdir().expect("dir"),
        &[
            "--hub",
            "--hub-bind",
            "127.0.0.1:0",
            "--hub-name",
            "Hall A",
            "--sync-interval",
            "0",
        ],
    ));
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Conference");
    let nadia = hub
        .server
        .attendee(&token, event, json!({"first_name": "Nadia"}));
    let organiser = hub.server.organiser_token();
    let card = hub.card(&organiser);
    let qr_text = card["qr_text"].as_str().expect("qr_text");

    // Nothing joined yet: nothing listed.
    let out = hub.server.cli(&["hub", "devices"]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "");

    let dir = tempfile::tempdir().expect("dir");
    let out = join(
        dir.path(),
        &[qr_text, "--device-name", "Kiosk C", "--door", "Door C"],
    );
    assert!(out.status.success(), "{}", said(&out));
    let client_id = serde_json::from_slice::<Value>(&out.stdout).expect("json")["client_id"]
        .as_str()
        .expect("client_id")
        .to_owned();
    // The same card again: refused, and the hub's log says so (an address, no code).
    let out = join(tempfile::tempdir().expect("dir").path(), &[qr_text]);
    assert!(!out.status.success());
    let log = hub.server.log();
    assert!(
        log.contains("pairing refused: a wrong, expired or used code") && log.contains("127.0.0.1"),
        "{log}"
    );
    assert!(
        !log.contains(card["code"].as_str().expect("code")),
        "no code in the log"
    );

    let kiosk = Server::start_in_logged(dir, &["--sync-interval", "0"]);
    let kt = kiosk.token("read write check_in");
    assert_eq!(round(&kiosk, &kt)["error"], Value::Null);

    // Listed, one JSON object per line, with its account.
    let listed = |hub: &common::hub::Hub| -> Vec<Value> {
        let out = hub.server.cli(&["hub", "devices"]);
        assert!(out.status.success(), "{}", said(&out));
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect()
    };
    let devices = listed(&hub);
    assert_eq!(devices.len(), 1, "{devices:?}");
    let d = &devices[0];
    assert_eq!(d["client_id"], client_id.as_str(), "{d}");
    assert_eq!(
        (d["name"].as_str(), d["door"].as_str()),
        (Some("Kiosk C"), Some("Door C"))
    );
    assert_eq!(d["account_id"], 1, "{d}");
    assert_eq!(d["revoked_at"], Value::Null, "{d}");
    assert!(
        d["last_contact_at"].is_string(),
        "reported after its round: {d}"
    );
    let out = hub.server.cli(&["hub", "devices", "--account", "1"]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains(&client_id));

    // Revoked from the command line while the hub runs: the kiosk's next round is refused.
    let out = hub.server.cli(&["hub", "devices", "--revoke", &client_id]);
    assert!(out.status.success(), "{}", said(&out));
    let printed: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(printed, json!({"client_id": client_id, "revoked": true}));
    let refused = round(&kiosk, &kt);
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("refused the kiosk's credentials")),
        "{refused}"
    );
    assert!(listed(&hub)[0]["revoked_at"].is_string());
    // Again, or an id that is no joined kiosk: exit 1, saying so.
    for id in [client_id.as_str(), "ent_ci_nosuchkiosk"] {
        let out = hub.server.cli(&["hub", "devices", "--revoke", id]);
        assert!(!out.status.success(), "{id}");
        assert!(said(&out).contains("joined kiosk"), "{}", said(&out));
    }

    // The hub gone, the door decides alone and its log says so, with the reason.
    let mut hub = hub;
    hub.server.kill();
    let event_here = common::hub::local_event(&kiosk, &kt);
    let code = nadia["qr_code"].as_str().expect("code");
    let scan = kiosk.scan(&kt, event_here, code, "check_in");
    assert_eq!(scan["decided_by"], "here", "{scan}");
    let log = kiosk.log();
    assert!(log.contains("decided here:"), "{log}");
}

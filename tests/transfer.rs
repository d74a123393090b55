//! CSV import and export, through the command line and the API, against a real server
//! and its SQLite file.

use crate::common;

use std::path::Path;

use common::{Server, assert_mentions, labelled_answer};
use serde_json::{Value, json};

/// An event with a dropdown, a checkbox list, a consent, a number and a date field, and
/// two registration types.
fn setup() -> (Server, String, i64) {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Import");
    for item in [
        json!({"label": "T-shirt size", "type": "dropdown", "options": ["S", "M", "L"]}),
        json!({"label": "Workshops", "type": "checkbox", "options": ["Rust", "SQL", "UX"]}),
        json!({"label": "Photo consent", "type": "consent"}),
        json!({"label": "Years of experience", "type": "number"}),
        json!({"label": "Arrival", "type": "date"}),
    ] {
        s.field(&t, event, item);
    }
    for name in ["General", "VIP"] {
        s.registration_type(&t, event, name, None);
    }
    (s, t, event)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write csv");
    path.to_string_lossy().into_owned()
}

fn import(s: &Server, event: i64, file: &str, extra: &[&str]) -> (bool, Value, String) {
    let ev = event.to_string();
    let mut args = vec!["import", "attendees", "--event", &ev, file, "--json"];
    args.extend_from_slice(extra);
    let out = s.cli(&args);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let report = serde_json::from_str(stdout.trim()).unwrap_or(Value::Null);
    (
        out.status.success(),
        report,
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn find(s: &Server, t: &str, event: i64, email: &str) -> Value {
    let list = s
        .get(&format!("/events/{event}/attendees?q={email}"), t)
        .json();
    list["items"]
        .as_array()
        .and_then(|l| l.iter().find(|a| a["email"] == email).cloned())
        .unwrap_or_else(|| panic!("no attendee {email}: {list}"))
}

const GOOD: &str = "\u{feff}First Name;Last name;E-mail;Phone;Company;Ticket type;T-shirt size;workshops;PHOTO CONSENT;Years of experience;Arrival;Notes\n\
Ada;Lovelace;ada@example.com;+44 20 7946 0958;Analytical Engines;VIP;M;Rust|SQL;yes;12;2026-09-15;likes tea\n\
Grace;Hopper;grace@example.com;;Navy;general;L;;no;;;\n\
\n\
Alan;Turing;alan@example.com;;;;S;UX;;3.5;;\n";

#[test]
fn a_spreadsheet_maps_headings_and_answers_and_imports_once() {
    let (s, t, event) = setup();
    let dir = tempfile::tempdir().expect("dir");
    let file = write(dir.path(), "people.csv", GOOD);

    // Dry run: every row reported, nothing written.
    let (ok, report, err) = import(&s, event, &file, &["--dry-run"]);
    assert!(ok, "{report}\n{err}");
    assert_eq!(report["dry_run"], true);
    assert_eq!(report["written"], false);
    assert_eq!(report["rows"], 3, "the blank line is not a row");
    assert_eq!(report["created"], 3);
    let rows: Vec<i64> = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["row"].as_i64().expect("row"))
        .collect();
    assert_eq!(rows, vec![2, 3, 5], "file line numbers");
    assert_eq!(report["results"][0]["action"], "create");
    assert_eq!(report["results"][0]["name"], "Ada Lovelace");
    for row in report["results"].as_array().expect("results") {
        assert_eq!(
            row["attendee_id"],
            Value::Null,
            "a dry run names no attendee it did not create: {row}"
        );
    }
    let notes = report["columns"]
        .as_array()
        .expect("columns")
        .iter()
        .find(|c| c["heading"] == "Notes")
        .expect("Notes column");
    assert_eq!(
        notes["target"],
        Value::Null,
        "an unknown heading is reported, not imported"
    );
    assert_eq!(s.attendee_count(&t, event), 0, "a dry run writes nothing");

    // The import itself.
    let (ok, report, stderr) = import(&s, event, &file, &[]);
    assert!(ok, "{report} {stderr}");
    assert_eq!(report["written"], true);
    assert_eq!(report["created"], 3);
    assert_eq!(s.attendee_count(&t, event), 3);
    let ada = find(&s, &t, event, "ada@example.com");
    assert_eq!(ada["first_name"], "Ada");
    assert_eq!(ada["phone"], "+442079460958");
    assert_eq!(ada["company"], "Analytical Engines");
    assert_eq!(labelled_answer(&ada, "T-shirt size"), "M");
    assert_eq!(labelled_answer(&ada, "Workshops"), json!(["Rust", "SQL"]));
    assert_eq!(labelled_answer(&ada, "Photo consent"), true);
    assert_eq!(labelled_answer(&ada, "Years of experience"), 12);
    assert_eq!(labelled_answer(&ada, "Arrival"), "2026-09-15");
    let types = s
        .get(&format!("/events/{event}/registration_types"), &t)
        .json();
    let vip = types["items"]
        .as_array()
        .expect("types")
        .iter()
        .find(|r| r["name"] == "VIP")
        .expect("VIP")["id"]
        .clone();
    assert_eq!(ada["registration_type_id"], vip, "by name");
    let alan = find(&s, &t, event, "alan@example.com");
    assert_eq!(labelled_answer(&alan, "Years of experience"), 3.5);

    // The same file again: matched by email, nothing new, nothing changed.
    let (ok, again, _) = import(&s, event, &file, &[]);
    assert!(ok, "{again}");
    assert_eq!(again["created"], 0);
    assert_eq!(again["unchanged"], 3, "{again}");
    assert_eq!(s.attendee_count(&t, event), 3);
    let same = find(&s, &t, event, "ada@example.com");
    assert_eq!(
        same["updated_at"], ada["updated_at"],
        "an unchanged row writes nothing"
    );

    // An edited file updates the matched attendee.
    let edited = GOOD.replace("Navy", "US Navy");
    let file2 = write(dir.path(), "people2.csv", &edited);
    let (ok, report, _) = import(&s, event, &file2, &[]);
    assert!(ok);
    assert_eq!(report["updated"], 1, "{report}");
    assert_eq!(report["unchanged"], 2);
    assert_eq!(
        find(&s, &t, event, "grace@example.com")["company"],
        "US Navy"
    );
}

/// A large import commits all at once, so its rows carry one `updated_at`, stamped at the
/// end: a sync pull that read while it ran and moved its cursor on by the clock still
/// asks for every one of them later (SYNC.md). Without that the first rows kept stamps
/// from seconds before the commit.
#[test]
fn a_large_import_stamps_its_rows_when_it_commits() {
    let (s, t, event) = setup();
    let dir = tempfile::tempdir().expect("dir");
    let mut csv = String::from("first_name,last_name,email\n");
    for i in 0..3000 {
        csv.push_str(&format!("Person{i},Imported,person{i}@example.com\n"));
    }
    let (ok, report, stderr) = import(&s, event, &write(dir.path(), "big.csv", &csv), &[]);
    assert!(ok, "{stderr}");
    assert_eq!(report["created"], 3000);
    let mut stamps = std::collections::BTreeSet::new();
    for page in 1..=30 {
        let list = s
            .get(
                &format!("/events/{event}/attendees?per_page=100&page={page}"),
                &t,
            )
            .json();
        for a in list["items"].as_array().expect("items") {
            stamps.insert(a["updated_at"].as_str().expect("updated_at").to_owned());
        }
    }
    assert_eq!(
        stamps.len(),
        1,
        "one stamp for the whole import: {stamps:?}"
    );
    let stamp = stamps.into_iter().next().expect("a stamp");
    let since = s.get(
        &format!("/events/{event}/attendees?per_page=1&updated_since={stamp}"),
        &t,
    );
    assert_eq!(since.json()["metadata"]["total_count"], 3000);
}

#[test]
fn every_invalid_row_is_reported_with_its_line_and_nothing_is_written() {
    let (s, t, event) = setup();
    s.field(
        &t,
        event,
        json!({"label": "Badge name", "type": "short_text", "required": true}),
    );
    let dir = tempfile::tempdir().expect("dir");
    let text = "first_name,email,phone,T-shirt size,Workshops,Photo consent,Years of experience,Arrival,Badge name,registration_type,rsvp_status,qr_code\n\
Ok,ok@example.com,,S,,,,,Okay,,,\n\
,nofirst@example.com,,,,,,,Nameless,,,\n\
Bad,not-an-email,12,XXL,Knitting,maybe,many,2026-13-45,Bad,Platinum,sleepy,\n\
Missing,missing@example.com,,,,,,,,,,\n\
Dup,dup1@example.com,,,,,,,Dup,,,SAME-CODE\n\
Dup2,dup2@example.com,,,,,,,Dup,,,SAME-CODE\n\
Wide,wide@example.com,,,,,,,Wide,,,,extra,cells\n";
    let file = write(dir.path(), "bad.csv", text);
    let (ok, report, stderr) = import(&s, event, &file, &[]);
    assert!(!ok, "invalid rows fail the command");
    assert!(stderr.contains("invalid"), "{stderr}");
    assert_eq!(report["written"], false);
    assert_eq!(s.attendee_count(&t, event), 0, "nothing is written");
    let results = report["results"].as_array().expect("results");
    let row = |line: i64| -> Vec<String> {
        let r = results
            .iter()
            .find(|r| r["row"] == line)
            .unwrap_or_else(|| panic!("row {line}: {report}"));
        r["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| e.as_str().expect("text").to_owned())
            .collect()
    };
    assert!(row(2).is_empty());
    assert_mentions(&row(3), "first_name");
    let bad = row(4);
    for needle in [
        "column `email`",
        "column `phone`",
        "XXL",
        "Knitting",
        "`maybe` is not yes or no",
        "`many` is not a number",
        "Arrival",
        "Platinum",
        "rsvp_status",
    ] {
        assert_mentions(&bad, needle);
    }
    assert_mentions(&row(5), "required field `badge_name`");
    assert_mentions(&row(7), "the same qr_code is on row 6");
    assert_mentions(&row(8), "cells");
    assert_eq!(report["invalid"], 5, "{report}");

    // --valid-only keeps the good rows (the first SAME-CODE row is good).
    let (ok, report, err) = import(&s, event, &file, &["--valid-only"]);
    assert!(ok, "{report}\n{err}");
    assert_eq!(report["written"], true);
    assert_eq!(report["created"], 2);
    assert_eq!(s.attendee_count(&t, event), 2);

    // Whole-file problems: no first-name column, a --map naming nothing, two columns for
    // one member, bytes that are not UTF-8.
    let nameless = write(dir.path(), "nameless.csv", "email\nx@example.com\n");
    let (ok, _, stderr) = import(&s, event, &nameless, &[]);
    assert!(!ok);
    assert!(stderr.contains("first names"), "{stderr}");
    let (ok, _, stderr) = import(&s, event, &nameless, &["--map", "Nope=first_name"]);
    assert!(!ok);
    assert!(stderr.contains("Nope"), "{stderr}");
    let twice = write(dir.path(), "twice.csv", "first_name,First Name\nA,B\n");
    let (ok, _, stderr) = import(&s, event, &twice, &[]);
    assert!(!ok);
    assert!(stderr.contains("same member"), "{stderr}");
    let (ok, _, stderr) = import(&s, event, &nameless, &["--map", "email=shoe_size"]);
    assert!(!ok);
    assert!(
        stderr.contains("shoe_size") && stderr.contains("neither an attendee member nor a field"),
        "{stderr}"
    );
    // Two rows with one email and no codes: the second is refused, not merged.
    let twins = write(
        dir.path(),
        "twins.csv",
        "first_name,email,Badge name\nAnn,twin@example.com,Ann\nAnna,TWIN@example.com,Anna\n",
    );
    let (ok, report, _) = import(&s, event, &twins, &[]);
    assert!(!ok);
    assert_eq!(report["invalid"], 1, "{report}");
    assert_mentions(
        &report["results"][1]["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| e.as_str().unwrap_or_default().to_owned())
            .collect::<Vec<_>>(),
        "the same email is on row 2",
    );
    // A row matched to someone already stored but invalid: refused, the stored one kept.
    let before = find(&s, &t, event, "ok@example.com");
    let spoiled = write(
        dir.path(),
        "spoiled.csv",
        "first_name,email,T-shirt size,Badge name\nOkay,ok@example.com,XXL,Okay\n",
    );
    let (ok, report, _) = import(&s, event, &spoiled, &[]);
    assert!(!ok, "{report}");
    assert_eq!(report["invalid"], 1, "{report}");
    assert_eq!(report["written"], false);
    let after = find(&s, &t, event, "ok@example.com");
    assert_eq!(after, before, "the stored attendee is untouched");
    let latin1 = dir.path().join("latin1.csv");
    std::fs::write(&latin1, b"first_name\nJos\xe9\n").expect("write");
    let (ok, _, stderr) = import(&s, event, &latin1.to_string_lossy(), &[]);
    assert!(!ok);
    assert!(
        stderr.contains("UTF-8") && stderr.contains("line 2"),
        "{stderr}"
    );
}

#[test]
fn map_renames_headings_and_a_qr_code_column_matches_rows() {
    let (s, t, event) = setup();
    let dir = tempfile::tempdir().expect("dir");
    let text =
        "Vorname,Nachname,Ticket,Größe,Kommentar\nJosé,Ñúñez,TICKET-1,M,hi\nZoë,Ærø,TICKET-2,S,\n";
    let file = write(dir.path(), "de.csv", text);
    let maps = [
        "--map",
        "Vorname=first_name",
        "--map",
        "Nachname=last_name",
        "--map",
        "Größe=T-shirt size",
        "--map",
        "Kommentar=",
    ];
    let (ok, report, stderr) = import(&s, event, &file, &maps);
    assert!(ok, "{report} {stderr}");
    assert_eq!(report["created"], 2);
    let found = s
        .get(&format!("/events/{event}/attendees?qr_code=TICKET-1"), &t)
        .json();
    let jose = &found["items"][0];
    assert_eq!(jose["first_name"], "José");
    assert_eq!(jose["last_name"], "Ñúñez");
    assert_eq!(labelled_answer(jose, "T-shirt size"), "M");
    // Same codes, new names: matched by code (no email), updated in place.
    let renamed = write(dir.path(), "de2.csv", &text.replace("José", "Josefa"));
    let (ok, report, _) = import(&s, event, &renamed, &maps);
    assert!(ok);
    assert_eq!(report["updated"], 1, "{report}");
    assert_eq!(report["unchanged"], 1);
    assert_eq!(s.attendee_count(&t, event), 2);
}

#[test]
fn exports_are_spreadsheet_safe_and_import_back() {
    let (s, t, event) = setup();
    let evil = s.attendee(
        &t,
        event,
        json!({"first_name": "=HYPERLINK(\"http://x\")", "last_name": "@SUM(A1)",
               "company": "-2+3", "email": "evil@example.com", "phone": "+47 412 34 567"}),
    );
    let plain = s.attendee(
        &t,
        event,
        json!({"first_name": "Plain", "email": "plain@example.com"}),
    );
    let id = plain["id"].as_i64().expect("id");
    let r = reqwest::blocking::Client::new()
        .post(format!("{}/events/{event}/attendees/{id}/check_in", s.api))
        .bearer_auth(&t)
        .header("X-Device-Name", "Door 2")
        .send()
        .expect("check in");
    assert_eq!(r.status(), 200);
    let ev = event.to_string();

    let out = s.cli(&["export", "attendees", "--event", &ev]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = csv.lines();
    let heading = lines.next().expect("heading");
    assert!(
        heading.starts_with("id,first_name,last_name,email,phone"),
        "{heading}"
    );
    assert!(heading.contains("T-shirt size") && heading.contains("first_checked_in_at"));
    assert!(csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "{csv}");
    assert!(csv.contains("'@SUM(A1)") && csv.contains("'-2+3") && csv.contains("'+4741234567"));
    assert!(!csv.contains(",=") && !csv.contains(",@") && !csv.contains(",+"));
    let plain_line = csv
        .lines()
        .find(|l| l.contains("plain@example.com"))
        .expect("row");
    assert!(plain_line.contains("checked_in"));

    let out = s.cli(&["export", "check-ins", "--event", &ev]);
    assert!(out.status.success());
    let history = String::from_utf8(out.stdout).expect("utf-8");
    assert!(history.starts_with("id,at,action,outcome,attendee_id,attendee_name"));
    let line = history.lines().nth(1).expect("one record");
    assert!(
        line.contains("check_in,ok") && line.contains("Plain") && line.contains("Door 2"),
        "{line}"
    );

    // The same downloads over the API, with a byte-order mark for spreadsheets.
    let r = s.get(&format!("/events/{event}/exports/attendees.csv"), &t);
    assert_eq!(r.status, 200);
    assert!(
        r.header("content-type")
            .is_some_and(|c| c.starts_with("text/csv"))
    );
    assert!(
        r.header("content-disposition")
            .is_some_and(|c| c.contains("attachment"))
    );
    assert!(r.text.starts_with('\u{feff}'));
    assert_eq!(r.text.trim_start_matches('\u{feff}'), csv);
    let r = s.get(&format!("/events/{event}/exports/check_ins.csv"), &t);
    assert_eq!(r.status, 200);
    // Exports are for organisers: a door device is refused (issue 36).
    let door = s.token("read check_in");
    assert_eq!(
        s.get(&format!("/events/{event}/exports/attendees.csv"), &door)
            .status,
        403
    );
    assert_eq!(s.get("/events/999/exports/attendees.csv", &t).status, 404);

    // The export imports back into the event unchanged (matched by qr_code).
    let dir = tempfile::tempdir().expect("dir");
    let file = write(dir.path(), "export.csv", &csv);
    let (ok, report, stderr) = import(&s, event, &file, &[]);
    assert!(ok, "{report} {stderr}");
    assert_eq!(report["unchanged"], 2, "{report}");
    let back = find(&s, &t, event, "evil@example.com");
    assert_eq!(
        back["first_name"], evil["first_name"],
        "the escape is undone on import"
    );
}

/// An import through the API says its rows' problems, and their columns, in the
/// request's language; the values and the column headings stay as the file has them.
#[test]
fn the_api_says_an_imports_problems_in_the_requests_language() {
    let (s, t, event) = setup();
    let body = "first_name,email,T-shirt size,Photo consent,Years of experience,registration_type\n\
                Ada,ada@example.com,M,,,\n\
                Bad,not-an-email,XXL,maybe,many,Platinum\n\
                Wide,wide@example.com,,,,,extra\n";
    let import = |lang: &str, query: &str| {
        common::into_resp(
            s.http
                .post(format!("{}/events/{event}/imports/attendees{query}", s.api))
                .bearer_auth(&t)
                .header("Content-Type", "text/csv")
                .header("Accept-Language", lang)
                .body(body)
                .send()
                .expect("import"),
        )
    };
    let errors = |r: &common::Resp, row: usize| -> Vec<String> {
        r.item()["results"][row]["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| e.as_str().expect("text").to_owned())
            .collect()
    };
    let german = import("de", "?dry_run=true");
    assert_eq!(german.status, 200, "{}", german.text);
    let bad = errors(&german, 1);
    for said in [
        "Spalte `email` ist keine gültige E-Mail-Adresse",
        "Spalte `Photo consent`: `maybe` ist weder ja noch nein",
        "Spalte `Years of experience`: `many` ist keine Zahl",
        "Spalte `registration_type`: `Platinum` ist keine Anmeldeart dieser Veranstaltung",
    ] {
        assert!(bad.iter().any(|e| e == said), "{said} in {bad:?}");
    }
    assert!(
        bad.iter()
            .any(|e| e.starts_with("Spalte `T-shirt size`: `XXL` ist keine der Optionen")),
        "{bad:?}"
    );
    assert_eq!(
        errors(&german, 2),
        ["die Zeile hat 7 Zellen, die Kopfzeile aber 6 Spalten"]
    );
    // The same file in English says the same places in English.
    let english = import("en", "?dry_run=true");
    assert!(
        errors(&english, 1)
            .iter()
            .any(|e| e == "column `email` is not a valid email address"),
        "{}",
        english.text
    );
    // A file that is not UTF-8 (a spreadsheet's Latin-1 export), said in German.
    let latin1 = common::into_resp(
        s.http
            .post(format!("{}/events/{event}/imports/attendees", s.api))
            .bearer_auth(&t)
            .header("Content-Type", "text/csv")
            .header("Accept-Language", "de-DE,de;q=0.9,en;q=0.5")
            .body(b"first_name,email\nJos\xe9,jose@example.com\n".to_vec())
            .send()
            .expect("import"),
    );
    assert_eq!(latin1.status, 422, "{}", latin1.text);
    assert_eq!(
        latin1.errors(),
        ["die Datei ist kein UTF-8-Text (Zeile 2); speichern Sie sie als „CSV UTF-8“"]
    );
    // A query's problem is a 422 in the language too.
    let refused = import("fr", "?dry_run=perhaps");
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(
        refused.errors(),
        ["dry_run doit être true ou false, pas `perhaps`"]
    );
}

#[test]
fn the_api_imports_with_a_dry_run_and_refuses_unreadable_files() {
    let (s, t, event) = setup();
    let send = |query: &str, body: &str, token: &str| {
        s.call_raw(
            "POST",
            &format!("/events/{event}/imports/attendees{query}"),
            Some(token),
            "text/csv",
            body.as_bytes().to_vec(),
        )
    };
    let body = "first_name,email,T-shirt size\nAda,ada@example.com,M\nBob,bob@example.com,XXL\n";
    let dry = send("?dry_run=true", body, &t);
    assert_eq!(dry.status, 200, "{}", dry.text);
    let report = dry.item();
    assert_eq!(report["created"], 1);
    assert_eq!(report["invalid"], 1);
    assert_eq!(report["results"][1]["row"], 3);
    // Ada would be created: the dry run stored her nowhere, so it names no id (an id it
    // made and rolled back goes to the next attendee created).
    assert_eq!(report["results"][0]["action"], "create");
    assert_eq!(report["results"][0]["attendee_id"], Value::Null, "{report}");
    assert_eq!(report["results"][1]["attendee_id"], Value::Null, "{report}");
    assert_eq!(s.attendee_count(&t, event), 0);
    let refused = send("", body, &t);
    assert_eq!(refused.item()["written"], false);
    assert_eq!(refused.item()["refused"], true);
    assert_eq!(
        refused.item()["results"][0]["attendee_id"],
        Value::Null,
        "a refused import stored no one either: {}",
        refused.text
    );
    assert_eq!(dry.item()["refused"], false, "a dry run is not a refusal");
    assert_eq!(s.attendee_count(&t, event), 0);
    let partial = send("?valid_only=true", body, &t);
    assert_eq!(partial.item()["written"], true);
    assert_eq!(s.attendee_count(&t, event), 1);
    let ada = find(&s, &t, event, "ada@example.com")["id"].clone();
    assert_eq!(partial.item()["results"][0]["attendee_id"], ada);
    // A dry run keeps the id of an attendee it would update, and names none it would
    // create, nor for a later row of the same new person.
    let again = send(
        "?dry_run=true",
        "first_name,last_name,email,qr_code\nAda,King,ada@example.com,\nZoe,,zoe@example.com,\nZoe,,zoe@example.com,ZOE-1\n",
        &t,
    );
    assert_eq!(again.status, 200, "{}", again.text);
    let rows = again.item()["results"].clone();
    assert_eq!(rows[0]["action"], "update", "{rows}");
    assert_eq!(rows[0]["attendee_id"], ada, "{rows}");
    assert_eq!(rows[1]["action"], "create", "{rows}");
    assert_eq!(rows[1]["attendee_id"], Value::Null, "{rows}");
    assert_eq!(rows[2]["attendee_id"], Value::Null, "{rows}");
    assert_eq!(s.attendee_count(&t, event), 1);
    let mapped = send(
        "?map=Name%3Dfirst_name",
        "Name,email\nCleo,cleo@example.com\n",
        &t,
    );
    assert_eq!(mapped.item()["created"], 1, "{}", mapped.text);
    let by_field = send(
        "?dry_run=true&map=Size%3Dfield%3At_shirt_size",
        "first_name,Size\nDora,S\n",
        &t,
    );
    assert_eq!(
        by_field.item()["columns"][1]["target"],
        "field:t_shirt_size",
        "{}",
        by_field.text
    );
    let bad = send("?dry_run=perhaps", body, &t);
    assert_eq!(bad.status, 422);
    let empty = send("", "", &t);
    assert_eq!(empty.status, 422);
    assert!(!empty.errors().is_empty());
    let reader = s.token("read");
    assert_eq!(send("", body, &reader).status, 403);
    assert_eq!(
        s.call_raw(
            "POST",
            "/events/999/imports/attendees",
            Some(&t),
            "text/csv",
            body.as_bytes().to_vec()
        )
        .status,
        404
    );
}

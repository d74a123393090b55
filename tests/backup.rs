//! Backups while the server writes, restore, rolling backups, schema upgrades from the
//! first migration set, refusal of a newer database, and `entrada doctor`.

use crate::common;

use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use common::{BIN, Server};
use rusqlite::Connection;
use serde_json::json;

fn entrada(args: &[&str], db: &std::path::Path) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .arg("--db")
        .arg(db)
        .env_remove("ENTRADA_DB")
        .output()
        .expect("run entrada")
}

/// Opens a backup of the database at `of` with that database's key (found where `serve`
/// kept it: the secret store or the default key file), as `entrada restore` would.
fn open_copy(copy: &std::path::Path, of: &std::path::Path) -> Connection {
    use entrada::keystore::{Keep, Make, load};
    let key = load(of, Keep::Default, Make::Never).expect("the database's key");
    assert!(key.is_some(), "{} is encrypted by default", of.display());
    entrada::db::DbFile::with_key(copy, key)
        .open_rw()
        .expect("open the copy with the key")
}

fn checked_in(db: &std::path::Path, of: &std::path::Path) -> std::collections::HashSet<i64> {
    let conn = open_copy(db, of);
    let ok: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity");
    assert_eq!(ok, "ok");
    let mut stmt = conn
        .prepare("SELECT id FROM attendees WHERE checkin_status = 'checked_in'")
        .expect("query");
    stmt.query_map([], |r| r.get(0))
        .expect("rows")
        .map(|r| r.expect("id"))
        .collect()
}

#[test]
fn a_backup_under_write_load_holds_every_committed_check_in() {
    let s = Server::start_with(&["--rate-limit", "0"]);
    let t = s.token("read write check_in");
    let event = s.event(&t, "Busy door");
    let ids: Vec<i64> = (0..400)
        .map(|i| {
            s.attendee(&t, event, json!({"first_name": format!("P{i}")}))["id"]
                .as_i64()
                .expect("id")
        })
        .collect();
    // Two doors check people in as fast as they can while backups are taken.
    let answered = Arc::new(std::sync::Mutex::new(
        Vec::<(std::time::Instant, i64)>::new(),
    ));
    let stop = Arc::new(AtomicBool::new(false));
    let doors: Vec<_> = (0..2)
        .map(|door| {
            let (api, t, answered, stop) =
                (s.api.clone(), t.clone(), answered.clone(), stop.clone());
            let mine: Vec<i64> = ids.iter().copied().skip(door).step_by(2).collect();
            std::thread::spawn(move || {
                let http = reqwest::blocking::Client::new();
                for id in mine {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = http
                        .post(format!("{api}/events/{event}/attendees/{id}/check_in"))
                        .bearer_auth(&t)
                        .send()
                        .expect("check in");
                    if r.status() == 200 {
                        answered
                            .lock()
                            .expect("lock")
                            .push((std::time::Instant::now(), id));
                    }
                }
            })
        })
        .collect();
    let dir = tempfile::tempdir().expect("dir");
    let mut copies = 0;
    for n in 0..4 {
        std::thread::sleep(Duration::from_millis(150));
        let began = std::time::Instant::now();
        let before: Vec<i64> = answered
            .lock()
            .expect("lock")
            .iter()
            .filter(|(at, _)| *at <= began)
            .map(|(_, id)| *id)
            .collect();
        let path = dir.path().join(format!("copy-{n}.db"));
        let out = s.cli(&["backup", "--to", &path.to_string_lossy()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let info: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert!(info["bytes"].as_u64().expect("bytes") > 0);
        let held = checked_in(&path, &s.db);
        for id in &before {
            assert!(
                held.contains(id),
                "check-in of {id}, answered before the backup, is in it"
            );
        }
        copies += 1;
    }
    stop.store(true, Ordering::Relaxed);
    for d in doors {
        d.join().expect("door");
    }
    assert_eq!(copies, 4);
    let all: Vec<i64> = answered
        .lock()
        .expect("lock")
        .iter()
        .map(|(_, id)| *id)
        .collect();
    assert!(all.len() > 20, "the load ran: {}", all.len());
    let last = dir.path().join("final.db");
    assert!(
        s.cli(&["backup", "--to", &last.to_string_lossy()])
            .status
            .success()
    );
    let held = checked_in(&last, &s.db);
    assert!(all.iter().all(|id| held.contains(id)));
    assert_eq!(held.len(), all.len(), "and nothing else");
    let single = !last.with_extension("db-wal").exists();
    assert!(single, "a backup is one file");
}

#[test]
fn restore_is_refused_while_serving_and_brings_back_the_backup() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Restore me");
    s.attendee(&t, event, json!({"first_name": "Kept"}));
    let dir = tempfile::tempdir().expect("dir");
    let copy = dir.path().join("backup.db");
    assert!(
        s.cli(&["backup", "--to", &copy.to_string_lossy()])
            .status
            .success()
    );
    s.attendee(&t, event, json!({"first_name": "After the backup"}));

    // Not while a server uses the database; and not a second server either.
    let refused = s.cli(&["restore", "--from", &copy.to_string_lossy()]);
    assert!(!refused.status.success());
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(why.contains("in use") && why.contains("stop"), "{why}");
    let second = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--db"])
        .arg(&s.db)
        .stdout(Stdio::null())
        .output()
        .expect("second serve");
    assert!(!second.status.success());
    assert!(String::from_utf8_lossy(&second.stderr).contains("already serving"));
    // Not from something that is not an Entrada database.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, b"not a database at all, just bytes").expect("junk");
    let db = s.db.clone();
    let files = s.stop_keeping_files();
    let bad = entrada(&["restore", "--from", &junk.to_string_lossy()], &db);
    assert!(!bad.status.success());

    let done = entrada(&["restore", "--from", &copy.to_string_lossy()], &db);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let said: serde_json::Value = serde_json::from_slice(&done.stdout).expect("json");
    let kept = said["previous_kept_at"]
        .as_str()
        .expect("the replaced database is kept");
    assert!(std::path::Path::new(kept).exists());
    let s = Server::start_in(files, &[]);
    let t = s.token("read");
    let names: Vec<String> = s.get(&format!("/events/{event}/attendees"), &t).json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|a| a["first_name"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(names, vec!["Kept"], "the database is the backup's");
}

#[test]
fn rolling_backups_keep_the_newest() {
    let dir = tempfile::tempdir().expect("dir");
    let backups = dir.path().join("usb");
    let s = Server::start_with(&[
        "--backup-dir",
        &backups.to_string_lossy(),
        "--backup-every",
        "1s",
        "--backup-keep",
        "2",
    ]);
    let t = s.token("read write");
    s.event(&t, "Rolling");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let names = loop {
        let mut names: Vec<String> = std::fs::read_dir(&backups)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".db"))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        if names.len() == 2 && std::time::Instant::now() > deadline - Duration::from_secs(16) {
            break names;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no rolling backups: {names:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    for n in &names {
        assert!(n.starts_with("entrada-"), "{n}");
        let conn = open_copy(&backups.join(n), &s.db);
        let events: i64 = conn
            .query_row("SELECT COUNT(*) FROM events", [], |r| r.get(0))
            .expect("count");
        assert!(events <= 1);
    }
    let bad = Command::new(BIN)
        .args(["serve", "--backup-every", "5m"])
        .output()
        .expect("serve");
    assert!(!bad.status.success(), "--backup-every needs --backup-dir");
}

#[test]
fn a_database_of_the_first_schema_is_upgraded_after_a_copy_and_a_newer_one_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("entrada.db");
    {
        let conn = Connection::open(&db).expect("create");
        let first = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/0001_init.sql"),
        )
        .expect("first migration");
        conn.execute_batch(&first).expect("first schema");
        conn.execute_batch(
            "PRAGMA user_version = 1;
             INSERT INTO events (account_id, name, created_at, updated_at)
               VALUES (1, 'Old event', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
             INSERT INTO attendees (event_id, first_name, email, qr_code, created_at, updated_at)
               VALUES (1, 'Ada', 'ada@example.com', 'OLD-1', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
                      (1, 'Grace', NULL, 'OLD-2', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');",
        )
        .expect("old data");
    }
    let doctor = entrada(&["doctor"], &db);
    let said = String::from_utf8_lossy(&doctor.stdout);
    assert!(said.contains("version 1"), "{said}");

    let dirpath = dir.path().to_path_buf();
    let s = Server::start_in(dir, &[]);
    let t = s.token("read write check_in");
    let list = s.get("/events/1/attendees", &t).json();
    assert_eq!(list["metadata"]["total_count"], 2, "{list}");
    assert_eq!(list["items"][0]["qr_code"], "OLD-1");
    // The upgraded database works: search (added later), a check-in, a scan.
    let found = s.get("/events/1/attendees?q=grace", &t).json();
    assert_eq!(found["metadata"]["total_count"], 1, "{found}");
    let scan = s.post(
        "/events/1/scans",
        &t,
        json!({"item": {"code": "OLD-1", "action": "check_in"}}),
    );
    assert_eq!(scan.item()["outcome"], "ok", "{}", scan.text);
    let copies: Vec<String> = std::fs::read_dir(&dirpath)
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("entrada.db.v1-") && n.ends_with(".bak"))
        .collect();
    assert_eq!(copies.len(), 1, "a copy was taken before the upgrade");
    let old = Connection::open(dirpath.join(&copies[0])).expect("open copy");
    let version: i64 = old
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("v");
    assert_eq!(version, 1, "the copy is the database as it was");
    let doctor = s.cli(&["doctor"]);
    assert!(
        doctor.status.success(),
        "{}",
        String::from_utf8_lossy(&doctor.stdout)
    );
    let said = String::from_utf8_lossy(&doctor.stdout);
    for check in ["integrity", "foreign keys", "wal", "schema"] {
        assert!(said.contains(check), "{said}");
    }
    assert!(said.contains("current"), "{said}");

    // A database from a newer Entrada: refused, untouched.
    let newer_dir = tempfile::tempdir().expect("dir");
    let newer = newer_dir.path().join("newer.db");
    {
        let conn = Connection::open(&newer).expect("create");
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .expect("future");
    }
    let before = std::fs::read(&newer).expect("read");
    let out = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--db"])
        .arg(&newer)
        .stdout(Stdio::null())
        .output()
        .expect("serve");
    assert!(!out.status.success());
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(why.contains("newer version of Entrada"), "{why}");
    assert!(
        std::fs::read(&newer).expect("read") == before,
        "not touched"
    );
    let doctor = entrada(&["doctor"], &newer);
    assert!(!doctor.status.success());
    assert!(String::from_utf8_lossy(&doctor.stdout).contains("newer"));
}

#[test]
fn doctor_finds_a_damaged_file() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("entrada.db");
    // Plain: `doctor` runs on the copy, whose key no key file is named for.
    let s = Server::start_in(tempfile::tempdir().expect("dir"), &["--no-encryption"]);
    let t = s.token("read write");
    let event = s.event(&t, "Damage");
    for i in 0..300 {
        s.attendee(
            &t,
            event,
            json!({"first_name": format!("Person {i}"), "company": "x".repeat(200)}),
        );
    }
    assert!(
        s.cli(&["backup", "--to", &db.to_string_lossy()])
            .status
            .success()
    );
    let healthy = entrada(&["doctor"], &db);
    assert!(
        healthy.status.success(),
        "{}",
        String::from_utf8_lossy(&healthy.stdout)
    );
    // Scribble over the middle of the file, as a failing disk would.
    let mut bytes = std::fs::read(&db).expect("read");
    let page = 4096;
    for start in (page * 2..bytes.len()).step_by(page * 3) {
        for b in &mut bytes[start..start + 24] {
            *b = 0x5A;
        }
    }
    std::fs::write(&db, &bytes).expect("write");
    let sick = entrada(&["doctor"], &db);
    assert!(!sick.status.success());
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&sick.stdout),
        String::from_utf8_lossy(&sick.stderr)
    );
    assert!(
        said.contains("FAIL") || said.contains("malformed"),
        "{said}"
    );
}

//! Owner-only files (issue 19): the database, its WAL and shared memory, backups, exports
//! and the copy before a schema upgrade are 0600 (new directories 0700), whatever the
//! umask of whoever starts Entrada; a database readable by others is tightened at start,
//! and `entrada doctor` says so before.

#![cfg(unix)]

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use common::{BIN, Server};
use rusqlite::Connection;
use serde_json::json;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

fn sidecar(db: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Runs `entrada <args> --db <db>` under a permissive umask (022, as a login shell has),
/// so that only Entrada's own care can make its files private.
fn entrada(args: &[&str], db: &Path) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg("umask 022 && exec \"$0\" \"$@\"")
        .arg(BIN)
        .args(args)
        .arg("--db")
        .arg(db)
        .env_remove("ENTRADA_DB")
        .output()
        .expect("run entrada")
}

/// Doctor's `permissions` line: whether it passed, and what it said.
fn permissions_finding(db: &Path) -> (bool, String) {
    let out = entrada(&["doctor"], db);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = said
        .lines()
        .find(|l| l[4..].trim_start().starts_with("permissions"))
        .unwrap_or_else(|| panic!("no permissions line in:\n{said}"));
    (line.starts_with("ok"), line.to_owned())
}

#[test]
fn serve_backup_and_export_write_owner_only_files() {
    let s = Server::start();
    let t = s.token("read write check_in");
    let event = s.event(&t, "Private");
    s.attendee(
        &t,
        event,
        json!({"first_name": "Zebulon", "last_name": "Quarrington", "qr_code": "ZQ-1"}),
    );
    s.scan(&t, event, "ZQ-1", "check_in");
    // While serving: the database and the files SQLite keeps beside it.
    for file in [s.db.clone(), sidecar(&s.db, "-wal"), sidecar(&s.db, "-shm")] {
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }

    let dir = s.db.parent().expect("dir").to_path_buf();
    let backup = dir.join("stick/kiosk/backup.db");
    let out = entrada(&["backup", "--to", &backup.to_string_lossy()], &s.db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&backup), 0o600, "the backup");
    assert_eq!(mode(&dir.join("stick")), 0o700, "a directory made for it");
    assert_eq!(
        mode(&dir.join("stick/kiosk")),
        0o700,
        "a directory made for it"
    );

    let csv = dir.join("export.csv");
    let out = entrada(
        &[
            "export",
            "attendees",
            "--event",
            &event.to_string(),
            "--out",
            &csv.to_string_lossy(),
        ],
        &s.db,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(mode(&csv), 0o600, "the export");
    assert!(
        std::fs::read_to_string(&csv)
            .expect("csv")
            .contains("Quarrington")
    );
}

#[test]
fn a_database_readable_by_others_is_reported_then_tightened_at_start() {
    let s = Server::start();
    let t = s.token("read write");
    s.event(&t, "Open to all");
    let dir = s.stop_keeping_files();
    let db = dir.path().join("entrada.db");
    chmod(&db, 0o644);
    let (ok, line) = permissions_finding(&db);
    assert!(!ok, "{line}");
    assert!(line.contains("644"), "{line}");

    let s = Server::start_in(dir, &[]);
    assert_eq!(mode(&s.db), 0o600, "tightened at start");
    let (ok, line) = permissions_finding(&s.db);
    assert!(ok, "{line}");
    // Still the same database.
    let t = s.token("read");
    let events = s.get("/events", &t).json();
    assert_eq!(events["items"][0]["name"], "Open to all", "{events}");
}

#[test]
fn an_upgrade_keeps_the_database_and_its_copy_owner_only() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("entrada.db");
    {
        let conn = Connection::open(&db).expect("create");
        let first = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/0001_init.sql"),
        )
        .expect("first migration");
        conn.execute_batch(&first).expect("first schema");
        conn.execute_batch("PRAGMA user_version = 1;")
            .expect("version");
    }
    chmod(&db, 0o644);
    let dirpath = dir.path().to_path_buf();
    let s = Server::start_in(dir, &[]);
    assert_eq!(mode(&s.db), 0o600);
    let copies: Vec<_> = std::fs::read_dir(&dirpath)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".bak"))
        .collect();
    assert_eq!(copies.len(), 1, "one copy before the upgrade: {copies:?}");
    assert_eq!(mode(&copies[0]), 0o600, "{}", copies[0].display());
}

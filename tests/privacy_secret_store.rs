//! The database key in a real OS secret store (issue 19): GNOME Keyring's Secret Service
//! in a D-Bus session of the test's own (`dbus-run-session`), unlocked as a login would.
//! By default (no flag) `serve` makes the key at the first start of a new database and
//! keeps it there, writing no key file; the database holds no attendee's name; the server
//! starts again with the key from the store, also from a new session (as after a reboot);
//! without it the database is refused.
//!
//! Needs `dbus-run-session`, `dbus-send` and `gnome-keyring-daemon` (Debian `dbus`, `gnome-keyring`;
//! `.ci/run` installs them). Without them the test says so and passes, so that
//! `cargo test` works on a machine without a desktop session.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::BIN;

/// Starts the session's keyring unlocked and waits until it answers (see the script for
/// the race it closes).
const UNLOCK_KEYRING: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/keyring/unlock.sh");

fn have(program: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {program}"))
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether a real Secret Service can be run here; says so on stderr when not.
fn keyring_available() -> bool {
    let there = have("dbus-run-session") && have("dbus-send") && have("gnome-keyring-daemon");
    if !there {
        eprintln!(
            "skipped: needs dbus-run-session, dbus-send and gnome-keyring-daemon \
             (Debian dbus, gnome-keyring)"
        );
    }
    there
}

/// A temporary directory with a home for the session and the kiosk's database path.
fn kiosk_dirs() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("dir");
    let home = dir.path().join("home");
    std::fs::create_dir_all(&home).expect("home");
    let db = dir.path().join("kiosk.db");
    (dir, home, db)
}

/// A remote with one event and a `read write` client: (remote, event, id, secret).
fn remote_with_client() -> (common::Server, i64, String, String) {
    let remote = common::Server::start();
    let t = remote.token("read write");
    let event = remote.event(&t, "At the remote");
    let (client_id, secret) = remote.create_client("read write");
    (remote, event, client_id, secret)
}

/// Runs `script` in a new D-Bus session with an unlocked GNOME Keyring, with `$ENTRADA`
/// and `$DB` set; returns what it printed.
fn in_session(home: &Path, db: &Path, script: &str) -> String {
    let full = format!("\"$UNLOCK_KEYRING\" || exit 1\n{script}");
    let out = Command::new("dbus-run-session")
        .arg("--")
        .arg("sh")
        .arg("-c")
        .arg(full)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env_remove("ENTRADA_SECRET_STORE")
        .env_remove("ENTRADA_NO_ENCRYPTION")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_DB_KEY")
        .env_remove("ENTRADA_DB_KEY_FILE")
        .env("UNLOCK_KEYRING", UNLOCK_KEYRING)
        .env("ENTRADA", BIN)
        .env("DB", db)
        .output()
        .expect("run dbus-run-session");
    format!(
        "{}\n--- stderr\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The plain database at `db` says its remote client secret is in the secret store, and
/// neither it nor its WAL holds `secret` in any byte.
fn assert_secret_only_in_store(db: &Path, secret: &str) {
    let conn = rusqlite::Connection::open(db).expect("open the kiosk's plain database");
    let (column, in_store): (String, bool) = conn
        .query_row(
            "SELECT client_secret, secret_in_store FROM sync_config",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .expect("sync_config");
    assert!(column.is_empty() && in_store, "the table keeps no secret");
    drop(conn);
    for file in [db.to_path_buf(), db.with_extension("db-wal")] {
        let bytes = std::fs::read(&file).unwrap_or_default();
        assert!(
            !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{} holds the secret",
            file.display()
        );
    }
}

/// Starts `serve --demo` on $DB as it starts by default (the key from the secret store),
/// waits until it listens, and stops it cleanly.
const SERVE_ONCE: &str = r#"
"$ENTRADA" serve --db "$DB" --bind 127.0.0.1:0 --demo >"$DB.out" 2>"$DB.err" &
pid=$!
for i in $(seq 1 100); do
  grep -q '^listening on' "$DB.out" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if grep -q '^listening on' "$DB.out"; then echo SERVED; else echo NOT-SERVED; cat "$DB.err"; fi
kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
"#;

#[test]
fn the_key_lives_in_the_secret_store_and_opens_the_database_after_a_new_session() {
    if !keyring_available() {
        return;
    }
    let (dir, home, db) = kiosk_dirs();

    let first = in_session(
        &home,
        &db,
        &format!(
            "{SERVE_ONCE}\ngrep -q 'kept in the secret store' \"$DB.err\" && echo SAID-WHERE\n\
             \"$ENTRADA\" doctor --db \"$DB\" && echo DOCTOR-OK\n\
             ENTRADA_SECRET_STORE=0 \"$ENTRADA\" doctor --db \"$DB\" || echo NO-KEY-REFUSED"
        ),
    );
    assert!(first.contains("SERVED"), "{first}");
    assert!(!first.contains("NOT-SERVED"), "{first}");
    assert!(first.contains("encrypted (SQLCipher"), "{first}");
    assert!(first.contains("SAID-WHERE"), "{first}");
    assert!(first.contains("DOCTOR-OK"), "{first}");
    assert!(first.contains("NO-KEY-REFUSED"), "{first}");
    // The demo's attendees are in the database, encrypted: none of their names shows.
    let bytes = std::fs::read(&db).expect("db");
    assert!(bytes.len() > 100_000, "the demo event is there");
    for name in [&b"Castillo"[..], b"Nadia", b"example.org"] {
        assert!(
            !bytes.windows(name.len()).any(|w| w == name),
            "the database holds {}",
            String::from_utf8_lossy(name)
        );
    }
    let key_files = home.join("config").join("entrada").join("keys");
    assert!(
        !key_files.exists()
            && !dir.path().read_dir().expect("dir").any(|e| e
                .ok()
                .is_some_and(|e| e.file_name().to_string_lossy().ends_with(".key"))),
        "no key file was written"
    );

    // A new session (a reboot, a new login): the keyring on disk still has the key.
    let second = in_session(&home, &db, SERVE_ONCE);
    assert!(second.contains("SERVED"), "{second}");
    assert!(!second.contains("NOT-SERVED"), "{second}");
}

/// With `--secret-store`, the remote's client secret goes to the secret store, not the
/// database (which here is plain, so its bytes show what a table would hold); a sync
/// round takes it from the store and reaches the remote.
#[test]
fn the_remote_client_secret_lives_in_the_secret_store_and_a_round_uses_it() {
    if !keyring_available() {
        return;
    }
    let (remote, event, client_id, secret) = remote_with_client();
    let (_dir, home, db) = kiosk_dirs();
    // A plain database (--no-encryption) shows in its bytes what a table would hold.
    let script = format!(
        "\"$ENTRADA\" users list --db \"$DB\" --no-encryption >/dev/null && \
         printf '%s\\n' '{secret}' | \"$ENTRADA\" sync configure --db \"$DB\" --secret-store \
         --base-url '{api}' --auth-url '{base}' --client-id '{client_id}' \
         --client-secret-stdin --events {event} >/dev/null && echo CONFIGURED\n\
         \"$ENTRADA\" sync run --db \"$DB\" && echo SYNCED",
        api = remote.api,
        base = remote.base,
    );
    let said = in_session(&home, &db, &script);
    assert!(said.contains("CONFIGURED"), "{said}");
    assert!(
        said.contains("SYNCED"),
        "a round with the secret from the store: {said}"
    );
    assert_secret_only_in_store(&db, &secret);
    // The round brought the remote's event.
    let events: i64 = rusqlite::Connection::open(&db)
        .and_then(|c| c.query_row("SELECT count(*) FROM events", [], |r| r.get(0)))
        .expect("events");
    assert_eq!(events, 1, "{said}");
}

/// A client secret stored in the table before the secret store was used (here: while the
/// store was turned off) moves into the store at the next start that has one; the table
/// then keeps none, in no byte of the file, and a round still reaches the remote.
#[test]
fn a_client_secret_stored_in_the_table_moves_into_the_secret_store_at_start() {
    if !keyring_available() {
        return;
    }
    let (remote, event, client_id, secret) = remote_with_client();
    let (_dir, home, db) = kiosk_dirs();
    let script = format!(
        "\"$ENTRADA\" users list --db \"$DB\" --no-encryption >/dev/null && \
         printf '%s\\n' '{secret}' | ENTRADA_SECRET_STORE=0 \"$ENTRADA\" sync configure \
         --db \"$DB\" --base-url '{api}' --auth-url '{base}' --client-id '{client_id}' \
         --client-secret-stdin --events {event} >/dev/null && echo CONFIGURED\n\
         \"$ENTRADA\" serve --db \"$DB\" --secret-store --bind 127.0.0.1:0 --sync-interval 0 \
           >\"$DB.out\" 2>\"$DB.err\" &\n\
         pid=$!\n\
         for i in $(seq 1 100); do grep -q 'moved the remote' \"$DB.err\" && break; sleep 0.1; done\n\
         grep -q 'moved the remote' \"$DB.err\" && echo MOVED || cat \"$DB.err\"\n\
         kill -TERM \"$pid\"; wait \"$pid\"\n\
         \"$ENTRADA\" sync run --db \"$DB\" && echo SYNCED",
        api = remote.api,
        base = remote.base,
    );
    let said = in_session(&home, &db, &script);
    assert!(said.contains("CONFIGURED"), "{said}");
    assert!(said.contains("MOVED"), "{said}");
    assert!(said.contains("SYNCED"), "{said}");
    assert_secret_only_in_store(&db, &secret);
}

//! Encryption at rest (issue 19): with a key, neither the database, its WAL nor a backup
//! holds an attendee's name or email; the server starts again with its key file or
//! `ENTRADA_DB_KEY`; a wrong or missing key is refused with a clear message and nothing
//! changes; `entrada encrypt` converts a plain database of 10,000 attendees in place
//! and keeps every record.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{BIN, Server};
use serde_json::json;

const NAME: &[u8] = b"Quarrington";
const EMAIL: &[u8] = b"zq-unique@example.org";

fn contains(path: &Path, needle: &[u8]) -> bool {
    std::fs::read(path)
        .map(|bytes| bytes.windows(needle.len()).any(|w| w == needle))
        .unwrap_or(false)
}

fn sidecar(db: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

fn entrada(args: &[&str], env_key: Option<&str>) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_DB_KEY")
        .env_remove("ENTRADA_DB_KEY_FILE");
    if let Some(key) = env_key {
        command.env("ENTRADA_DB_KEY", key);
    }
    command.output().expect("run entrada")
}

fn said(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn add_person(s: &Server, t: &str) -> i64 {
    let event = s.event(t, "Encrypted");
    s.attendee(
        t,
        event,
        json!({"first_name": "Zebulon", "last_name": "Quarrington",
               "email": "zq-unique@example.org", "qr_code": "ZQ-1"}),
    );
    event
}

#[test]
fn an_encrypted_kiosk_keeps_no_name_in_its_files_and_starts_again_with_its_key() {
    let keys = tempfile::tempdir().expect("dir");
    let key_file = keys.path().join("kiosk.key");
    let key_arg = key_file.to_string_lossy().into_owned();
    let s = Server::start_with(&["--key-file", &key_arg]);
    let key = std::fs::read_to_string(&key_file).expect("a key file made at first start");
    assert_eq!(key.trim().len(), 64, "64 hex digits");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file)
            .expect("key")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the key file is owner-only");
    }
    let t = s.token("read write check_in");
    let event = add_person(&s, &t);
    assert_eq!(s.scan(&t, event, "ZQ-1", "check_in")["outcome"], "ok");
    // The remote's client secret, stored by `sync configure`.
    let secret = "ent_cs_ZQremoteSecretZQ";
    let configured = entrada_with_input(
        &[
            "sync",
            "configure",
            "--base-url",
            "https://remote.example.org/api/v2",
            "--auth-url",
            "https://remote.example.org",
            "--client-id",
            "ent_ci_kiosk",
            "--client-secret-stdin",
            "--events",
            "1",
            "--db",
            &s.db.to_string_lossy(),
            "--key-file",
            &key_arg,
        ],
        &format!("{secret}\n"),
    );
    assert!(configured.status.success(), "{}", said(&configured));
    // While serving, the new records are in the WAL: encrypted there too.
    let wal = sidecar(&s.db, "-wal");
    assert!(std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0), "a WAL");
    for file in [&s.db, &wal] {
        assert!(!contains(file, NAME), "{} holds the name", file.display());
        assert!(!contains(file, EMAIL), "{} holds the email", file.display());
        assert!(
            !contains(file, secret.as_bytes()),
            "{} holds the remote's secret",
            file.display()
        );
    }
    let backup = keys.path().join("backup.db");
    let out = s.cli(&[
        "backup",
        "--to",
        &backup.to_string_lossy(),
        "--key-file",
        &key_arg,
    ]);
    assert!(out.status.success(), "{}", said(&out));
    assert!(!contains(&backup, NAME) && !contains(&backup, EMAIL));
    let doctor = entrada(
        &[
            "doctor",
            "--db",
            &backup.to_string_lossy(),
            "--key-file",
            &key_arg,
        ],
        None,
    );
    assert!(doctor.status.success(), "{}", said(&doctor));
    assert!(
        said(&doctor).contains("encrypted (SQLCipher"),
        "{}",
        said(&doctor)
    );

    let dir = s.stop_keeping_files();
    let db = dir.path().join("entrada.db");
    assert!(
        !contains(&db, NAME) && !contains(&db, EMAIL),
        "after a clean stop"
    );
    // Again with the key file, then with the key in ENTRADA_DB_KEY.
    let s = Server::start_in(dir, &["--key-file", &key_arg]);
    let t = s.token("read");
    let list = s.get(&format!("/events/{event}/attendees"), &t).json();
    assert_eq!(list["items"][0]["last_name"], "Quarrington", "{list}");
    let dir = s.stop_keeping_files();
    let out = entrada(
        &[
            "doctor",
            "--db",
            &dir.path().join("entrada.db").to_string_lossy(),
        ],
        Some(key.trim()),
    );
    assert!(out.status.success(), "{}", said(&out));
}

#[test]
fn a_missing_or_wrong_key_is_refused_and_nothing_changes() {
    let keys = tempfile::tempdir().expect("dir");
    let key_file = keys.path().join("kiosk.key");
    let key_arg = key_file.to_string_lossy().into_owned();
    let s = Server::start_with(&["--key-file", &key_arg]);
    let t = s.token("read write");
    add_person(&s, &t);
    let dir = s.stop_keeping_files();
    let db = dir.path().join("entrada.db");
    let db_arg = db.to_string_lossy().into_owned();
    let before = std::fs::read(&db).expect("db");

    let serve = |extra: &[&str], env_key: Option<&str>| {
        let mut args = vec!["serve", "--db", &db_arg, "--bind", "127.0.0.1:0"];
        args.extend_from_slice(extra);
        entrada(&args, env_key)
    };
    let out = serve(&[], None);
    assert!(!out.status.success());
    assert!(said(&out).contains("is encrypted"), "{}", said(&out));

    let wrong = keys.path().join("wrong.key");
    let wrong_arg = wrong.to_string_lossy().into_owned();
    let out = entrada(
        &[
            "encrypt",
            "--db",
            "/nonexistent/x.db",
            "--key-file",
            &wrong_arg,
        ],
        None,
    );
    assert!(!out.status.success(), "no database there");
    assert!(wrong.exists(), "a key was made for the conversion");
    let out = serve(&["--key-file", &wrong_arg], None);
    assert!(!out.status.success());
    assert!(
        said(&out).contains("does not open"),
        "a clear message: {}",
        said(&out)
    );
    let out = serve(&[], Some(&"0".repeat(64)));
    assert!(said(&out).contains("does not open"), "{}", said(&out));
    let out = serve(&[], Some("not a key"));
    assert!(said(&out).contains("ENTRADA_DB_KEY"), "{}", said(&out));
    assert_eq!(std::fs::read(&db).expect("db"), before, "nothing changed");
    assert!(
        !sidecar(&db, "-wal").exists()
            || std::fs::metadata(sidecar(&db, "-wal")).is_ok_and(|m| m.len() == 0),
        "nothing written"
    );

    // A key file others can read is refused.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let out = serve(&["--key-file", &key_arg], None);
        assert!(
            said(&out).contains("readable by other users"),
            "{}",
            said(&out)
        );
    }
}

#[test]
fn a_plain_database_of_ten_thousand_attendees_is_encrypted_in_place() {
    // A plain database, as an earlier version (or --no-encryption) made it.
    let s = Server::start_with(&["--no-encryption"]);
    let t = s.token("read write check_in");
    let event = add_person(&s, &t);
    let mut csv = String::from("first_name,last_name,email\n");
    for i in 1..10_000 {
        csv.push_str(&format!("Person{i},Family{i},p{i}@example.org\n"));
    }
    let dir = s.db.parent().expect("dir").to_path_buf();
    let file = dir.join("people.csv");
    std::fs::write(&file, csv).expect("csv");
    let out = s.cli(&[
        "import",
        "attendees",
        "--event",
        &event.to_string(),
        &file.to_string_lossy(),
    ]);
    assert!(out.status.success(), "{}", said(&out));
    assert_eq!(s.attendee_count(&t, event), 10_000);
    assert_eq!(s.scan(&t, event, "ZQ-1", "check_in")["outcome"], "ok");
    std::fs::remove_file(&file).expect("remove the csv");

    // Refused while the server holds the database.
    let key_file = dir.join("kiosk.key");
    let key_arg = key_file.to_string_lossy().into_owned();
    let busy = s.cli(&["encrypt", "--key-file", &key_arg]);
    assert!(!busy.status.success());
    assert!(said(&busy).contains("stop it"), "{}", said(&busy));

    let dir = s.stop_keeping_files();
    let db = dir.path().join("entrada.db");
    assert!(contains(&db, NAME), "plain before");
    let out = entrada(
        &[
            "encrypt",
            "--db",
            &db.to_string_lossy(),
            "--key-file",
            &key_arg,
        ],
        None,
    );
    assert!(out.status.success(), "{}", said(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON line");
    assert_eq!(report["attendees"], 10_000, "{report}");
    assert!(
        !contains(&db, NAME) && !contains(&db, EMAIL),
        "encrypted after"
    );
    assert!(!contains(&db, b"Family9999"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".plain") || n.contains(".encrypting"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "the plain copy is gone: {leftovers:?}"
    );
    let again = entrada(
        &[
            "encrypt",
            "--db",
            &db.to_string_lossy(),
            "--key-file",
            &key_arg,
        ],
        None,
    );
    assert!(
        said(&again).contains("already encrypted"),
        "{}",
        said(&again)
    );

    let s = Server::start_in(dir, &["--key-file", &key_arg]);
    let t = s.token("read check_in");
    assert_eq!(s.attendee_count(&t, event), 10_000, "every record");
    let found = s
        .get(&format!("/events/{event}/attendees?q=Family9999"), &t)
        .json();
    assert_eq!(found["metadata"]["total_count"], 1, "{found}");
    let again = s.scan(&t, event, "ZQ-1", "check_in");
    assert_eq!(
        again["outcome"], "already_checked_in",
        "the history came along"
    );
}

/// Runs `entrada <args>` with `stdin` as its standard input (not a terminal: the
/// passphrase is read as one line).
fn entrada_with_input(args: &[&str], stdin: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(BIN)
        .args(args)
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_DB_KEY")
        .env_remove("ENTRADA_DB_KEY_FILE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run entrada");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}

#[test]
fn a_backup_made_with_a_passphrase_is_restored_on_another_computer() {
    let here = tempfile::tempdir().expect("dir");
    let key_here = here.path().join("here.key").to_string_lossy().into_owned();
    let s = Server::start_with(&["--key-file", &key_here]);
    let t = s.token("read write check_in");
    let event = add_person(&s, &t);
    assert_eq!(s.scan(&t, event, "ZQ-1", "check_in")["outcome"], "ok");
    let stick = here.path().join("stick/kiosk.db");
    let stick_arg = stick.to_string_lossy().into_owned();
    let db_arg = s.db.to_string_lossy().into_owned();

    let short = entrada_with_input(
        &[
            "backup",
            "--to",
            &stick_arg,
            "--passphrase",
            "--db",
            &db_arg,
            "--key-file",
            &key_here,
        ],
        "short\n",
    );
    assert!(!short.status.success());
    assert!(
        said(&short).contains("at least 10 characters"),
        "{}",
        said(&short)
    );
    // Made while the server runs.
    let made = entrada_with_input(
        &[
            "backup",
            "--to",
            &stick_arg,
            "--passphrase",
            "--db",
            &db_arg,
            "--key-file",
            &key_here,
        ],
        "correct horse battery staple\n",
    );
    assert!(made.status.success(), "{}", said(&made));
    assert!(
        !contains(&stick, NAME) && !contains(&stick, EMAIL),
        "encrypted"
    );
    // The kiosk's own key does not open it: the passphrase does.
    let own = entrada(
        &["doctor", "--db", &stick_arg, "--key-file", &key_here],
        None,
    );
    assert!(!own.status.success(), "{}", said(&own));

    let there = tempfile::tempdir().expect("another computer");
    let db_there = there.path().join("entrada.db");
    let db_there_arg = db_there.to_string_lossy().into_owned();
    let key_there = there
        .path()
        .join("there.key")
        .to_string_lossy()
        .into_owned();
    let restore = |passphrase: &str| {
        entrada_with_input(
            &[
                "restore",
                "--from",
                &stick_arg,
                "--db",
                &db_there_arg,
                "--key-file",
                &key_there,
            ],
            passphrase,
        )
    };
    let wrong = restore("not the right passphrase\n");
    assert!(!wrong.status.success());
    assert!(said(&wrong).contains("does not open"), "{}", said(&wrong));
    assert!(
        std::fs::metadata(&db_there).map_or(true, |m| m.len() == 0),
        "nothing was restored"
    );
    let right = restore("correct horse battery staple\n");
    assert!(right.status.success(), "{}", said(&right));
    assert!(
        !contains(&db_there, NAME),
        "encrypted with the new computer's key"
    );

    drop(s);
    let s = Server::start_in(there, &["--key-file", &key_there]);
    let t = s.token("read check_in");
    let list = s.get(&format!("/events/{event}/attendees"), &t).json();
    assert_eq!(list["items"][0]["last_name"], "Quarrington", "{list}");
    assert_eq!(
        s.scan(&t, event, "ZQ-1", "check_in")["outcome"],
        "already_checked_in",
        "the door's history came along"
    );
}

/// `entrada` as a person runs it on a computer without a secret store: the default key
/// file goes to this configuration directory.
fn by_default(config: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .env("XDG_CONFIG_HOME", config)
        .env("ENTRADA_SECRET_STORE", "0")
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_DB_KEY")
        .env_remove("ENTRADA_DB_KEY_FILE")
        .env_remove("ENTRADA_NO_ENCRYPTION");
    command
}

fn is_plain(db: &Path) -> bool {
    std::fs::read(db).is_ok_and(|b| b.starts_with(b"SQLite format 3\0"))
}

/// Serves `db` until it listens, runs `while_up`, stops it; returns what serve logged.
fn serve_once(config: &Path, db: &Path, while_up: impl FnOnce()) -> String {
    use std::io::{BufRead as _, Read as _};
    let db_arg = db.to_string_lossy().into_owned();
    let mut child = by_default(config, &["serve", "--db", &db_arg, "--bind", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start serve");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("first line");
    let listening = first.starts_with("listening on");
    if listening {
        while_up();
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let mut logged = String::new();
    let _ = child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut logged);
    let _ = child.wait();
    assert!(listening, "serve did not start: {first}{logged}");
    logged
}

/// Without any flag a new database is encrypted (SQLCipher) from its first start, its key
/// kept in an owner-only key file of the configuration directory where there is no secret
/// store, and every command finds it there; without that file nothing opens it.
/// `--no-encryption` makes a plain database, which stays plain (with a warning) until
/// `entrada encrypt`, with no flag either, encrypts it with a key kept the same way.
#[test]
fn a_new_database_is_encrypted_by_default_and_every_command_finds_its_key() {
    let dir = tempfile::tempdir().expect("dir");
    let config = dir.path().join("config");
    let db = dir.path().join("kiosk.db");
    let db_arg = db.to_string_lossy().into_owned();

    let logged = serve_once(&config, &db, || {
        let out = by_default(&config, &["users", "list", "--db", &db_arg])
            .output()
            .expect("users list");
        assert!(out.status.success(), "{}", said(&out));
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("ERROR"),
            "a command beside the server logs no error: {}",
            said(&out)
        );
    });
    assert!(!is_plain(&db), "a new database is encrypted");
    let keys = config.join("entrada").join("keys");
    let key_files: Vec<_> = std::fs::read_dir(&keys)
        .expect("the key directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    assert_eq!(key_files.len(), 1, "{key_files:?}");
    let key_file = &key_files[0];
    let name = key_file.file_name().expect("name").to_string_lossy();
    assert!(
        name.starts_with("kiosk.db-") && name.ends_with(".key"),
        "{name}"
    );
    use std::os::unix::fs::PermissionsExt as _;
    let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode(key_file), 0o600);
    assert_eq!(mode(&keys), 0o700);
    assert!(
        logged.contains("kept in the key file"),
        "the log says where the key is: {logged}"
    );
    let key_text = std::fs::read_to_string(key_file).expect("key");
    assert!(!logged.contains(key_text.trim()), "the key is never logged");

    let doctor = by_default(&config, &["doctor", "--db", &db_arg])
        .output()
        .expect("doctor");
    assert!(doctor.status.success(), "{}", said(&doctor));
    assert!(said(&doctor).contains("encrypted (SQLCipher"));

    // Without its key file nothing opens it, and nothing is changed.
    let aside = dir.path().join("aside.key");
    std::fs::rename(key_file, &aside).expect("move the key away");
    let before = std::fs::read(&db).expect("bytes");
    let refused = by_default(
        &config,
        &["serve", "--db", &db_arg, "--bind", "127.0.0.1:0"],
    )
    .output()
    .expect("serve without its key");
    assert!(!refused.status.success());
    assert!(
        said(&refused).contains("is encrypted, or damaged"),
        "{}",
        said(&refused)
    );
    assert_eq!(
        std::fs::read(&db).expect("bytes"),
        before,
        "nothing changed"
    );
    std::fs::rename(&aside, key_file).expect("the key back");
    serve_once(&config, &db, || {});

    // --no-encryption: a plain database, which stays plain when served without the flag.
    let plain = dir.path().join("plain.db");
    let plain_arg = plain.to_string_lossy().into_owned();
    let made = by_default(
        &config,
        &["users", "list", "--db", &plain_arg, "--no-encryption"],
    )
    .output()
    .expect("users list");
    assert!(made.status.success(), "{}", said(&made));
    assert!(is_plain(&plain));
    let logged = serve_once(&config, &plain, || {});
    assert!(
        logged.contains("the database is not encrypted"),
        "a warning: {logged}"
    );
    assert!(is_plain(&plain), "served as it is");
    let encrypted = by_default(&config, &["encrypt", "--db", &plain_arg])
        .output()
        .expect("encrypt");
    assert!(encrypted.status.success(), "{}", said(&encrypted));
    assert!(!is_plain(&plain));
    assert_eq!(
        std::fs::read_dir(&keys).expect("keys").count(),
        2,
        "its key is kept beside the first one"
    );
    let doctor = by_default(&config, &["doctor", "--db", &plain_arg])
        .output()
        .expect("doctor");
    assert!(doctor.status.success(), "{}", said(&doctor));
    assert!(said(&doctor).contains("encrypted (SQLCipher"));
}

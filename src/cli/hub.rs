//! `entrada hub`: the venue hub as seen from a kiosk (HUB.md). `hub find` lists the hubs
//! advertised on the LAN (for scripts, and for checking a venue's network before the
//! doors open); `hub join` enrols this kiosk at one with a one-time code and configures
//! its sync, the command line's "Join the venue hub".

use std::time::Duration;

use clap::Subcommand;

use super::{DbArg, print_line, runtime};
use crate::error::{Error, Result};
use crate::hub::discovery;
use crate::hub::join::{self, Device, Joined, Way};
use crate::hub::pairing::{Code, PairingCard};

// Parsed once per run: the size of the largest variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum HubCommand {
    /// Look for hubs on the LAN (mDNS) and print one JSON object per hub found:
    /// {"name","hub_id","addresses","port","fingerprint_prefix"}. Prints nothing, and
    /// exits 0, when none answered.
    Find {
        /// How long to listen, in seconds.
        #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=600))]
        seconds: u64,
    },
    /// On the hub: make a pairing card with a new one-time code (valid 10 minutes, one
    /// use), for a hub without a screen. Prints {"name","url","urls","fingerprint",
    /// "code","expires_at","qr_text",...}; the kiosk joins with `entrada hub join` and the
    /// qr_text, or the code. The hub must have been started with `serve --hub` once.
    Code {
        /// The account whose events the kiosk mirrors [default: the first account]
        #[arg(long)]
        account: Option<i64>,
        #[command(flatten)]
        db: DbArg,
    },
    /// On the hub: the kiosks that joined it, one JSON object per line, newest first
    /// ({"account_id","client_id","name","door","joined_at","last_contact_at","pending",
    /// "revoked_at"}), revoked ones included; or, with --revoke CLIENT_ID, revoke one:
    /// its credentials and every token it holds stop working at once (it must join again
    /// to sync), printing {"client_id","revoked":true}. For a hub without a screen; the
    /// Venue hub screen does the same for an organiser.
    Devices {
        /// Revoke this joined kiosk (its client id, as listed) instead of listing.
        #[arg(long, value_name = "CLIENT_ID")]
        revoke: Option<String>,
        /// Only this account's kiosks [default: every account's]
        #[arg(long, conflicts_with = "revoke")]
        account: Option<i64>,
        #[command(flatten)]
        db: DbArg,
    },
    /// Join a venue hub with the one-time code of its pairing card, and sync with it:
    /// its certificate is pinned, this kiosk gets credentials of its own, and the hub's
    /// events are mirrored from the next round. Give the card's QR text, or the code
    /// with the hub's address (--url, and --fingerprint from the card), or the code
    /// alone to look for the hub on the LAN (--hub NAME when there are several).
    /// Prints {"hub_name","url","fingerprint","client_id","events"}.
    Join {
        /// The pairing card's QR text (`entrada-hub:?url=...`), as scanned.
        #[arg(value_name = "CARD", conflicts_with_all = ["url", "code", "fingerprint", "hub"])]
        card: Option<String>,
        /// The one-time code shown on the hub's pairing card.
        #[arg(long, value_name = "CODE", required_unless_present = "card")]
        code: Option<String>,
        /// The hub's address, e.g. https://10.0.0.5:7879 [default: found on the LAN]
        #[arg(long, value_name = "URL", requires = "fingerprint")]
        url: Option<String>,
        /// The hub's certificate fingerprint from its pairing card (64 hex digits,
        /// spaces allowed).
        #[arg(long, value_name = "HEX", requires = "url")]
        fingerprint: Option<String>,
        /// Which hub found on the LAN: its name or id [default: the only one found].
        #[arg(long, value_name = "NAME", conflicts_with = "url")]
        hub: Option<String>,
        /// How long to look for hubs on the LAN, in seconds.
        #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=600))]
        seconds: u64,
        /// This kiosk's name on the hub's Devices screen [default: the computer's name]
        #[arg(long, value_name = "NAME")]
        device_name: Option<String>,
        /// The door this kiosk stands at, shown on the hub's Devices screen.
        #[arg(long, value_name = "DOOR", default_value = "")]
        door: String,
        /// Local account to mirror into [default: the first account, made when there is
        /// none]
        #[arg(long)]
        account: Option<i64>,
        #[command(flatten)]
        db: DbArg,
    },
}

pub(super) fn hub_command(cmd: HubCommand) -> Result<()> {
    match cmd {
        HubCommand::Find { seconds } => {
            for found in discovery::browse(Duration::from_secs(seconds))? {
                print_line(&serde_json::to_value(found).map_err(Error::internal)?)?;
            }
            Ok(())
        }
        HubCommand::Devices {
            revoke: Some(client_id),
            db,
            ..
        } => {
            let id = client_id.clone();
            let found = db.open()?.write_blocking(move |conn| {
                let live =
                    crate::db::clients::find(conn, &id)?.is_some_and(|c| c.revoked_at.is_none());
                if !live || !crate::db::hub::is_device(conn, &id)? {
                    return Ok(false);
                }
                crate::db::clients::revoke(conn, &id)
            })?;
            if !found {
                return Err(Error::not_found(format_args!(
                    "joined kiosk {client_id} (see `entrada hub devices`)"
                )));
            }
            tracing::info!(client_id = %client_id, "joined kiosk revoked from the command line");
            print_line(&serde_json::json!({"client_id": client_id, "revoked": true}))
        }
        HubCommand::Devices {
            revoke: None,
            account,
            db,
        } => {
            let listed = db.open()?.read_blocking(move |conn| {
                let accounts: Vec<i64> = match account {
                    Some(id) => vec![super::resolve_account(conn, Some(id))?],
                    None => crate::db::accounts::list(conn)?
                        .into_iter()
                        .map(|a| a.id)
                        .collect(),
                };
                let mut all = Vec::new();
                for id in accounts {
                    for device in crate::db::hub::devices(conn, id)? {
                        all.push((id, device));
                    }
                }
                Ok(all)
            })?;
            for (account_id, device) in listed {
                let mut line = serde_json::to_value(&device).map_err(Error::internal)?;
                if let Some(object) = line.as_object_mut() {
                    object.insert("account_id".into(), account_id.into());
                }
                print_line(&line)?;
            }
            Ok(())
        }
        HubCommand::Code { account, db } => {
            let code = Code::generate();
            let key = code.key()?;
            let now = crate::domain::time::unix_now();
            let (hub, expires) = db.open()?.write_blocking(move |conn| {
                let Some(hub) = crate::hub::identity::last_started(conn)? else {
                    return Err(Error::Conflict(
                        "this database has not served as the venue hub: start it once with \
                         `entrada serve --hub`"
                            .into(),
                    ));
                };
                let account = super::resolve_account(conn, account)?;
                crate::db::hub::forget_old_codes(conn, now)?;
                let expires = crate::db::hub::insert_code(conn, &key, account, None, now)?;
                Ok((hub, expires))
            })?;
            let mut card = serde_json::to_value(PairingCard::new(&hub, &code, expires)?)
                .map_err(Error::internal)?;
            // A terminal has no use for the SVG.
            if let Some(card) = card.as_object_mut() {
                card.remove("qr_svg");
            }
            print_line(&card)
        }
        HubCommand::Join {
            card,
            code,
            url,
            fingerprint,
            hub,
            seconds,
            device_name,
            door,
            account,
            db,
        } => {
            let way = match (card, url, fingerprint) {
                (Some(card), _, _) => Way::Card(card),
                (None, Some(url), Some(fingerprint)) => Way::Address {
                    url,
                    fingerprint,
                    code: code.unwrap_or_default(),
                },
                _ => Way::Search {
                    code: code.unwrap_or_default(),
                    hub,
                    seconds: Duration::from_secs(seconds),
                },
            };
            let (target, code) = way.resolve()?;
            let device = Device {
                name: device_name.unwrap_or_else(join::computer_name),
                door,
            };
            // Before the code is spent: a kiosk that mirrors another remote may not join
            // (a database not made yet mirrors nothing, and is made only once joined).
            if db.path().exists() {
                let pin = target.pin.clone();
                db.open()?.read_blocking(move |conn| {
                    join::may_join(crate::db::sync::config(conn)?.as_ref(), &pin)
                })?;
            }
            let enrolment = runtime()?.block_on(join::enrol(&target, &code, &device))?;
            let key = db.load(crate::keystore::Make::ForNewDatabase)?;
            let in_store = db.secrets_in_store(&key);
            if in_store {
                let secret = zeroize::Zeroizing::new(enrolment.client_secret.clone());
                crate::keystore::keep_remote_secret(&db.path(), &secret)?;
            }
            let opened = crate::db::Db::open_with(
                &crate::db::DbFile::with_key(db.path(), key.key),
                crate::db::CacheSizes::SERVER,
            )?;
            let hub_name = enrolment.hub_name.clone();
            let stored = opened.write_blocking(move |conn| {
                let account = match account {
                    Some(id) => super::resolve_account(conn, Some(id))?,
                    None => match crate::db::accounts::first(conn)? {
                        Some(a) => a.id,
                        None => crate::db::accounts::create(conn, &hub_name)?.id,
                    },
                };
                join::save(conn, &enrolment, account, in_store)
            })?;
            let joined = Joined::of(&stored)
                .ok_or_else(|| Error::internal("the joined hub was not stored"))?;
            print_line(&serde_json::to_value(joined).map_err(Error::internal)?)
        }
    }
}

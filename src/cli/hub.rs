//! `entrada hub`: the venue hub as seen from a kiosk (HUB.md). `hub find` lists the hubs
//! advertised on the LAN (for scripts, and for checking a venue's network before the
//! doors open); `hub join` enrols this kiosk at one with a one-time code and configures
//! its sync, the command line's "Join the venue hub".

use std::time::Duration;

use clap::Subcommand;

use super::{DbArg, print_line, runtime};
use crate::error::{Error, Result};
use crate::hub::discovery::{self, Found};
use crate::hub::join::{self, Device, Target};
use crate::hub::pairing::{Card, Code, PairingCard, hub_url};
use crate::hub::tls::Pin;

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
        HubCommand::Code { account, db } => {
            let code = Code::generate();
            let key = code.key();
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
            let (target, code) = match (card, url, fingerprint) {
                (Some(card), _, _) => {
                    let card = Card::parse(&card)?;
                    (
                        Target {
                            url: card.url,
                            pin: Pin::Full(card.fingerprint),
                        },
                        card.code,
                    )
                }
                (None, Some(url), Some(fingerprint)) => (
                    Target {
                        url: hub_url(&url)?,
                        pin: Pin::Full(crate::hub::identity::parse_fingerprint(&fingerprint)?),
                    },
                    Code::parse(code.as_deref().unwrap_or_default())?,
                ),
                _ => {
                    // The code is checked before the LAN is searched: a typo fails at once.
                    let code = Code::parse(code.as_deref().unwrap_or_default())?;
                    let found = discovery::browse(Duration::from_secs(seconds))?;
                    (found_target(&pick(found, hub.as_deref())?)?, code)
                }
            };
            let device = Device {
                name: device_name.unwrap_or_else(computer_name),
                door,
            };
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
            print_line(&serde_json::json!({
                "hub_name": stored.hub_name,
                "url": stored.auth_url,
                "fingerprint": stored.pinned_fingerprint,
                "client_id": stored.client_id,
                "events": stored.events,
            }))
        }
    }
}

/// The hub to join among those found: the one named (by name or id), or the only one.
fn pick(found: Vec<Found>, wanted: Option<&str>) -> Result<Found> {
    let names = || {
        found
            .iter()
            .map(|f| format!("\"{}\" ({})", f.name, f.hub_id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match wanted {
        Some(w) => found
            .iter()
            .find(|f| f.name == w || f.hub_id == w)
            .cloned()
            .ok_or_else(|| {
                Error::not_found(format_args!(
                    "hub \"{w}\" (found on the LAN: {})",
                    if found.is_empty() {
                        "none".into()
                    } else {
                        names()
                    }
                ))
            }),
        None => match found.len() {
            0 => Err(Error::not_found(
                "a hub on the LAN (is it started with --hub, on this network? or give \
                 --url and --fingerprint from its pairing card)",
            )),
            1 => Ok(found
                .into_iter()
                .next()
                .ok_or_else(|| Error::internal("vanished"))?),
            _ => Err(Error::invalid(format!(
                "several hubs answered: {}; choose one with --hub NAME",
                names()
            ))),
        },
    }
}

/// How to reach a hub found on the LAN: its first address, trusted by the fingerprint's
/// prefix that its record gave (the enrolment's proofs then authenticate it).
fn found_target(found: &Found) -> Result<Target> {
    let ip = found
        .addresses
        .first()
        .ok_or_else(|| Error::not_found(format_args!("an address of hub {}", found.name)))?;
    Ok(Target {
        url: format!("https://{}", std::net::SocketAddr::new(*ip, found.port)),
        pin: Pin::Prefix(found.fingerprint_prefix.to_lowercase()),
    })
}

/// The computer's name, for the hub's Devices screen.
fn computer_name() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "Entrada kiosk".into())
}

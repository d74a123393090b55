//! The sync's configuration as a person gives it (`entrada sync configure`, the UI's Sync
//! screen), parsed once into [`Settings`]: every problem is reported at once, in the
//! spec's 422 shape, and nothing half-checked reaches the database.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{Error, Problem, Problems, Result};

/// `PUT /kiosk/sync/config` body item.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SettingsInput {
    /// The remote's `{base_url}`, ending in `/api/v2`.
    pub base_url: Option<String>,
    /// The host root that serves `/oauth/token`.
    pub auth_url: Option<String>,
    pub client_id: Option<String>,
    /// Write-only: never returned. Omit it to keep the stored secret.
    pub client_secret: Option<String>,
    /// Remote event ids to mirror.
    pub events: Option<Vec<i64>>,
}

/// What `GET /kiosk/sync/config` answers: the configuration without the secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsView {
    pub configured: bool,
    #[schema(required = true)]
    pub base_url: Option<String>,
    #[schema(required = true)]
    pub auth_url: Option<String>,
    #[schema(required = true)]
    pub client_id: Option<String>,
    /// Whether a secret is stored (the secret itself is never returned).
    pub client_secret_set: bool,
    pub events: Vec<i64>,
    /// The local account the events are mirrored into.
    #[schema(required = true)]
    pub account_id: Option<i64>,
    /// When the configuration was last saved (RFC 3339, UTC); null when there is none.
    #[schema(required = true, format = DateTime)]
    pub updated_at: Option<String>,
}

impl SettingsView {
    pub fn of(config: Option<&crate::db::sync::StoredConfig>) -> SettingsView {
        match config {
            None => SettingsView {
                configured: false,
                base_url: None,
                auth_url: None,
                client_id: None,
                client_secret_set: false,
                events: vec![],
                account_id: None,
                updated_at: None,
            },
            Some(c) => SettingsView {
                configured: true,
                base_url: Some(c.base_url.clone()),
                auth_url: Some(c.auth_url.clone()),
                client_id: Some(c.client_id.clone()),
                client_secret_set: c.secret_in_store || !c.client_secret.is_empty(),
                events: c.events.clone(),
                account_id: Some(c.account_id),
                updated_at: Some(c.updated_at.clone()),
            },
        }
    }
}

/// A checked configuration.
#[derive(Clone)]
pub struct Settings {
    pub base_url: String,
    pub auth_url: String,
    pub client_id: String,
    pub client_secret: Option<String>,
    pub events: Vec<i64>,
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("base_url", &self.base_url)
            .field("auth_url", &self.auth_url)
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "[hidden]"),
            )
            .field("events", &self.events)
            .finish()
    }
}

/// Whether the client secret may be sent to `url`: over https, or over plain http only to
/// this computer (a test server, a tunnel's local end). Plain http anywhere else would
/// send the secret and every attendee in clear across the network.
pub fn secure_transport(url: &url::Url) -> bool {
    match url.scheme() {
        "https" => true,
        "http" => match url.host() {
            Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => false,
        },
        _ => false,
    }
}

fn http_url(
    problems: &mut Problems,
    member: &'static str,
    value: Option<String>,
) -> Option<url::Url> {
    let Some(text) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) else {
        problems.push(Problem::member(member, "is required"));
        return None;
    };
    match url::Url::parse(&text) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => {
            if !u.username().is_empty() || u.password().is_some() {
                problems.push(Problem::member(
                    member,
                    "must not carry credentials (use client_id and client_secret)",
                ));
                return None;
            }
            if !secure_transport(&u) {
                problems.push(Problem::member(
                    member,
                    "must use https (plain http only to this computer: \
                     localhost or 127.0.0.1): the client secret would travel in clear",
                ));
                return None;
            }
            Some(u)
        }
        _ => {
            problems.push(Problem::member(member, "must be an http or https URL"));
            None
        }
    }
}

/// The `--events` list of the command line.
#[derive(Debug, Clone)]
pub struct EventIds(pub Vec<i64>);

impl EventIds {
    pub fn parse(text: &str) -> std::result::Result<EventIds, String> {
        parse_events(text).map(EventIds)
    }
}

/// Parses the events list of the command line: `12,15`.
pub fn parse_events(text: &str) -> std::result::Result<Vec<i64>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("`{s}` is not an event id"))
        })
        .collect()
}

impl SettingsInput {
    /// Checks everything; `secret_stored` tells whether an omitted secret is fine.
    pub fn parse(self, secret_stored: bool) -> Result<Settings> {
        let mut problems = Problems::new();
        let base = http_url(&mut problems, "base_url", self.base_url);
        let base_url = base.map(|u| u.as_str().trim_end_matches('/').to_owned());
        if let Some(b) = &base_url
            && !b.ends_with("/api/v2")
        {
            problems.push(Problem::member(
                "base_url",
                "must end in /api/v2 (the v2 root)",
            ));
        }
        let auth_url = http_url(&mut problems, "auth_url", self.auth_url)
            .map(|u| u.as_str().trim_end_matches('/').to_owned());
        let client_id = self
            .client_id
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty());
        if client_id.is_none() {
            problems.push(Problem::member("client_id", "is required"));
        }
        let client_secret = self.client_secret.filter(|s| !s.is_empty());
        if client_secret.is_none() && !secret_stored {
            problems.push(Problem::member("client_secret", "is required"));
        }
        let events = self.events.unwrap_or_default();
        if events.is_empty() {
            problems.push(Problem::member(
                "events",
                "must name at least one remote event id",
            ));
        }
        if events.iter().any(|e| *e <= 0) {
            problems.push(Problem::member("events", "must be positive event ids"));
        }
        let mut unique = events.clone();
        unique.sort_unstable();
        unique.dedup();
        if problems.is_empty() {
            Ok(Settings {
                base_url: base_url.unwrap_or_default(),
                auth_url: auth_url.unwrap_or_default(),
                client_id: client_id.unwrap_or_default(),
                client_secret,
                events: unique,
            })
        } else {
            Err(problems.into_error())
        }
    }
}

impl Settings {
    /// Stores the settings for `account_id` (one write, the secret kept when omitted).
    /// `in_store`: the caller has put the secret in the OS secret store
    /// ([`crate::keystore::keep_remote_secret`]); the table keeps none.
    pub fn save(
        &self,
        conn: &rusqlite::Connection,
        account_id: i64,
        in_store: bool,
    ) -> Result<crate::db::sync::StoredConfig> {
        use crate::db::sync::SecretAt;
        if crate::db::accounts::get(conn, account_id)?.is_none() {
            return Err(Error::invalid(format!(
                "account {account_id} does not exist"
            )));
        }
        crate::db::sync::save_config(
            conn,
            &self.base_url,
            &self.auth_url,
            &self.client_id,
            match (self.client_secret.as_deref(), in_store) {
                (Some(_), true) => SecretAt::InStore,
                (Some(secret), false) => SecretAt::Here(secret),
                (None, _) => SecretAt::Kept,
            },
            &self.events,
            account_id,
            None,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> SettingsInput {
        SettingsInput {
            base_url: Some("https://remote.example.com/api/v2/".into()),
            auth_url: Some("https://remote.example.com".into()),
            client_id: Some("kiosk".into()),
            client_secret: Some("s3cret".into()),
            events: Some(vec![3, 1, 3]),
        }
    }

    #[test]
    fn parses_and_normalises() {
        let s = input().parse(false).expect("valid");
        assert_eq!(s.base_url, "https://remote.example.com/api/v2");
        assert_eq!(s.events, vec![1, 3]);
        assert!(!format!("{s:?}").contains("s3cret"));
    }

    #[test]
    fn reports_every_problem() {
        let bad = SettingsInput {
            base_url: Some("ftp://x/api".into()),
            auth_url: None,
            client_id: Some(" ".into()),
            client_secret: None,
            events: Some(vec![]),
        };
        let Err(Error::Validation(problems)) = bad.parse(false) else {
            panic!("expected 422");
        };
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert!(parse_events("1, 2,x").is_err());
        assert_eq!(parse_events("4,5"), Ok(vec![4, 5]));
    }
}

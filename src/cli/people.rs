//! `entrada accounts`, `clients` and `users`: who may use the API and sign in.

use clap::Subcommand;
use serde_json::json;

use super::{DbArg, print_line, resolve_account};
use crate::auth::secrets::{self, ClientCredentials};
use crate::db::{accounts, clients, users};
use crate::domain::scope::ScopeSet;
use crate::domain::user::Role;
use crate::error::{At, Error, Result};

#[derive(Debug, Subcommand)]
pub enum AccountsCommand {
    /// Create an account; prints {"id", "name"}.
    Create {
        #[arg(long)]
        name: String,
        #[command(flatten)]
        db: DbArg,
    },
    /// List accounts, one JSON object per line.
    List {
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum ClientsCommand {
    /// Create a client; prints {"client_id", "client_secret"}. The secret is shown once.
    /// With --public, prints {"client_id"}: a public client has no secret.
    Create {
        #[arg(long)]
        name: String,
        /// Space-separated scopes the client may ask for: read, write, check_in.
        #[arg(long, default_value = "read")]
        scopes: String,
        /// A public client (a browser or native app): no secret; authorization code
        /// with PKCE only.
        #[arg(long)]
        public: bool,
        /// Where a public client may be sent back after sign-in. Repeatable; loopback
        /// addresses match on any port.
        #[arg(long = "redirect-uri", value_name = "URI")]
        redirect_uri: Vec<String>,
        /// Account the client belongs to [default: the first account]
        #[arg(long)]
        account: Option<i64>,
        #[command(flatten)]
        db: DbArg,
    },
    /// List clients, one JSON object per line (never secrets).
    List {
        #[command(flatten)]
        db: DbArg,
    },
    /// Revoke a client and every token it holds, at once.
    Revoke {
        client_id: String,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// Create a user (or add a membership to an existing one); the password is read from
    /// stdin, a trailing newline dropped. Prints {"id", "email"}.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        account: i64,
        /// organiser (read write check_in) or door (read check_in)
        #[arg(long)]
        role: String,
        /// Read the password from standard input (required: passwords never go on the
        /// command line, where other users and shell history can see them).
        #[arg(long, required = true)]
        password_stdin: bool,
        #[command(flatten)]
        db: DbArg,
    },
    /// List users with their accounts and roles, one JSON object per line.
    List {
        #[command(flatten)]
        db: DbArg,
    },
    /// Disable a user (by email or id) and revoke every token they hold.
    Disable {
        user: String,
        #[command(flatten)]
        db: DbArg,
    },
}

pub(super) fn accounts_command(cmd: AccountsCommand) -> Result<()> {
    match cmd {
        AccountsCommand::Create { name, db } => {
            let name = crate::domain::text::required_text(&At::outside("--name"), &name, 200)?;
            let account = db
                .open()?
                .write_blocking(move |conn| accounts::create(conn, &name))?;
            print_line(&json!({"id": account.id, "name": account.name}))
        }
        AccountsCommand::List { db } => {
            for account in db.open()?.read_blocking(accounts::list)? {
                print_line(
                    &json!({"id": account.id, "name": account.name, "created_at": account.created_at}),
                )?;
            }
            Ok(())
        }
    }
}

pub(super) fn clients_command(cmd: ClientsCommand) -> Result<()> {
    match cmd {
        ClientsCommand::Create {
            name,
            scopes: _,
            public: true,
            redirect_uri,
            account,
            db,
        } => {
            let name = crate::domain::text::required_text(&At::outside("--name"), &name, 200)?;
            if redirect_uri.is_empty() {
                return Err(Error::invalid("--public needs at least one --redirect-uri"));
            }
            for uri in &redirect_uri {
                let parsed = url::Url::parse(uri)
                    .map_err(|e| Error::invalid(format!("--redirect-uri `{uri}`: {e}")))?;
                if parsed.fragment().is_some() {
                    return Err(Error::invalid(format!(
                        "--redirect-uri `{uri}` must not have a fragment"
                    )));
                }
            }
            let client_id = secrets::new_client_id();
            let id = client_id.clone();
            db.open()?.write_blocking(move |conn| {
                let account = resolve_account(conn, account)?;
                clients::create_public(conn, account, &name, &id, &redirect_uri)
            })?;
            print_line(&json!({ "client_id": client_id }))
        }
        ClientsCommand::Create {
            name,
            scopes,
            public: false,
            redirect_uri: _,
            account,
            db,
        } => {
            let name = crate::domain::text::required_text(&At::outside("--name"), &name, 200)?;
            let scopes =
                ScopeSet::parse(&scopes).map_err(|e| Error::invalid(format!("--scopes: {e}")))?;
            if scopes.is_empty() {
                return Err(Error::invalid("--scopes: name at least one of read, write"));
            }
            let credentials = ClientCredentials::generate()?;
            let credentials = db.open()?.write_blocking(move |conn| {
                let account = match account {
                    Some(id) => accounts::get(conn, id)?
                        .ok_or_else(|| Error::not_found(format_args!("account {id}")))?,
                    None => accounts::first(conn)?.ok_or_else(|| Error::not_found("account"))?,
                };
                clients::create(conn, account.id, &name, credentials.stored(), scopes)?;
                Ok(credentials)
            })?;
            print_line(&json!({
                "client_id": credentials.client_id,
                "client_secret": credentials.client_secret,
            }))
        }
        ClientsCommand::List { db } => {
            for client in db.open()?.read_blocking(clients::list)? {
                print_line(&serde_json::to_value(&client).map_err(Error::internal)?)?;
            }
            Ok(())
        }
        ClientsCommand::Revoke { client_id, db } => {
            let id = client_id.clone();
            let found = db
                .open()?
                .write_blocking(move |conn| clients::revoke(conn, &id))?;
            if !found {
                return Err(Error::not_found(format_args!("client {client_id}")));
            }
            print_line(&json!({"client_id": client_id, "revoked": true}))
        }
    }
}

/// Shortest password accepted.
const MIN_PASSWORD: usize = 8;

fn read_password_stdin() -> Result<String> {
    let password = super::read_stdin_line("the password")?;
    if password.chars().count() < MIN_PASSWORD {
        return Err(Error::invalid(format!(
            "the password must have at least {MIN_PASSWORD} characters"
        )));
    }
    Ok(password)
}

pub(super) fn users_command(cmd: UsersCommand) -> Result<()> {
    match cmd {
        UsersCommand::Create {
            email,
            name,
            account,
            role,
            password_stdin: _,
            db,
        } => {
            let email = crate::domain::text::email(&At::outside("--email"), &email)?.to_lowercase();
            let name = crate::domain::text::required_text(&At::outside("--name"), &name, 200)?;
            let role = Role::parse(&role)
                .ok_or_else(|| Error::invalid("--role must be door or organiser"))?;
            let password = read_password_stdin()?;
            let hash = secrets::hash_secret(&password)?;
            let shown = email.clone();
            let id = db.open()?.write_blocking(move |conn| {
                let account = resolve_account(conn, Some(account))?;
                users::create(conn, &email, &name, &hash, account, role)
            })?;
            print_line(&json!({"id": id, "email": shown}))
        }
        UsersCommand::List { db } => {
            for (user, disabled) in db.open()?.read_blocking(users::list)? {
                let mut value = serde_json::to_value(&user).map_err(Error::internal)?;
                value["disabled"] = json!(disabled);
                print_line(&value)?;
            }
            Ok(())
        }
        UsersCommand::Disable { user, db } => {
            let id = db
                .open()?
                .write_blocking(move |conn| users::disable(conn, &user))?;
            print_line(&json!({"id": id, "disabled": true}))
        }
    }
}

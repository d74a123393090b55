//! People who sign in (door staff, organisers) and their roles in accounts.

use serde::Serialize;
use utoipa::ToSchema;

use super::scope::{Scope, ScopeSet};
use super::text::{self, MAX_SHORT};
use crate::error::{At, Problem};

string_enum! {
    /// A user's role in an account. `organiser`: scopes `read write check_in`;
    /// `door`: `read check_in`.
    Role {
        Organiser => "organiser",
        Door => "door",
    }
}

impl Role {
    /// The most a personal token may do in an account with this role.
    pub fn scopes(self) -> ScopeSet {
        let mut set = ScopeSet::default();
        set.insert(Scope::Read);
        set.insert(Scope::CheckIn);
        if self == Role::Organiser {
            set.insert(Scope::Write);
        }
        set
    }
}

/// Shortest passphrase a person may choose in the UI (set-up, staff).
pub const MIN_PASSPHRASE: usize = 10;

/// A person's `item.name` (set-up, new staff, a rename): required short text.
pub fn name(value: &str) -> Result<String, Problem> {
    text::required_text(&At::Member("name"), value, MAX_SHORT)
}

/// A person's sign-in `item.email`, lower-cased: one address, however it was typed.
pub fn email(value: &str) -> Result<String, Problem> {
    text::email(&At::Member("email"), value).map(|e| e.to_lowercase())
}

/// A passphrase as given: at least [`MIN_PASSPHRASE`] characters, at most 1,000 (argon2
/// takes any length, but a megabyte of "password" is an attack, not a person).
pub fn passphrase(at: &At, value: &str) -> Result<String, Problem> {
    let count = value.chars().count();
    if value.trim().is_empty() {
        Err(Problem::new(at.clone(), "must not be empty"))
    } else if count < MIN_PASSPHRASE {
        Err(Problem::new(
            at.clone(),
            format!("must have at least {MIN_PASSPHRASE} characters (it has {count})"),
        ))
    } else if count > 1000 {
        Err(Problem::new(at.clone(), "is longer than 1000 characters"))
    } else {
        Ok(value.to_owned())
    }
}

/// An account the user belongs to, with the role there.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Membership {
    pub account_id: i64,
    pub account_name: String,
    pub role: Role,
}

/// The signed-in person (`GET /me`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct User {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub accounts: Vec<Membership>,
    /// Accounts whose organisers invited this person and that they have not accepted yet
    /// (`POST /me/invitations/{account_id}` accepts, `DELETE` declines): they give no
    /// role until accepted.
    pub invitations: Vec<Membership>,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// A person of an account as the Staff screen shows them (`/kiosk/staff`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffMember {
    pub id: i64,
    pub name: String,
    pub email: String,
    /// The role in the caller's account.
    pub role: Role,
    /// A disabled person cannot sign in and holds no valid token.
    pub disabled: bool,
    /// RFC 3339, UTC; null when they never signed in.
    #[schema(required = true, format = DateTime)]
    pub last_sign_in_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
}

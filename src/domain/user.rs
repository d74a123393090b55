//! People who sign in (door staff, organisers) and their roles in accounts.

use serde::Serialize;
use utoipa::ToSchema;

use super::scope::{Scope, ScopeSet};

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
    pub created_at: String,
}

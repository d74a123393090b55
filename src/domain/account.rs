//! Accounts: the tenant boundary. Every client, token and event belongs to one.

use serde::Serialize;
use utoipa::ToSchema;

/// The organisation that owns events. A token only ever sees its own account's data.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Account {
    pub id: i64,
    pub name: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    pub created_at: String,
}

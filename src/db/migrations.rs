//! Schema migrations, embedded in the binary and applied at start.
//!
//! rusqlite_migration keeps the version in SQLite's `user_version`; a database written by
//! a newer Entrada (a higher version than we know) is refused rather than touched.

use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

use crate::error::{Error, Result};

fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(include_str!("../../migrations/0001_init.sql")),
        M::up(include_str!("../../migrations/0002_check_in.sql")),
        M::up(include_str!("../../migrations/0003_people.sql")),
        M::up(include_str!("../../migrations/0004_sync.sql")),
        M::up(include_str!("../../migrations/0005_sync_retries.sql")),
    ])
}

pub fn apply(conn: &mut Connection) -> Result<()> {
    migrations().to_latest(conn).map_err(|e| match e {
        rusqlite_migration::Error::MigrationDefinition(
            rusqlite_migration::MigrationDefinitionError::DatabaseTooFarAhead,
        ) => Error::internal(
            "this database was written by a newer version of Entrada; refusing to open it",
        ),
        other => Error::internal(format!("database migration failed: {other}")),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }
}

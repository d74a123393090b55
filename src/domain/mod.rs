//! Domain types: the records the API returns and the inputs it accepts, parsed once.
//!
//! Request bodies are deserialised into the `*Input` types (which also describe the
//! request schemas in the OpenAPI document) and then parsed into validated values
//! (`NewAttendee`, `AttendeeChanges`, ...). Handlers and repositories only ever see the
//! parsed values: "parse, don't validate". Every parse collects all problems it finds,
//! so one 422 answer lists everything that is wrong with a request.

/// Declares a string-valued enum with its wire names, SQL mapping and schema.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn parse(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl rusqlite::types::ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
                Ok(rusqlite::types::ToSqlOutput::from(self.as_str()))
            }
        }

        impl rusqlite::types::FromSql for $name {
            fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
                let text = value.as_str()?;
                $name::parse(text).ok_or_else(|| rusqlite::types::FromSqlError::Other(
                    format!("unknown {} `{text}`", stringify!($name)).into(),
                ))
            }
        }
    };
}

pub mod account;
pub mod attendee;
pub mod check_in;
pub mod event;
pub mod field;
pub mod page;
pub mod rules;
pub mod schema;
pub mod scope;
pub mod status;
pub mod text;
pub mod time;
pub mod user;

use serde::{Deserialize, Deserializer};

/// For PATCH members that may be absent (`None`), `null` (`Some(None)`) or a value.
pub(crate) fn double_option<'de, T, D>(de: D) -> Result<Option<Option<T>>, D::Error>
where
    T: Deserialize<'de>,
    D: Deserializer<'de>,
{
    Option::<T>::deserialize(de).map(Some)
}

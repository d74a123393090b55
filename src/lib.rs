//! Entrada: the local Attendee Management and Check-in API v2 over SQLite.
//!
//! The modules, from the bottom up (a module imports only those above it in this list;
//! ARCHITECTURE.md has the map and the path of a request, a scan and a sync round):
//!
//! - `error`: the one error type (the HTTP layer alone maps it to statuses).
//! - `files`: owner-only files and directories (the database, backups, exports).
//! - `domain`: records and inputs, parsed once; the check-in state machine.
//! - `workers`, `limits`, `qr`, `decode`: bounded thread pools, rate limiters, ticket
//!   codes, reading codes from camera frames.
//! - `db`: SQLite, the single writer, every SQL statement of the app, and the consistent
//!   copy of the file (`db::copy`) that schema upgrades and backups both take.
//! - `keystore`: where a database's key comes from (`ENTRADA_DB_KEY`, a key file).
//! - `auth`: who a request acts for (tokens, scopes, secrets, PKCE), without HTTP.
//! - `backup`, `config`, `doctor`, `transfer`, `demo`, `sync`, `retention`: backups and
//!   restore, the server's settings, `entrada doctor`, CSV import and export, the demo
//!   data, the sync with a remote v2 server, the erasure of personal data when an event's
//!   retention period ends.
//! - `api`: HTTP (handlers, extractors, layers, the OpenAPI document); `ui`: the embedded
//!   web UI.
//! - `server`: the router, the middleware stack, start and stop; `stall`: the
//!   connections' IO, ended when the peer stops reading; `app`: one wiring of server,
//!   sync and backups for `entrada serve` and the desktop.
//! - `bench_qr`, `bench`: `entrada bench` (feature `bench`); `cli`: the command line.

pub mod api;
pub mod app;
pub mod auth;
pub mod backup;
#[cfg(feature = "bench")]
pub mod bench;
#[cfg(feature = "bench")]
pub mod bench_hub;
#[cfg(feature = "bench")]
pub mod bench_qr;
pub mod cli;
pub mod config;
pub mod db;
pub mod decode;
pub mod demo;
pub mod doctor;
pub mod domain;
pub mod error;
pub mod files;
pub mod hub;
pub mod keystore;
pub mod l10n;
pub mod limits;
pub mod qr;
pub mod retention;
pub mod server;
pub mod stall;
pub mod sync;
pub mod transfer;
pub mod ui;
pub mod workers;

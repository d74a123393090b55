//! Entrada: the local Attendee Management and Check-in API v2 over SQLite.
//!
//! See ARCHITECTURE.md for the map: `api` (HTTP), `auth` (tokens), `db` (storage),
//! `domain` (types and validation), `server` (start/stop), `cli` (command line).

pub mod api;
pub mod app;
pub mod auth;
pub mod backup;
pub mod bench;
pub mod bench_qr;
pub mod cli;
pub mod config;
pub mod db;
pub mod decode;
pub mod demo;
pub mod doctor;
pub mod domain;
pub mod error;
pub mod limits;
pub mod qr;
pub mod server;
pub mod sync;
pub mod transfer;
pub mod ui;
pub mod workers;

//! Every integration test in one binary (issue 42): one link of the library instead of
//! one per file, one `common` compiled once, and the tests of all files share the test
//! threads, so a file of slow tests no longer runs alone at the end. Each file of tests/
//! stays a module of its own, named as the file: `cargo test --test it sync::` runs the
//! tests of tests/sync.rs.
//!
//! The test files keep their paths; `autotests = false` in Cargo.toml keeps cargo from
//! building each of them again as a binary of its own.

mod common;

/// The longest tests, minutes each and mostly waiting (a sync round through a network
/// that fails a third of its requests, with the backoff and Retry-After that earns): the
/// test harness starts tests in the order of their names, so these are named to start
/// first and the others run beside them, instead of after them.
mod a_longest_first {
    #[test]
    fn sync_a_thousand_changes_through_a_faulty_network_to_an_entrada_remote() {
        crate::sync::changes_under_faults(false, 1000, 0x5EED_0001);
    }

    #[test]
    fn sync_changes_through_a_faulty_network_to_a_spec_only_remote() {
        crate::sync::changes_under_faults(true, 300, 0x5EED_0002);
    }
}

mod attendee_fields;
mod attendees;
mod backup;
mod check_in;
mod cli;
mod crash;
mod decode;
mod door;
mod events;
mod first_run;
mod hardening;
mod hub;
mod hub_door;
mod hub_join_api;
mod hub_lan;
mod hub_pairing;
mod hub_storm;
mod idempotency;
mod integrations;
mod oauth;
mod openapi;
mod people;
mod privacy_encryption;
mod privacy_erasure;
mod privacy_files;
mod privacy_secret_store;
mod qr;
mod smoke;
mod stream;
mod sync;
mod transfer;
mod ui;

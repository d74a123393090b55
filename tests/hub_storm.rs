//! Four doors and a hub in a check-in storm (issue 20, HUB.md), real servers on loopback:
//! 500 tickets, each presented twice at each of two doors (2,000 scans over 4 doors at
//! once). With the hub up, exactly one scan per ticket is `ok` and every other is
//! refused naming the door that admitted it. Then a second storm during which the hub
//! dies and comes back: the doors keep admitting on their own, nothing is lost, and after
//! the rounds every door and the hub agree, each ticket admitted at two doors while the
//! hub was away being one check-in and one duplicate-entry conflict, on the hub's Sync
//! screen and on every door's.

use crate::common;

use common::Server;
use common::hub::start_hub;
use common::storm::{
    DOORS, TICKETS, agreed, all_decided_by_the_hub, door, next_storm, settle, storm_with_dead_hub,
    tally, tickets,
};

#[test]
fn four_doors_admit_each_ticket_once_and_agree_after_the_hub_died_mid_storm() {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Festival");
    let calm = tickets(&hub.server, &token, event, TICKETS, "Calm");
    let organiser = hub.server.organiser_token();
    // tests/hub_door.rs checks the default limit; here a slow answer must not pass for
    // an absent hub.
    let doors: Vec<(Server, String, i64)> = DOORS
        .iter()
        .map(|d| door(&hub, &organiser, d, 1500))
        .collect();

    // The hub up: one `ok` per ticket, every repeat refused naming the admitting door.
    all_decided_by_the_hub(&doors, &calm);

    // A second storm, the hub killed a third of the way in and back at two thirds.
    let wild = next_storm(&hub.server, &token, event, &[], &doors, "Wild");
    let https = hub.https_addr();
    let (answers, hub) = storm_with_dead_hub(&doors, &wild, hub, |h| h.restart("Hall A"));
    assert_eq!(hub.https_addr(), https);
    let (here, doubles) = tally(&answers, "the hub away for a third");
    assert!(here > 0, "the hub was away for part of the storm");
    settle(&doors);
    agreed(&hub.server, &token, event, &doors, &[&calm, &wild], doubles);
}

use crate::common;

use common::Server;
use serde_json::json;

#[test]
fn create_and_read_back_an_attendee() {
    let s = Server::start();
    let token = s.token("read write");
    let event = s.event(&token, "Smoke");
    let created = s.attendee(
        &token,
        event,
        json!({"first_name": "Ada", "email": "ada@example.com"}),
    );
    let id = created["id"].as_i64().expect("id");
    let got = s.get(&format!("/events/{event}/attendees/{id}"), &token);
    assert_eq!(got.status, 200);
    assert_eq!(got.item()["first_name"], "Ada");
    assert_eq!(got.json()["metadata"], json!({}));
}

//! The remote's v2 routes the sync uses, typed: each method builds its path and reads
//! its answer into the shapes of `v2.rs`, so push and pull hold records, never paths or
//! JSON trees. The rules of each answer (401, 429, 5xx) are `Remote::call`'s.

use reqwest::Method;

use super::v2::{Page, RemoteAttendee, RemoteEvent, RemoteField, RemotePart, Request, item};
use super::{Failure, Remote};

/// Records asked for per page (the spec's maximum).
pub const PER_PAGE: u32 = 100;

/// The check-in operations, by their method on `.../check_in`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckInOp {
    CheckIn,
    CheckOut,
    Undo,
}

/// An answer that is not the record it should be: the remote does not speak the spec.
fn not_a(what: &str) -> Failure {
    Failure::Transient(format!("the remote's answer is not {what}"))
}

impl Remote {
    /// Sends an outbox entry's request to `path`; the answer's record, when it is one.
    async fn send<T: serde::de::DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        request: &Request,
        key: Option<&str>,
        repeatable: bool,
    ) -> Result<Option<T>, Failure> {
        let body = request.body();
        let reply = self
            .call_with(method, path, Some(&body), key, repeatable)
            .await?;
        Ok(item(&reply.body))
    }

    /// The remote event `id`, looked for page by page in the events the kiosk may see.
    pub async fn event(&self, id: i64) -> Result<RemoteEvent, Failure> {
        let mut page = 1;
        loop {
            let path = format!("/events?page={page}&per_page={PER_PAGE}");
            let reply = self.call(Method::GET, &path, None, None).await?;
            let list: Page<RemoteEvent> = Page::read(&reply.body, reply.date);
            let empty = list.items.is_empty();
            if let Some(e) = list.items.into_iter().find(|e| e.id == id) {
                return Ok(e);
            }
            if empty || page >= list.total_pages {
                return Err(Failure::Refused {
                    status: 404,
                    message: format!("event {id} is not one of the remote's events"),
                });
            }
            page += 1;
        }
    }

    /// The event's registration types; None when the remote has no such route (only an
    /// Entrada has it).
    pub async fn registration_types(&self, event: i64) -> Result<Option<Vec<RemotePart>>, Failure> {
        self.optional_list(&format!("/events/{event}/registration_types"))
            .await
    }

    /// The event's sessions; None when the remote has no such route.
    pub async fn sessions(&self, event: i64) -> Result<Option<Vec<RemotePart>>, Failure> {
        self.optional_list(&format!("/events/{event}/sessions"))
            .await
    }

    async fn optional_list(&self, path: &str) -> Result<Option<Vec<RemotePart>>, Failure> {
        match self.call(Method::GET, path, None, None).await {
            Ok(reply) => Ok(Some(Page::read(&reply.body, reply.date).items)),
            Err(Failure::Refused {
                status: 404 | 405 | 400,
                ..
            }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub fn attendees(&self, event: i64) -> Attendees<'_> {
        Attendees {
            remote: self,
            event,
        }
    }

    pub fn fields(&self, event: i64) -> Fields<'_> {
        Fields {
            remote: self,
            event,
        }
    }
}

/// `/events/{event}/attendees` and below.
pub struct Attendees<'a> {
    remote: &'a Remote,
    event: i64,
}

impl Attendees<'_> {
    fn path(&self) -> String {
        format!("/events/{}/attendees", self.event)
    }

    /// One page; `since` asks only for records changed since then (Entrada remotes).
    pub async fn list(
        &self,
        since: Option<&str>,
        page: u32,
    ) -> Result<Page<RemoteAttendee>, Failure> {
        let mut path = format!("{}?page={page}&per_page={PER_PAGE}", self.path());
        if let Some(s) = since {
            path.push_str("&updated_since=");
            path.push_str(
                &percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC)
                    .to_string(),
            );
        }
        let reply = self.remote.call(Method::GET, &path, None, None).await?;
        Ok(Page::read(&reply.body, reply.date))
    }

    pub async fn get(&self, id: i64) -> Result<RemoteAttendee, Failure> {
        let path = format!("{}/{id}", self.path());
        let reply = self.remote.call(Method::GET, &path, None, None).await?;
        item(&reply.body).ok_or_else(|| not_a("an attendee"))
    }

    /// Creates an attendee; the answer's record, when it is one. `repeatable` false: a
    /// network error is not retried (see `Remote::call_with`).
    pub async fn create(
        &self,
        request: &Request,
        key: Option<&str>,
        repeatable: bool,
    ) -> Result<Option<RemoteAttendee>, Failure> {
        let path = self.path();
        (self.remote)
            .send(Method::POST, &path, request, key, repeatable)
            .await
    }

    pub async fn update(
        &self,
        id: i64,
        request: &Request,
        key: Option<&str>,
    ) -> Result<Option<RemoteAttendee>, Failure> {
        let path = format!("{}/{id}", self.path());
        (self.remote)
            .send(Method::PATCH, &path, request, key, true)
            .await
    }

    /// Erases the attendee (an Entrada extension; see `api::attendees::erase`).
    pub async fn delete(&self, id: i64, key: Option<&str>) -> Result<(), Failure> {
        let path = format!("{}/{id}", self.path());
        self.remote.call(Method::DELETE, &path, None, key).await?;
        Ok(())
    }

    /// The ids of the attendees holding this ticket code (an Entrada remote's `qr_code`
    /// filter): how an erasure finds a record whose create answer was lost.
    pub async fn with_code(&self, code: &str) -> Result<Vec<i64>, Failure> {
        let code = percent_encoding::utf8_percent_encode(code, percent_encoding::NON_ALPHANUMERIC);
        let path = format!("{}?qr_code={code}&per_page={PER_PAGE}", self.path());
        let reply = self.remote.call(Method::GET, &path, None, None).await?;
        let page: Page<RemoteAttendee> = Page::read(&reply.body, reply.date);
        Ok(page.items.into_iter().map(|a| a.id).collect())
    }

    /// A check-in operation (door, or the remote `session`); the attendee as it now is.
    pub async fn check_in(
        &self,
        id: i64,
        op: CheckInOp,
        session: Option<i64>,
        key: Option<&str>,
        repeatable: bool,
    ) -> Result<Option<RemoteAttendee>, Failure> {
        let method = match op {
            CheckInOp::CheckIn => Method::POST,
            CheckInOp::CheckOut => Method::PATCH,
            CheckInOp::Undo => Method::DELETE,
        };
        let path = format!("{}/{id}/check_in", self.path());
        let body = session.map(|s| serde_json::json!({"item": {"session_id": s}}));
        let reply = self
            .remote
            .call_with(method, &path, body.as_ref(), key, repeatable)
            .await?;
        Ok(item(&reply.body))
    }
}

/// `/events/{event}/attendee_fields` and below.
pub struct Fields<'a> {
    remote: &'a Remote,
    event: i64,
}

impl Fields<'_> {
    fn path(&self) -> String {
        format!("/events/{}/attendee_fields", self.event)
    }

    /// Every field of the event (one answer: the spec does not page them).
    pub async fn all(&self) -> Result<Vec<RemoteField>, Failure> {
        let reply = self
            .remote
            .call(Method::GET, &self.path(), None, None)
            .await?;
        Ok(Page::read(&reply.body, reply.date).items)
    }

    /// One page, as a remote that pages them answers.
    pub async fn list(&self, page: u32) -> Result<Page<RemoteField>, Failure> {
        let path = format!("{}?page={page}&per_page={PER_PAGE}", self.path());
        let reply = self.remote.call(Method::GET, &path, None, None).await?;
        Ok(Page::read(&reply.body, reply.date))
    }

    pub async fn create(
        &self,
        request: &Request,
        key: Option<&str>,
        repeatable: bool,
    ) -> Result<Option<RemoteField>, Failure> {
        let path = self.path();
        (self.remote)
            .send(Method::POST, &path, request, key, repeatable)
            .await
    }

    pub async fn update(
        &self,
        id: i64,
        request: &Request,
        key: Option<&str>,
    ) -> Result<(), Failure> {
        let path = format!("{}/{id}", self.path());
        // The answer is not needed: a field update settles on the 2xx alone.
        (self.remote)
            .send::<serde_json::Value>(Method::PATCH, &path, request, key, true)
            .await?;
        Ok(())
    }

    pub async fn delete(&self, id: i64, key: Option<&str>) -> Result<(), Failure> {
        let path = format!("{}/{id}", self.path());
        self.remote.call(Method::DELETE, &path, None, key).await?;
        Ok(())
    }
}

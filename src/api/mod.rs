//! The v2 HTTP API: one file per resource, thin handlers over `db` and `domain`.
//!
//! Routes are registered through utoipa-axum's `OpenApiRouter`, so the OpenAPI document
//! is generated from the same handlers and types that serve requests; it cannot drift
//! from what the server does.

pub mod access;
pub mod account;
pub mod attendee_fields;
pub mod attendees;
pub mod badges;
pub mod check_in;
pub mod decode;
pub mod envelope;
pub mod error;
pub mod event_parts;
pub mod events;
pub mod examples;
pub mod extract;
pub mod guard;
pub mod hub;
pub mod idempotency;
pub mod integrations;
pub mod json;
pub mod me;
pub mod oauth;
pub mod openapi;
pub mod registration_types;
pub mod sessions;
pub mod setup;
pub mod staff;
pub mod state;
pub mod stream;
pub mod sync;
pub mod transfer;

use utoipa::openapi::OpenApi as OpenApiDoc;
use utoipa::openapi::security::{
    AuthorizationCode, ClientCredentials, Flow, OAuth2, Scopes, SecurityScheme,
};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use state::AppState;

/// Path prefix of the API (`{base_url}` = `http://HOST:PORT/api/v2`).
pub const BASE_PATH: &str = "/api/v2";

const DESCRIPTION: &str = r#"
Entrada's local implementation of the **Attendee Management and Check-in API v2**.

Base URL: `http://HOST:PORT/api/v2`; the token endpoint is `http://HOST:PORT/oauth/token`.

## Authentication
`POST /oauth/token` with `grant_type=client_credentials` (form-encoded), client
authentication by HTTP Basic or by `client_id`/`client_secret` form parameters (not both).
`scope` is space-separated and defaults to `read`; asking for a scope the client is not
allowed is `invalid_scope`. The answer is RFC 6749 5.1:
`{access_token, token_type: "Bearer", expires_in, scope}`; tokens live 7200 s by default.
Send `Authorization: Bearer <token>`.

**Personal tokens** (people: door staff and organisers) come from the authorization-code
grant with PKCE (S256 only; `plain` is refused): `GET /oauth/authorize` shows a sign-in
page, `POST /oauth/authorize` signs in and redirects back with a one-time code (60 s),
`POST /oauth/token` with `grant_type=authorization_code` exchanges it for an access token
and a refresh token. Refresh tokens rotate on every use (`grant_type=refresh_token`);
presenting a spent one revokes the whole sign-in. `POST /oauth/revoke` (RFC 7009) revokes
an access or refresh token. Public clients (no secret, e.g. the built-in `entrada-kiosk`)
may only use these grants. Redirect URIs match exactly, except that loopback URIs
(127.0.0.1, [::1], localhost) match on any port.

A personal token must send `X-Account-Id` naming an account of its user: without it, or
with a value that is not a number, the answer is **400** `{error}`; naming an account the
user is not a member of is **403** `{error}`. Machine tokens ignore the account it names, but a value that is not a number is 400 for them too. A personal
token's scopes are those it was granted narrowed to the user's role in that account:
`organiser` has `read write check_in`, `door` has `read check_in`. Only personal tokens
may call `/me` (which needs no `X-Account-Id`); a machine token gets 403.

**Scopes are independent: `write` does not imply `read`.** A client that reads and writes
asks for `read write`. A missing, malformed, unknown, expired or revoked token is 401
`{error}` with `WWW-Authenticate: Bearer ...`; a token without the needed scope is 403
`{error}` with `error="insufficient_scope"`. A client sees only its own account's events;
anything else is 404.

## Conventions (where the spec says "not shown")
- Non-paged responses have `metadata: {}`. Lists are ordered by `id` ascending, except
  attendee fields, which are ordered by `position`, the check-in history (newest first)
  and the kiosk's staff list (`GET /kiosk/staff`, by name).
- Paged lists (`events`, `attendees`, the check-in history): `page` from 1 (default 1)
  and `per_page` from 1 to 100 (default 25), as the spec gives them. A value outside
  these ranges, or not an integer, is **422** naming the parameter (not clamped: a client
  learns of its mistake instead of silently getting another page size); `metadata`
  reports the values used. A page past the end is 200 with empty `items`.
  `total_pages = ceil(total_count / per_page)`.
- Timestamps are RFC 3339 in UTC with milliseconds. Optional strings are `null` when unset;
  empty strings are stored as `null`. Text is trimmed; names, labels and other text may
  hold tab and line breaks but no other control characters (each schema's `pattern`
  says so). A number written with a point and no fraction (`12.0`) is read as the
  integer it is, as JSON Schema's `integer` allows.
- `phone` accepts any common notation that includes the country code and is stored in
  E.164.
- Attendee `fields` lists every field of the event that takes a value, in `position` order,
  with `value: null` where unanswered. `spacer`, `section_divider`, `paragraph` and
  `captcha` take no value and never appear there.
- Answer shapes: `checkbox` with options takes an array of its options, without options a
  boolean; `dropdown`/`radio` one of their options; `consent`/`term_and_consent` a boolean
  (`true` when required); `number` a number; `date`/`date_of_birth` `YYYY-MM-DD`; `time`
  `HH:MM`; `email` an email; `url` an http(s) URL; `tel`/`contact_phone` a phone (stored
  E.164); `country`/`nationality` an ISO 3166-1 alpha-2 code; address types a string or an
  object of strings; every other type a string. `null` clears an answer.
- Attendee-field `name` is derived from the label at creation, unique within the event, and
  stable when the label changes. Create appends at the end. Changing `type` or `options`
  so that stored answers would no longer fit is refused (422). Delete answers 200 with the
  deleted field; its answers go with it.
- Making a field `required` does not invalidate attendees who did not answer it; it applies
  to attendees created afterwards and forbids clearing an existing answer.
- Errors: 401/403/404/409/413 `{error}`, 422 `{errors: [..]}` with one message per problem,
  naming the member (`item.email is not a valid email address`). Unknown members of a
  request are ignored. JSON bodies are limited to 1 MiB, a CSV import's file to 64 MiB
  (413).
- A path id that is not an integer is 404.
- Rate limits (429 `{error}` with `Retry-After` in whole seconds): API requests per token,
  500 per second with bursts of 500 by default (`entrada serve --rate-limit N`, 0 for
  none); `/oauth/*` per client address, 20 per second with bursts of 100. After 5 failed
  sign-ins for one email (or 20 from one address) within 5 minutes, sign-in is refused for
  a while with 429, whether or not the email exists.
- The server listens on loopback by default and refuses (403 `{error}`) requests whose
  `Host` is not localhost, 127.0.0.1, [::1], the bound address or a name given with
  `--allow-host` (DNS rebinding). No CORS headers are sent: foreign origins get nothing.
  A request that takes over 30 s is answered 503.

## Check-in (the spec leaves the states open; these are this project's rules)
- `POST .../attendees/{id}/check_in` checks in, `PATCH` checks out, `DELETE` undoes; all
  three answer 200 `{item: Attendee, metadata: {}}`. The body is optional: no body, an
  empty body, `{}`, `{"item": {}}` and `session_id: null` all mean the door.
- Door: check-in moves `not_checked_in` or `checked_out` to `checked_in`; check-out moves
  `checked_in` to `checked_out`; undo moves `checked_in` or `checked_out` back to
  `not_checked_in`. Anything else is 422 with a sentence a door person understands
  (`Ada Lovelace is already checked in (since 10:32 at Door 2)`; times in the event's time
  zone) in `errors`, and beside it `code` (the outcome: `already_checked_in`,
  `not_checked_in`, `not_allowed`) and `facts` (`since`, `device`, `session_id`,
  `session_name`, `checked_out`, `rsvp_status`), so a client can say it in its own
  language without reading the sentence.
- Check-in is refused (422) for RSVP `declined`, `waitlisted` and `pending_approval`.
- With `session_id` (a session of the same event, else 422) the same rules apply to the
  attendee's presence in that session, tracked apart from the door; `checkin_status`
  stays the door state. A session check-in of someone not yet through the door also checks
  them in at the door (whoever is in a session is in the building); session check-out and
  undo leave the door state alone.
- Every operation, refused ones included, is appended to the history with the device
  (`X-Device-Name` header) and the client that sent it.
- Scope: `write`, or the extension scope `check_in`, which allows the check-in operations
  and scans and nothing else that writes.

## Languages
- The server's own words (a scan's `message`, a refused check-in's sentence, the sign-in
  page, the generic error texts) follow the request's `Accept-Language` for English,
  German, French, Spanish and Norwegian Bokmål (`en`, `de`, `fr`, `es`, `nb`; `no` and
  `nn` read as `nb`), chosen by q-value, and fall back to English; the answer says which
  in `Content-Language`. The sign-in page (`/oauth/authorize`) also takes `ui_locales`,
  which wins over the header. A refusal's `error` (404, 401, 403, 409, 413, 429) and a
  422's `errors` are said in that language too, a 422's member path first as ever
  (`item.email ist keine gültige E-Mail-Adresse`); the values they quote (the value
  sent, a field's name, an API name) stay as they are, and a parser's own words after
  its frame (why a JSON body is malformed) stay English. An import's row `errors` and
  their column names follow the same header. Match on status codes, member paths and
  the structured members (`outcome`, `code`, `facts`), which never depend on the
  language, not on the words.

## Extensions (beyond the spec)
- `POST /events/{event_id}/scans` `{item: {code, action, session_id?}}`: lookup by
  `qr_code` and the operation in one round trip; always 200 with
  `{outcome, message, facts, attendee}` (see the route).
- `GET /events/{event_id}/check_ins` and `GET .../attendees/{id}/check_ins`: the history,
  newest first, paged; `GET /events/{event_id}/check_in_stats`: counts.
- `GET /events/{event_id}/check_ins/stream`: the history as it happens (Server-Sent
  Events, `read`), one event per record with its attendee, resumable with
  `Last-Event-ID`; for turnstiles, printers and displays that must not poll.
- Events carry `attendee_count`.
- `GET .../attendees/{id}/qr.svg`, `qr.png?size=` and `badge` (a 4 × 3 in printable HTML
  badge): the ticket code as a QR code with error correction M (survives glare and
  creases, and keeps a generated code in version 1, the coarsest grid) and a 4-module
  quiet zone. Cacheable: `ETag`, `If-None-Match` → 304.
- `Idempotency-Key` (after the IETF httpapi draft) on every POST, PATCH and DELETE. Keys
  belong to the client or person that sent them, in the account and with the scopes
  they acted with (another token of the same client with fewer scopes, or the same
  person in another account, is another owner: no replay across them). A repeat with the same key and the same request
  (method, path, query, body) within 24 hours answers the stored first answer (any
  status below 500) with `Idempotent-Replayed: true`, without doing the work again; the
  same key with a different request is 422; a repeat while the first is still running is
  409. Creates, check-in operations and scans store their answer in the same transaction
  as the work. Keys are 1 to 255 characters.
- List filters on `GET /events/{event_id}/attendees`: `q`, `qr_code`, `checkin_status`,
  `rsvp_status`, `registration_type_id`, `updated_since` (see the route). An empty `q`
  or `qr_code` is no filter; an empty status, id or time is 422 like any invalid value.
- `POST /events/{event_id}/attendees` accepts `qr_code` (printable, at most 200
  characters, unique within the event) for tickets issued elsewhere, and `rsvp_status`.
- `PATCH /events/{event_id}/attendees/{id}` also accepts `registration_type_id` and
  `fields` (answers to set; unlisted answers are kept).
- Attendees carry `updated_at`.
- `DELETE /events/{event_id}/attendees/{id}` (`write`) erases an attendee's personal data
  (a data-protection erasure): 200 `{item: {id, event_id, erased_at, check_ins_kept}}`;
  the check-in history keeps its records without the person, so counts do not change.
  Events carry `retention_days` (null: off) and the read-only `erase_after` (`ends_at`
  plus that many days) and `purged_at`: the server erases the event's attendees once
  `erase_after` has passed (checked at start and hourly).
- `PATCH .../attendee_fields/{id}` accepts `position` to reorder;
  `GET .../attendee_fields/{id}/answer_count` counts the answers a delete would remove.
- CSV: `POST /events/{event_id}/imports/attendees` (body `text/csv`; `dry_run`,
  `valid_only`, `map`) imports registrations in one transaction with the API's own
  validation and answers a row-by-row report; `GET /events/{event_id}/exports/attendees.csv`
  and `.../exports/check_ins.csv` download them (formula-like cells escaped with `'`).
- The kiosk web UI is served at `/` (`/oauth/callback` is its sign-in return page).
- Kiosk extensions (tag `kiosk`, under the same base URL: `/api/v2/kiosk/...`; their
  former paths at the root, `/kiosk/...`, answer 308 to these and keep working): the sync
  with a remote v2 server. `GET /kiosk/sync` (`read`) reports
  `{configured, online, last_success_at, last_attempt_at, last_error, pending, parked, conflicts,
  running, progress, consecutive_failures, next_round_at}` as a bare object (the last two:
  the background sync's failures in a row and when it starts its next round on its own); conflicts have a `kind` of `duplicate_entry`, `edit` or
  `deleted_remotely`. `POST /kiosk/sync/run` answers with the round's summary, or with
  `Prefer: respond-async` 202 at once while the round runs in the background.
  `GET`/`PUT /kiosk/sync/config`, `POST /kiosk/sync/run` and the
  parked-entry routes need `write` (organisers, not door staff); the client secret is
  write-only and never returned. `POST /kiosk/decode` (`read`; the kiosk UI's own, not
  described here, also at the root) reads QR codes from a camera frame. `POST`/`GET /kiosk/clients` and `DELETE /kiosk/clients/{client_id}`
  (organisers signed in as people: client credentials get 403 even with `write`) make,
  list and revoke client credentials for local integrations (the secret is shown once,
  in the create's answer; a new client's scopes must be within the caller's, else 403).
  `PUT /kiosk/sync/config` takes an `https` remote (plain `http` only to this computer).
- First run (kiosk extensions, no token): `GET /kiosk/setup` says whether the database
  has no user yet; `POST /kiosk/setup` then creates the first organiser, only while no
  user exists (the first request wins in one write; later and concurrent ones get 409)
  and only from this computer (peer and `Host` loopback, else 403) and not from a page
  of another web site (`Origin`, `Referer` or `Sec-Fetch-Site` naming another site: 403). With a PKCE
  `code_challenge` and the kiosk's `redirect_uri` its answer carries a one-time
  authorization code for `entrada-kiosk`, exchanged at `/oauth/token` like the sign-in
  page's. Passphrases chosen in the UI have at least 10 characters.
- `POST /kiosk/demo` creates the demo event (the data of `serve --demo`, `demo: true` on
  the event), `DELETE /kiosk/demo` removes every demo event of the account with all its
  data. `POST /kiosk/sync/test` checks a remote step by step (address, DNS, connection,
  TLS, credentials, v2 answers) and lists its events; `GET /kiosk/sync` reports a running
  round's `progress`.
- Staff (organisers: personal tokens with the role; client credentials get 403):
  `GET`/`POST /kiosk/staff`, `PATCH /kiosk/staff/{id}` (name, role, `disabled`: revokes
  every token at once), `POST /kiosk/staff/{id}/password` (a new temporary passphrase,
  shown once; sign-ins end). The first sign-in with a temporary passphrase asks the person
  for their own on the sign-in page, by the set-up's rule, before any code is given. A change that would leave the account without an active
  organiser is 422.
- `DELETE /events/{event_id}/registration_types/{id}` (attendees keep no type) and
  `DELETE /events/{event_id}/sessions/{id}` (its check-in history goes with it), refused
  (422) in an event mirrored from a remote; both records carry `attendee_count`.
- Events, registration types, sessions and `/account` are this project's shapes.

## Limits (answers beyond the spec)
- 429 with `Retry-After` (seconds): over the per-token rate limit (`--rate-limit`; an
  address's unknown tokens are counted too: 20 per 10 s), or the server is at its bound
  of concurrent expensive work: password and client-secret checks (argon2, one per core,
  at most 4, waiting at most 2 s) and frame decodes (one per core, waiting at most
  0.5 s). Retry after the given seconds.
- 503: a request took longer than 30 s and was abandoned (CSV imports instead must arrive
  at 1 KiB/s on average after 10 s, else 408). Headers must arrive within 10 s.
- 507 `{"error": "the disk is full: ..."}`: the disk holding the database is full; nothing
  of the request was stored. `GET /healthz` then answers 507 `{"status": "disk full"}`
  until there is room again; no restart is needed.
- 400 for a request with more than one `Host` header; every error body is JSON in the
  shapes above, 413 included.
"#;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Entrada — Attendee Management and Check-in API",
        version = "2.0.0",
        description = DESCRIPTION,
        license(name = "MIT OR Apache-2.0", identifier = "MIT OR Apache-2.0")
    ),
    servers((url = "/api/v2", description = "This server")),
    components(schemas(error::ErrorBody, error::ValidationErrorBody)),
    modifiers(&OAuthScheme),
    tags(
        (name = "account", description = "The account of the token"),
        (name = "events", description = "Events"),
        (name = "registration types", description = "Kinds of ticket of an event"),
        (name = "sessions", description = "Parts of an event with their own check-in"),
        (name = "attendees", description = "People registered for an event"),
        (name = "attendee fields", description = "The event's form questions"),
        (name = "check-in", description = "Check-in, check-out, undo, scans, history and stats"),
        (name = "kiosk", description = "Kiosk extensions beyond the v2 API, under the same base URL (`/api/v2/kiosk/...`): first run, staff, integrations' credentials and the sync with a remote"),
    )
)]
struct ApiDoc;

/// Declares the OAuth 2 client-credentials security scheme the routes refer to.
struct OAuthScheme;

impl Modify for OAuthScheme {
    fn modify(&self, openapi: &mut OpenApiDoc) {
        let scopes = Scopes::from_iter([
            ("read", "Read events, attendees, fields and the account"),
            (
                "write",
                "Create, update and delete, check-in included (does not include read)",
            ),
            (
                "check_in",
                "Extension: check-in operations and scans, nothing else that writes",
            ),
        ]);
        let machine =
            Flow::ClientCredentials(ClientCredentials::new("/oauth/token", scopes.clone()));
        let people = Flow::AuthorizationCode(AuthorizationCode::with_refresh_url(
            "/oauth/authorize",
            "/oauth/token",
            scopes,
            "/oauth/token",
        ));
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "oauth2",
            SecurityScheme::OAuth2(OAuth2::new([machine, people])),
        );
    }
}

/// The API's routes (relative to [`BASE_PATH`]) and the OpenAPI document describing them.
pub fn router() -> (axum::Router<AppState>, OpenApiDoc) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(account::get))
        .routes(routes!(me::get))
        .routes(routes!(me::accept_invitation, me::decline_invitation))
        .routes(routes!(events::list, events::create))
        .routes(routes!(events::get, events::update))
        .routes(routes!(
            registration_types::list,
            registration_types::create
        ))
        .routes(routes!(
            registration_types::update,
            registration_types::delete
        ))
        .routes(routes!(sessions::list, sessions::create))
        .routes(routes!(sessions::update, sessions::delete))
        .routes(routes!(attendees::list, attendees::create))
        .routes(routes!(attendees::get, attendees::update, attendees::erase))
        .routes(routes!(attendee_fields::list, attendee_fields::create))
        .routes(routes!(attendee_fields::update, attendee_fields::delete))
        .routes(routes!(attendee_fields::answer_count))
        .routes(routes!(
            check_in::check_in,
            check_in::check_out,
            check_in::undo
        ))
        .routes(routes!(badges::qr_svg))
        .routes(routes!(badges::qr_png))
        .routes(routes!(badges::badge))
        .routes(routes!(check_in::scan))
        .routes(routes!(check_in::attendee_history))
        .routes(routes!(check_in::event_history))
        .routes(routes!(stream::stream))
        .routes(routes!(check_in::stats))
        .routes(routes!(transfer::export_attendees))
        .routes(routes!(transfer::export_check_ins))
        // A spreadsheet of registrations is larger than any JSON request.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(transfer::import_attendees))
                .layer(axum::extract::DefaultBodyLimit::max(
                    crate::transfer::import::MAX_FILE_BYTES,
                )),
        )
        .split_for_parts()
}

/// The kiosk's own routes (`/kiosk/...`, outside the v2 API) and their OpenAPI paths,
/// each carrying the server `/` so that a reader of the document calls them at the root.
pub fn kiosk_router() -> (axum::Router<AppState>, OpenApiDoc) {
    let (router, doc) = OpenApiRouter::new()
        .routes(routes!(sync::status))
        .routes(routes!(sync::get_config, sync::put_config))
        .routes(routes!(sync::run))
        .routes(routes!(sync::retry))
        .routes(routes!(sync::edit, sync::drop_parked))
        .routes(routes!(integrations::create, integrations::list))
        .routes(routes!(integrations::revoke))
        .routes(routes!(setup::status, setup::create))
        .routes(routes!(setup::create_demo, setup::delete_demo))
        .routes(routes!(staff::list, staff::create))
        .routes(routes!(staff::update))
        .routes(routes!(staff::reset_password))
        .routes(routes!(sync::test_connection))
        .routes(routes!(hub::state))
        .routes(routes!(hub::found))
        .routes(routes!(hub::join))
        .routes(routes!(hub::create_code))
        .routes(routes!(hub::enrol))
        .routes(routes!(hub::devices))
        .routes(routes!(hub::revoke_device))
        .routes(routes!(hub::report))
        .routes(routes!(hub::report_conflict))
        // The UI's own reader of camera frames: not in the document (it is no part of the
        // v2 API), but a kiosk route like the others, under their limits.
        .route("/kiosk/decode", decode::route())
        .split_for_parts();
    (router, doc)
}

//! The OAuth 2 endpoints over HTTP: `/oauth/token` (every grant), `/oauth/authorize` (the
//! sign-in page and its post, PKCE) and `/oauth/revoke`. What they decide with (token
//! hashes, scopes, secrets, PKCE, the sign-in throttle) is `crate::auth`, which knows
//! nothing of HTTP.

pub mod authorize;
pub mod revoke;
pub mod token;

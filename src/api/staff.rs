//! Kiosk extension: the people of an account, managed from the UI's Staff screen instead
//! of `entrada users ...` (an organiser who installed the `.deb` has no terminal).
//!
//! Organisers only (a signed-in person; client credentials are refused). New people and
//! reset passphrases get a temporary passphrase, shown once in the answer; only its
//! argon2 hash is kept. An account always keeps one active organiser: a change that would
//! leave none is refused (422) inside the same write, so two organisers disabling each
//! other at once cannot both succeed.
//!
//! An organiser acts only inside their own account (issue 36): a person's name, role and
//! whether they are disabled are per account (`memberships`). A person's passphrase is
//! theirs in every account, so an organiser may reset it only for someone who belongs to
//! no other account. Adding an email that already signs in here (in another account)
//! makes an invitation the person accepts when signed in with their own passphrase: the
//! answer is the same as for a new person, so that adding never tells whether an email is
//! known on this kiosk, and it gives the adder no power over the person's sign-in.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::Access;
use super::envelope::{Item, ItemRequest, Items};
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody};
use super::state::AppState;
use crate::auth::{Organiser, secrets};
use crate::db::users;
use crate::domain::schema;
use crate::domain::user::{self, Role, StaffMember};
use crate::error::{At, Error, Problem, Problems, Result};

/// Body member of `POST /kiosk/staff`.
#[derive(Deserialize, ToSchema)]
pub struct StaffInput {
    #[schema(schema_with = schema::required_short)]
    pub name: String,
    // Their sign-in name, stored in lower case (`schema_with` documents the member).
    #[schema(schema_with = schema::required_email)]
    pub email: String,
    /// `door` (read, check in, scan) or `organiser` (everything in the account).
    #[schema(value_type = Role)]
    pub role: String,
}

/// Body member of `PATCH /kiosk/staff/{id}`: every member optional.
#[derive(Deserialize, ToSchema)]
pub struct StaffPatch {
    /// Null or absent: unchanged.
    #[schema(schema_with = schema::required_short_or_null)]
    pub name: Option<String>,
    /// `door` or `organiser`; null or absent: unchanged.
    #[schema(value_type = Option<Role>)]
    pub role: Option<String>,
    /// True disables the person in this account (their tokens stop working in it at
    /// once; a person who belongs to no other account is signed out everywhere); false
    /// enables them again. Other accounts the person belongs to are not touched.
    pub disabled: Option<bool>,
}

/// A staff member with the passphrase they sign in with for now (shown once).
#[derive(Serialize, ToSchema)]
pub struct StaffWithPassphrase {
    #[serde(flatten)]
    pub member: StaffMember,
    /// The temporary passphrase, shown only in this answer. The first sign-in with it
    /// (`/oauth/authorize`) asks the person for their own (at least 10 characters, not
    /// this one) and gives no code before. When the email already signs
    /// in on this kiosk (in another account), the person was invited instead: this
    /// passphrase then signs nobody in, the person keeps their own and accepts the
    /// invitation after signing in (`POST /me/invitations/{account_id}`). The answer is
    /// the same in both cases, so that it never tells whether an email is known here.
    #[schema(required = true)]
    pub temporary_password: Option<String>,
}

/// Exactly `door` or `organiser`, like every enumerated member of the API (the schema
/// is the `Role` enum).
fn parse_role(at: &At, value: &str) -> Result<Role, Problem> {
    Role::parse(value).ok_or_else(|| Problem::new(at.clone(), "must be door or organiser"))
}

fn last_organiser() -> Error {
    Error::invalid("The last active organiser cannot be disabled or made door staff")
}

/// The people of the caller's account, by name (kiosk extension; organisers).
///
/// Ordered by `name` (ignoring the case of ASCII letters; equal names by `id`), as the
/// Staff screen shows them: unlike the API's other lists, which are in `id` order.
#[utoipa::path(get, operation_id = "listStaff", path = "/kiosk/staff", tag = "kiosk",
    responses((status = 200, description = "Everyone with a role in the account, disabled people included, ordered by name", body = Items<StaffMember>), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn list(
    access: Access<Organiser>,
    State(state): State<AppState>,
) -> Result<Json<Items<StaffMember>>> {
    let items = access.read(&state.db, users::staff).await?;
    Ok(Json(Items::new(items)))
}

/// Add a door person or an organiser (kiosk extension; organisers). The answer carries
/// a temporary passphrase, shown only there.
#[utoipa::path(post, operation_id = "createStaff", path = "/kiosk/staff", tag = "kiosk",
    request_body = ItemRequest<StaffInput>,
    responses((status = 201, description = "The person, with their temporary passphrase", body = Item<StaffWithPassphrase>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<Organiser>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<StaffInput>,
) -> Result<(StatusCode, Json<Item<StaffWithPassphrase>>)> {
    let mut problems = Problems::new();
    let name = problems.take(user::name(&input.name));
    let email = problems.take(user::email(&input.email));
    let role = problems.take(parse_role(&At::Member("role"), &input.role));
    problems.into_result()?;
    let (Some(name), Some(email), Some(role)) = (name, email, role) else {
        return Err(Error::internal("validated input went missing"));
    };
    let passphrase = secrets::new_temporary_passphrase();
    // The caller is checked before the passphrase is hashed: argon2 is not for strangers.
    let who = access.principal(&state.db).await?;
    let hashed = secrets::hash_secret_bounded(passphrase.clone()).await?;
    let member = state
        .db
        .write(move |conn| {
            let account = who.account_id;
            if users::is_member(conn, account, &email)? {
                return Err(Error::from(Problem::member(
                    "email",
                    format!(": {email} is already staff of this account"),
                )));
            }
            let id = users::add_staff(conn, account, &email, &name, &hashed, role)?;
            users::staff_member(conn, account, id)
        })
        .await?;
    tracing::info!(user_id = member.id, role = %member.role, "staff member added");
    // The same answer whether the email is new here or an invitation (see the module's
    // doc): an invitation's passphrase signs nobody in.
    Ok((
        StatusCode::CREATED,
        Json(Item::new(StaffWithPassphrase {
            member,
            temporary_password: Some(passphrase),
        })),
    ))
}

/// Rename, change the role of, disable or enable a person (kiosk extension; organisers).
/// 422 when the account would be left with no active organiser.
#[utoipa::path(patch, operation_id = "updateStaff", path = "/kiosk/staff/{id}", tag = "kiosk",
    request_body = ItemRequest<StaffPatch>,
    params(("id" = i64, Path, description = "User id")),
    responses((status = 200, description = "The person as now", body = Item<StaffMember>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    access: Access<Organiser>,
    ApiPath(id): ApiPath<i64>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<StaffPatch>,
) -> Result<Json<Item<StaffMember>>> {
    let mut problems = Problems::new();
    let name = match input.name.as_deref() {
        Some(n) => problems.take(user::name(n)),
        None => None,
    };
    let role = match input.role.as_deref() {
        Some(r) => problems.take(parse_role(&At::Member("role"), r)),
        None => None,
    };
    problems.into_result()?;
    let member = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            users::staff_member(conn, account, id)?;
            if let Some(name) = &name {
                users::set_name_in(conn, id, account, name)?;
            }
            if let Some(role) = role {
                users::set_role(conn, id, account, role)?;
            }
            if let Some(disabled) = input.disabled {
                users::set_disabled_in(conn, id, account, disabled)?;
                // Someone who works nowhere else is signed out at once (401 from the
                // next request); a person of other accounts keeps their sign-in there.
                if disabled && users::only_in(conn, id, account)? {
                    users::revoke_tokens(conn, id)?;
                }
            }
            // The writer runs this job in its own savepoint: the refusal undoes it all.
            if users::active_organisers(conn, account)? == 0 {
                return Err(last_organiser());
            }
            users::staff_member(conn, account, id)
        })
        .await?;
    Ok(Json(Item::new(member)))
}

/// Give a person a new temporary passphrase (kiosk extension; organisers). Their current
/// sign-ins end at once.
#[utoipa::path(post, operation_id = "resetStaffPassword", path = "/kiosk/staff/{id}/password", tag = "kiosk",
    params(("id" = i64, Path, description = "User id")),
    responses((status = 200, description = "The person, with their temporary passphrase", body = Item<StaffWithPassphrase>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn reset_password(
    access: Access<Organiser>,
    ApiPath(id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Item<StaffWithPassphrase>>> {
    let passphrase = secrets::new_temporary_passphrase();
    // The caller is checked before the passphrase is hashed: argon2 is not for strangers.
    let who = access.principal(&state.db).await?;
    let hashed = secrets::hash_secret_bounded(passphrase.clone()).await?;
    let member = state
        .db
        .write(move |conn| {
            let account = who.account_id;
            users::staff_member(conn, account, id)?;
            if users::is_invited(conn, id, account)? {
                // A new invitation passphrase, as for a new person who lost theirs: the
                // person's own passphrase is theirs and stays as it is.
            } else if users::only_in(conn, id, account)? {
                users::set_password(conn, id, &hashed, true)?;
            } else {
                return Err(Error::Forbidden(
                    "this person also belongs to another account: only they can change their passphrase".into(),
                ));
            }
            users::staff_member(conn, account, id)
        })
        .await?;
    tracing::info!(user_id = member.id, "temporary passphrase set");
    Ok(Json(Item::new(StaffWithPassphrase {
        member,
        temporary_password: Some(passphrase),
    })))
}

//! Attendees and their answers.
//!
//! An attendee's `fields` are assembled from the event's value-taking fields (read once
//! per request) and the attendee's stored answers, so a list page costs three queries
//! whatever its size: the count, the page, and the answers of the page's id range.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Value, json};

use super::events::Checked;
use super::sync::{self, Change};
use super::{attendee_fields, cache};
use crate::domain::attendee::{
    Attendee, AttendeeChanges, AttendeeFieldValue, AttendeeFieldValueInput, AttendeeFilter,
    NewAttendee, generate_qr_code,
};
use crate::domain::check_in::canonical_code;
use crate::domain::field::AttendeeField;
use crate::domain::page::PageRequest;
use crate::domain::time;
use crate::error::{At, Error, Problem, Problems, Result};

/// The columns `from_row` reads, as a macro so that the statements of the hottest reads
/// are `&'static str` made at compile time: a `format!` per call costs an allocation and
/// the statement cache's hashing of a new string.
macro_rules! columns {
    () => {
        "id, first_name, last_name, email, job_title, rsvp_status, checkin_status, \
         qr_code, created_at, updated_at, phone, company, registration_type_id, event_id, \
         door_note, needs_attention"
    };
}
const COLUMNS: &str = columns!();

fn from_row(row: &Row<'_>) -> rusqlite::Result<Attendee> {
    Ok(Attendee {
        id: row.get(0)?,
        first_name: row.get(1)?,
        last_name: row.get(2)?,
        email: row.get(3)?,
        job_title: row.get(4)?,
        rsvp_status: row.get(5)?,
        checkin_status: row.get(6)?,
        qr_code: row.get(7)?,
        created_at: row.get(8)?,
        updated_at: row.get(9)?,
        phone: row.get(10)?,
        company: row.get(11)?,
        registration_type_id: row.get(12)?,
        event_id: row.get(13)?,
        fields: Vec::new(),
        door_note: row.get(14)?,
        needs_attention: row.get(15)?,
    })
}

/// The event's fields that take answers, in form order: what `Attendee.fields` lists.
pub fn answerable_fields(conn: &Connection, event_id: i64) -> Result<cache::Fields> {
    cache::fields(conn, event_id, || read_answerable(conn, event_id))
}

fn read_answerable(conn: &Connection, event_id: i64) -> Result<Vec<AttendeeField>> {
    let mut fields = attendee_fields::list(conn, event_id)?;
    fields.retain(|f| f.field_type.takes_value());
    Ok(fields)
}

pub fn find_row(conn: &Connection, event_id: i64, id: i64) -> Result<Option<Attendee>> {
    Ok(conn
        .prepare_cached(concat!(
            "SELECT ",
            columns!(),
            " FROM attendees WHERE id = ?1 AND event_id = ?2"
        ))?
        .query_row(params![id, event_id], from_row)
        .optional()?)
}

pub fn require_row(conn: &Connection, event_id: i64, id: i64) -> Result<Attendee> {
    find_row(conn, event_id, id)?
        .ok_or_else(|| Error::not_found(format_args!("attendee {id} of event {event_id}")))
}

/// One attendee with its answers, if it is an attendee of the event.
pub fn find(conn: &Connection, event_id: i64, id: i64) -> Result<Option<Attendee>> {
    let Some(mut attendee) = find_row(conn, event_id, id)? else {
        return Ok(None);
    };
    let fields = answerable_fields(conn, event_id)?;
    attach_answers(conn, std::slice::from_mut(&mut attendee), &fields)?;
    Ok(Some(attendee))
}

/// One attendee with its answers; 404 when it is not an attendee of the event.
pub fn get(conn: &Connection, event_id: i64, id: i64) -> Result<Attendee> {
    let mut attendee = require_row(conn, event_id, id)?;
    let fields = answerable_fields(conn, event_id)?;
    attach_answers(conn, std::slice::from_mut(&mut attendee), &fields)?;
    Ok(attendee)
}

/// [`get`] in an event the caller has checked in this transaction: one query fewer.
pub fn get_in(conn: &Connection, event: Checked, id: i64) -> Result<Attendee> {
    let mut attendee = require_row(conn, event.id, id)?;
    let fields = cache::fields_at(conn, event.id, event.fields_version, || {
        read_answerable(conn, event.id)
    })?;
    attach_answers(conn, std::slice::from_mut(&mut attendee), &fields)?;
    Ok(attendee)
}

/// A page of the event's attendees in id order, and the total count.
///
/// The count is the event's maintained `attendee_count`. A page is found by stepping
/// through the `(event_id, id)` index from whichever end is nearer, so the first and the
/// last page of a large event cost the same; only the page's own rows are read.
pub fn list(conn: &Connection, event_id: i64, page: PageRequest) -> Result<(Vec<Attendee>, u64)> {
    let total: i64 = conn
        .prepare_cached("SELECT attendee_count FROM events WHERE id = ?1")?
        .query_row([event_id], |r| r.get(0))?;
    let start = page.offset();
    if start >= total {
        return Ok((Vec::new(), total.max(0) as u64));
    }
    let end = (start + page.limit()).min(total);
    let ids_sql = if start <= total - end {
        "SELECT id FROM attendees WHERE event_id = ?1 ORDER BY id LIMIT ?2 OFFSET ?3"
    } else {
        "SELECT id FROM attendees WHERE event_id = ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3"
    };
    let skip = if start <= total - end {
        start
    } else {
        total - end
    };
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM attendees WHERE id IN ({ids_sql}) ORDER BY id"
    ))?;
    let rows = stmt.query_map(params![event_id, end - start, skip], from_row)?;
    let mut attendees: Vec<Attendee> = rows.collect::<rusqlite::Result<_>>()?;
    let fields = answerable_fields(conn, event_id)?;
    attach_answers(conn, &mut attendees, &fields)?;
    Ok((attendees, total as u64))
}

/// A page of the event's attendees matching `filter`, in id order, and their count.
pub fn list_filtered(
    conn: &Connection,
    event_id: i64,
    filter: &AttendeeFilter,
    page: PageRequest,
) -> Result<(Vec<Attendee>, u64)> {
    if filter.is_empty() {
        return list(conn, event_id, page);
    }
    // Fixed clauses, each with its value bound as a parameter: only which clauses appear
    // varies, never the text of a value.
    let canonical = filter.qr_code.as_deref().map(canonical_code);
    let mut clauses: Vec<&str> = vec!["event_id = ?"];
    let mut values: Vec<&dyn rusqlite::ToSql> = vec![&event_id];
    if let Some(search) = &filter.search {
        clauses.push("id IN (SELECT rowid FROM attendees_fts WHERE attendees_fts MATCH ?)");
        values.push(search);
    }
    if let (Some(code), Some(canonical)) = (&filter.qr_code, &canonical) {
        // As scans do: a generated code matches in any letter case.
        clauses.push("qr_code IN (?, ?)");
        values.push(code);
        values.push(canonical);
    }
    if let Some(status) = &filter.checkin_status {
        clauses.push("checkin_status = ?");
        values.push(status);
    }
    if let Some(rsvp) = &filter.rsvp_status {
        clauses.push("rsvp_status = ?");
        values.push(rsvp);
    }
    if let Some(type_id) = &filter.registration_type_id {
        clauses.push("registration_type_id = ?");
        values.push(type_id);
    }
    if let Some(since) = &filter.updated_since {
        clauses.push("updated_at >= ?");
        values.push(since);
    }
    let condition = clauses.join(" AND ");
    let total: u64 = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM attendees WHERE {condition}"))?
        .query_row(values.as_slice(), |r| r.get(0))?;
    let (limit, offset) = (page.limit(), page.offset());
    values.push(&limit);
    values.push(&offset);
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM attendees WHERE {condition} ORDER BY id LIMIT ? OFFSET ?"
    ))?;
    let rows = stmt.query_map(values.as_slice(), from_row)?;
    let mut attendees: Vec<Attendee> = rows.collect::<rusqlite::Result<_>>()?;
    let fields = answerable_fields(conn, event_id)?;
    attach_answers(conn, &mut attendees, &fields)?;
    Ok((attendees, total))
}

/// An attendee as the CSV import matches a row to it: by code, or else by email.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub id: i64,
    /// Lower-cased (SQLite's `lower`, ASCII letters only).
    pub email: Option<String>,
    pub qr_code: String,
}

/// The match keys of every attendee of the event, in one query.
pub fn keys(conn: &Connection, event_id: i64) -> Result<Vec<Key>> {
    let mut stmt =
        conn.prepare("SELECT id, lower(email), qr_code FROM attendees WHERE event_id = ?1")?;
    let rows = stmt.query_map([event_id], |r| {
        Ok(Key {
            id: r.get(0)?,
            email: r.get(1)?,
            qr_code: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The code an attendee was stored with (the one generated when none was given).
pub fn qr_code(conn: &Connection, id: i64) -> Result<String> {
    Ok(
        conn.query_row("SELECT qr_code FROM attendees WHERE id = ?1", [id], |r| {
            r.get(0)
        })?,
    )
}

/// Stamps `updated_at = now` on the event's attendees stamped at or after `since`: every
/// row a bulk write (the CSV import) wrote gets the one time of its end.
pub fn restamp_since(conn: &Connection, event_id: i64, since: &str) -> Result<()> {
    conn.prepare("UPDATE attendees SET updated_at = ?1 WHERE event_id = ?2 AND updated_at >= ?3")?
        .execute(params![time::now(), event_id, since])?;
    Ok(())
}

/// Fills `fields` of attendees sorted by id, with one range query over the answers.
fn attach_answers(
    conn: &Connection,
    attendees: &mut [Attendee],
    fields: &[Arc<AttendeeField>],
) -> Result<()> {
    let (Some(first), Some(last)) = (attendees.first(), attendees.last()) else {
        return Ok(());
    };
    let mut answers: HashMap<(i64, i64), Value> = HashMap::new();
    if !fields.is_empty() {
        let mut stmt = conn.prepare_cached(
            "SELECT attendee_id, field_id, value FROM attendee_answers
             WHERE attendee_id BETWEEN ?1 AND ?2",
        )?;
        let mut rows = stmt.query(params![first.id, last.id])?;
        while let Some(row) = rows.next()? {
            let text: String = row.get(2)?;
            let value = serde_json::from_str(&text).map_err(Error::internal)?;
            answers.insert((row.get(0)?, row.get(1)?), value);
        }
    }
    for attendee in attendees.iter_mut() {
        attendee.fields = fields
            .iter()
            .map(|field| AttendeeFieldValue {
                field: field.clone(),
                value: answers
                    .remove(&(attendee.id, field.id))
                    .unwrap_or(Value::Null),
            })
            .collect();
    }
    Ok(())
}

/// Checks answers against the event's fields; returns field id to value (None clears).
fn check_answers(
    fields: &[AttendeeField],
    inputs: &[AttendeeFieldValueInput],
    problems: &mut Problems,
) -> Vec<(i64, Option<Value>)> {
    check_answers_at("fields", fields, inputs, problems)
}

/// [`check_answers`] for a request whose answers are in another member of `item` (`list`:
/// a door check-in's `answers`).
pub fn check_answers_at<F: Borrow<AttendeeField>>(
    list: &'static str,
    fields: &[F],
    inputs: &[AttendeeFieldValueInput],
    problems: &mut Problems,
) -> Vec<(i64, Option<Value>)> {
    let mut checked: Vec<(i64, Option<Value>)> = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter().enumerate() {
        let id = input.attendee_field_id;
        let Some(field) = fields.iter().map(F::borrow).find(|f| f.id == id) else {
            problems.push(Problem::new(
                At::answer(list, Some(i), None).below("attendee_field_id"),
                format!("{id} is not a field of this event"),
            ));
            continue;
        };
        let at = At::answer(list, Some(i), Some(id));
        if checked.iter().any(|(seen, _)| *seen == id) {
            problems.push(Problem::new(
                at,
                format!(": field {id} is answered more than once"),
            ));
            continue;
        }
        match field.check_answer(&at.below("value"), &input.value) {
            Ok(value) => checked.push((id, value)),
            // The field's name beside the index: a script's author sees which answer it is.
            Err(mut problem) => {
                problem.message = format!("{} (field `{}`)", problem.message, field.name);
                problems.push(problem);
            }
        }
    }
    checked
}

fn check_registration_type(
    conn: &Connection,
    event_id: i64,
    id: i64,
    problems: &mut Problems,
) -> Result<()> {
    let known = conn
        .prepare_cached("SELECT 1 FROM registration_types WHERE id = ?1 AND event_id = ?2")?
        .exists(params![id, event_id])?;
    if !known {
        problems.push(Problem::member(
            "registration_type_id",
            format!("{id} is not a registration type of this event"),
        ));
    }
    Ok(())
}

/// A new attendee's answers must include one to each required field that takes one. A
/// field whose answer was refused (`refused`: not an option, not a number) is not said to
/// be missing as well: its own problem says what is wrong (issue 37).
fn check_required_answered(
    fields: &[AttendeeField],
    answers: &[(i64, Option<Value>)],
    refused: &[i64],
    problems: &mut Problems,
) {
    for field in fields
        .iter()
        .filter(|f| f.required && f.field_type.takes_value() && !refused.contains(&f.id))
    {
        let answer = answers
            .iter()
            .find(|(id, _)| *id == field.id)
            .and_then(|(_, v)| v.as_ref());
        if !field.satisfied_by(answer) {
            problems.push(Problem::new(
                At::answer("fields", None, Some(field.id)),
                format!(
                    ": an answer to required field `{}` ({}) is missing",
                    field.name, field.label
                ),
            ));
        }
    }
}

fn qr_code_taken(conn: &Connection, event_id: i64, code: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM attendees WHERE event_id = ?1 AND qr_code = ?2")?
        .exists(params![event_id, code])?)
}

/// Creates an attendee. `problems` holds what parsing found; the checks that need the
/// database are added, and nothing is written unless there are none.
pub fn create(
    conn: &Connection,
    event_id: i64,
    new: NewAttendee,
    mut problems: Problems,
) -> Result<Attendee> {
    let fields = attendee_fields::list(conn, event_id)?;
    if let Some(id) = new.registration_type_id {
        check_registration_type(conn, event_id, id, &mut problems)?;
    }
    let answers = check_answers(&fields, &new.answers, &mut problems);
    let refused: Vec<i64> = new
        .answers
        .iter()
        .map(|a| a.attendee_field_id)
        .filter(|id| !answers.iter().any(|(ok, _)| ok == id))
        .collect();
    check_required_answered(&fields, &answers, &refused, &mut problems);
    let qr_code = match new.qr_code {
        Some(code) => {
            if qr_code_taken(conn, event_id, &code)? {
                problems.push(Problem::member(
                    "qr_code",
                    "is already used by another attendee of this event",
                ));
            }
            code
        }
        None => loop {
            let code = generate_qr_code();
            if !qr_code_taken(conn, event_id, &code)? {
                break code;
            }
        },
    };
    problems.into_result()?;

    let now = time::now();
    conn.prepare_cached(
        "INSERT INTO attendees (event_id, first_name, last_name, email, job_title, phone, company,
             registration_type_id, rsvp_status, qr_code, created_at, updated_at, door_note,
             needs_attention)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12, ?13)",
    )?
    .execute(params![
        event_id,
        new.first_name,
        new.last_name,
        new.email,
        new.job_title,
        new.phone,
        new.company,
        new.registration_type_id,
        new.rsvp_status,
        qr_code,
        now,
        new.door_note,
        new.needs_attention
    ])?;
    let id = conn.last_insert_rowid();
    store_answers(conn, id, &answers)?;
    let created = get(conn, event_id, id)?;
    sync::queue(
        conn,
        event_id,
        Change::AttendeeCreate,
        id,
        &json!({"item": create_item(&created)}),
        None,
    )?;
    Ok(created)
}

/// The create request that reproduces `a` elsewhere (local ids; the sync maps them).
fn create_item(a: &Attendee) -> Value {
    let answers: Vec<Value> = a
        .fields
        .iter()
        .filter(|f| !f.value.is_null())
        .map(|f| json!({"attendee_field_id": f.field.id, "value": f.value}))
        .collect();
    json!({
        "first_name": a.first_name,
        "last_name": a.last_name,
        "email": a.email,
        "phone": a.phone,
        "job_title": a.job_title,
        "company": a.company,
        "registration_type_id": a.registration_type_id,
        "rsvp_status": a.rsvp_status,
        "qr_code": a.qr_code,
        "fields": answers,
    })
}

/// The members of `after` that differ from `before`, as an update request would carry
/// them, plus the answers the request set.
fn update_item(before: &Attendee, after: &Attendee, answers: &[(i64, Option<Value>)]) -> Value {
    let mut item = serde_json::Map::new();
    let b = serde_json::to_value(before).unwrap_or(Value::Null);
    let a = serde_json::to_value(after).unwrap_or(Value::Null);
    for member in Member::ALL.map(Member::name) {
        if b[member] != a[member] {
            item.insert(member.to_owned(), a[member].clone());
        }
    }
    if !answers.is_empty() {
        let fields: Vec<Value> = answers
            .iter()
            .map(|(id, v)| json!({"attendee_field_id": id, "value": v}))
            .collect();
        item.insert("fields".to_owned(), Value::Array(fields));
    }
    Value::Object(item)
}

/// The attendee members a sync compares and merges one by one: a closed set, so that
/// the SQL that writes one of them (`db::mirror::set_member`) names its column by a
/// `match`, never by splicing text into a statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Member {
    FirstName,
    LastName,
    Email,
    Phone,
    JobTitle,
    Company,
    RegistrationTypeId,
    RsvpStatus,
}

impl Member {
    pub const ALL: [Member; 8] = [
        Member::FirstName,
        Member::LastName,
        Member::Email,
        Member::Phone,
        Member::JobTitle,
        Member::Company,
        Member::RegistrationTypeId,
        Member::RsvpStatus,
    ];

    /// The member's name in records and request bodies (also its column's).
    pub fn name(self) -> &'static str {
        match self {
            Member::FirstName => "first_name",
            Member::LastName => "last_name",
            Member::Email => "email",
            Member::Phone => "phone",
            Member::JobTitle => "job_title",
            Member::Company => "company",
            Member::RegistrationTypeId => "registration_type_id",
            Member::RsvpStatus => "rsvp_status",
        }
    }
}

/// Applies changes to an attendee; 404 first, then every 422 problem at once.
pub fn update(
    conn: &Connection,
    event_id: i64,
    id: i64,
    changes: AttendeeChanges,
    mut problems: Problems,
) -> Result<Attendee> {
    let current = require_row(conn, event_id, id)?;
    let fields = attendee_fields::list(conn, event_id)?;
    if let Some(Some(rt)) = changes.registration_type_id {
        check_registration_type(conn, event_id, rt, &mut problems)?;
    }
    let answers = check_answers(&fields, &changes.answers, &mut problems);
    for (id, value) in &answers {
        if let Some(field) = fields.iter().find(|f| f.id == *id && f.required)
            && !field.satisfied_by(value.as_ref())
        {
            problems.push(Problem::new(
                At::answer("fields", None, Some(field.id)),
                format!(
                    ": field `{}` ({}) is required and cannot be cleared",
                    field.name, field.label
                ),
            ));
        }
    }
    problems.into_result()?;
    if changes_nothing(conn, &current, &changes, &answers)? {
        // Nothing to write: `updated_at` stays, so syncs and `updated_since` readers do
        // not see a change that is none (e.g. a spreadsheet imported again).
        return get(conn, event_id, id);
    }
    let before = current.clone();

    conn.prepare_cached(
        "UPDATE attendees SET first_name = ?1, last_name = ?2, email = ?3, job_title = ?4, phone = ?5,
             company = ?6, registration_type_id = ?7, rsvp_status = ?8, updated_at = ?9,
             door_note = ?10, needs_attention = ?11
         WHERE id = ?12",
    )?
    .execute(params![
        changes.first_name.unwrap_or(current.first_name),
        changes.last_name.unwrap_or(current.last_name),
        changes.email.unwrap_or(current.email),
        changes.job_title.unwrap_or(current.job_title),
        changes.phone.unwrap_or(current.phone),
        changes.company.unwrap_or(current.company),
        changes.registration_type_id.unwrap_or(current.registration_type_id),
        changes.rsvp_status.unwrap_or(current.rsvp_status),
        time::now(),
        changes.door_note.unwrap_or(current.door_note),
        changes.needs_attention.unwrap_or(current.needs_attention),
        id
    ])?;
    store_answers(conn, id, &answers)?;
    let after = get(conn, event_id, id)?;
    let item = update_item(&before, &after, &answers);
    if item.as_object().is_some_and(|m| !m.is_empty()) {
        sync::queue(
            conn,
            event_id,
            Change::AttendeeUpdate,
            id,
            &json!({"item": item}),
            None,
        )?;
    }
    Ok(after)
}

/// Whether applying `changes` and `answers` to `current` would leave it as it is.
fn changes_nothing(
    conn: &Connection,
    current: &Attendee,
    changes: &AttendeeChanges,
    answers: &[(i64, Option<Value>)],
) -> Result<bool> {
    fn same<T: PartialEq>(change: &Option<T>, current: &T) -> bool {
        change.as_ref().is_none_or(|v| v == current)
    }
    let members = same(&changes.first_name, &current.first_name)
        && same(&changes.last_name, &current.last_name)
        && same(&changes.email, &current.email)
        && same(&changes.phone, &current.phone)
        && same(&changes.job_title, &current.job_title)
        && same(&changes.company, &current.company)
        && same(&changes.registration_type_id, &current.registration_type_id)
        && same(&changes.rsvp_status, &current.rsvp_status)
        && same(&changes.door_note, &current.door_note)
        && same(&changes.needs_attention, &current.needs_attention);
    if !members {
        return Ok(false);
    }
    let mut stmt = conn.prepare_cached(
        "SELECT value FROM attendee_answers WHERE attendee_id = ?1 AND field_id = ?2",
    )?;
    for (field_id, value) in answers {
        let stored: Option<String> = stmt
            .query_row(params![current.id, field_id], |r| r.get(0))
            .optional()?;
        if stored != value.as_ref().map(Value::to_string) {
            return Ok(false);
        }
    }
    Ok(true)
}

fn store_answers(
    conn: &Connection,
    attendee_id: i64,
    answers: &[(i64, Option<Value>)],
) -> Result<()> {
    for (field_id, value) in answers {
        match value {
            Some(value) => {
                conn.prepare_cached(
                    "INSERT INTO attendee_answers (attendee_id, field_id, value) VALUES (?1, ?2, ?3)
                     ON CONFLICT (attendee_id, field_id) DO UPDATE SET value = excluded.value",
                )?
                .execute(params![attendee_id, field_id, value.to_string()])?;
            }
            None => {
                conn.prepare_cached(
                    "DELETE FROM attendee_answers WHERE attendee_id = ?1 AND field_id = ?2",
                )?
                .execute(params![attendee_id, field_id])?;
            }
        }
    }
    Ok(())
}

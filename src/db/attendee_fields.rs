//! Attendee fields (form questions) of an event, their order, and what changing or
//! deleting one does to the answers already given.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Value, json};

use super::sync::{self, Change};

use crate::domain::field::{AttendeeField, FieldDefinition, FieldType, machine_name};
use crate::domain::time;
use crate::error::{At, Error, Result};

const COLUMNS: &str = "id, label, required, position, name, type, options";

fn from_row(row: &Row<'_>) -> rusqlite::Result<AttendeeField> {
    let options: String = row.get(6)?;
    Ok(AttendeeField {
        id: row.get(0)?,
        label: row.get(1)?,
        required: row.get(2)?,
        position: row.get(3)?,
        name: row.get(4)?,
        field_type: row.get::<_, FieldType>(5)?,
        options: serde_json::from_str(&options).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(6, rusqlite::types::Type::Text, Box::new(e))
        })?,
    })
}

/// Every field of the event, in position order.
pub fn list(conn: &Connection, event_id: i64) -> Result<Vec<AttendeeField>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM attendee_fields WHERE event_id = ?1 ORDER BY position, id"
    ))?;
    let rows = stmt.query_map([event_id], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn require(conn: &Connection, event_id: i64, id: i64) -> Result<AttendeeField> {
    conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM attendee_fields WHERE id = ?1 AND event_id = ?2"
    ))?
    .query_row(params![id, event_id], from_row)
    .optional()?
    .ok_or_else(|| Error::not_found(format_args!("attendee field {id} of event {event_id}")))
}

/// The number of stored answers to `field` (uses the `attendee_answers_field` index).
pub fn answer_count(conn: &Connection, field: &AttendeeField) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COUNT(*) FROM attendee_answers WHERE field_id = ?1")?
        .query_row([field.id], |r| r.get(0))?)
}

fn options_json(def: &FieldDefinition) -> Result<String> {
    serde_json::to_string(&def.options).map_err(Error::internal)
}

/// Creates a field at the end of the form, with a machine name unique in the event.
pub fn create(conn: &Connection, event_id: i64, def: &FieldDefinition) -> Result<AttendeeField> {
    let base = machine_name(&def.label);
    let mut name = base.clone();
    let mut suffix = 2;
    while conn
        .prepare_cached("SELECT 1 FROM attendee_fields WHERE event_id = ?1 AND name = ?2")?
        .exists(params![event_id, name])?
    {
        name = format!("{base}_{suffix}");
        suffix += 1;
    }
    let position: i64 = conn
        .prepare_cached(
            "SELECT COALESCE(MAX(position), 0) + 1 FROM attendee_fields WHERE event_id = ?1",
        )?
        .query_row([event_id], |r| r.get(0))?;
    let now = time::now();
    conn.execute(
        "INSERT INTO attendee_fields (event_id, label, name, type, required, position, options, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        params![event_id, def.label, name, def.field_type, def.required, position, options_json(def)?, now],
    )?;
    let field = require(conn, event_id, conn.last_insert_rowid())?;
    sync::queue(
        conn,
        event_id,
        Change::FieldCreate,
        field.id,
        &json!({"item": field_item(&field)}),
        None,
    )?;
    Ok(field)
}

/// The members of a field that a create or update request carries.
fn field_item(f: &AttendeeField) -> Value {
    json!({
        "label": f.label,
        "type": f.field_type,
        "required": f.required,
        "options": f.options,
    })
}

/// Applies a new definition (and optionally a new position) to a field. A change of type
/// or options that would make answers already given invalid is refused, naming some of
/// them, rather than silently dropping data.
pub fn update(
    conn: &Connection,
    event_id: i64,
    current: &AttendeeField,
    def: &FieldDefinition,
    position: Option<i64>,
) -> Result<AttendeeField> {
    if def.field_type != current.field_type || def.options != current.options {
        check_existing_answers(
            conn,
            &def.as_field(current.id, &current.name, current.position),
        )?;
    }
    if let Some(wanted) = position {
        move_to(conn, event_id, current, wanted)?;
    }
    conn.execute(
        "UPDATE attendee_fields SET label = ?1, type = ?2, required = ?3, options = ?4, updated_at = ?5
         WHERE id = ?6",
        params![def.label, def.field_type, def.required, options_json(def)?, time::now(), current.id],
    )?;
    touch_answering_attendees(conn, current.id)?;
    let field = require(conn, event_id, current.id)?;
    let mut item = field_item(&field);
    if position.is_some() {
        item["position"] = json!(field.position);
    }
    sync::queue(
        conn,
        event_id,
        Change::FieldUpdate,
        field.id,
        &json!({"item": item}),
        None,
    )?;
    Ok(field)
}

fn check_existing_answers(conn: &Connection, field: &AttendeeField) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT attendee_id, value FROM attendee_answers WHERE field_id = ?1 ORDER BY attendee_id",
    )?;
    let mut rows = stmt.query([field.id])?;
    let mut broken = 0usize;
    let mut examples = Vec::new();
    while let Some(row) = rows.next()? {
        let attendee_id: i64 = row.get(0)?;
        let value: Value =
            serde_json::from_str(&row.get::<_, String>(1)?).map_err(Error::internal)?;
        if let Err(why) = field.check_answer(&At::outside("answer"), &value) {
            broken += 1;
            if examples.len() < 3 {
                examples.push(format!("attendee {attendee_id}: {why}"));
            }
        }
    }
    if broken == 0 {
        return Ok(());
    }
    Err(Error::invalid(format!(
        "item: {broken} existing answer(s) would not fit the changed field; change or clear them first ({})",
        examples.join("; ")
    )))
}

/// Moves a field to `wanted` (clamped to the form), shifting the fields in between.
fn move_to(conn: &Connection, event_id: i64, field: &AttendeeField, wanted: i64) -> Result<()> {
    let count: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM attendee_fields WHERE event_id = ?1")?
        .query_row([event_id], |r| r.get(0))?;
    let target = wanted.clamp(1, count.max(1));
    let from = field.position;
    if target > from {
        conn.execute(
            "UPDATE attendee_fields SET position = position - 1
             WHERE event_id = ?1 AND position > ?2 AND position <= ?3",
            params![event_id, from, target],
        )?;
    } else if target < from {
        conn.execute(
            "UPDATE attendee_fields SET position = position + 1
             WHERE event_id = ?1 AND position >= ?2 AND position < ?3",
            params![event_id, target, from],
        )?;
    }
    conn.execute(
        "UPDATE attendee_fields SET position = ?1 WHERE id = ?2",
        params![target, field.id],
    )?;
    Ok(())
}

/// Deletes a field and its answers; the fields after it move up one place.
pub fn delete(conn: &Connection, event_id: i64, field: &AttendeeField) -> Result<()> {
    touch_answering_attendees(conn, field.id)?;
    conn.execute("DELETE FROM attendee_fields WHERE id = ?1", [field.id])?;
    conn.execute(
        "UPDATE attendee_fields SET position = position - 1 WHERE event_id = ?1 AND position > ?2",
        params![event_id, field.position],
    )?;
    sync::queue(
        conn,
        event_id,
        Change::FieldDelete,
        field.id,
        &json!({}),
        None,
    )?;
    Ok(())
}

/// An attendee's `fields` changes when a field it answered changes, so its `updated_at`
/// moves too (integrations poll on it).
fn touch_answering_attendees(conn: &Connection, field_id: i64) -> Result<()> {
    conn.prepare_cached(
        "UPDATE attendees SET updated_at = ?1
         WHERE id IN (SELECT attendee_id FROM attendee_answers WHERE field_id = ?2)",
    )?
    .execute(params![time::now(), field_id])?;
    Ok(())
}

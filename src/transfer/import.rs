//! CSV import of attendees: an organiser's spreadsheet of registrations into one event.
//!
//! The file is read once into a [`Sheet`] (no database needed: encoding, separator,
//! headings). Then [`run`] maps the headings to attendee members and to the event's
//! fields and applies every row inside one write transaction, through the same
//! repository functions (and so the same validation, outbox entries and search index) as
//! the API's create and update. A row is checked whole before anything of it is written;
//! only a row that fails anyway runs in a savepoint (to collect the API's messages), since
//! a savepoint per row makes SQLite's search index flush at every row (BENCHMARKS.md). At
//! the end the whole import is kept or rolled back: a dry run and a file with invalid rows
//! (unless the person chose to import only the valid ones) write nothing.
//!
//! Re-importing a file does not duplicate anyone: a row is matched to an attendee of the
//! event by its `qr_code` cell when there is one, otherwise by email (case-insensitive).
//! A matched row whose values are already stored counts as `unchanged` and writes nothing.

use std::collections::{HashMap, HashSet};

use rusqlite::Connection;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::db::writer::Savepoint;
use crate::db::{attendee_fields, attendees, events};
use crate::domain::attendee::{AttendeeCreateInput, AttendeeFieldValueInput, AttendeeUpdateInput};
use crate::domain::field::AttendeeField;
use crate::domain::time;
use crate::error::{AnswerAt, At, Error, Problem, Result};
use crate::l10n::{self, Lang};

/// Largest file accepted (the API's import route and the command line alike).
pub const MAX_FILE_BYTES: usize = 64 * 1024 * 1024;

/// A CSV file read into rows of text, with its headings.
#[derive(Debug)]
pub struct Sheet {
    pub headings: Vec<String>,
    /// The file's line number of each row (the heading is line 1) and its cells.
    pub rows: Vec<(usize, Vec<String>)>,
    pub delimiter: char,
}

impl Sheet {
    /// Reads UTF-8 CSV (with or without a byte-order mark), separated by commas,
    /// semicolons or tabs (whichever the heading line uses most).
    pub fn read(bytes: &[u8]) -> Result<Sheet> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if let Err(e) = std::str::from_utf8(bytes) {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            return Err(Error::invalid(format!(
                r#"the file is not UTF-8 text (line {line}); save it as "CSV UTF-8""#
            )));
        }
        let first_line = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
        let delimiter = [b',', b';', b'\t']
            .into_iter()
            .max_by_key(|d| first_line.iter().filter(|b| *b == d).count())
            .unwrap_or(b',');
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .flexible(true)
            .has_headers(true)
            .from_reader(bytes);
        let headings: Vec<String> = reader
            .headers()
            .map_err(|e| Error::invalid(format!("the heading line cannot be read: {e}")))?
            .iter()
            .map(|h| h.trim().to_owned())
            .collect();
        if headings.iter().all(String::is_empty) {
            return Err(Error::invalid(
                "the file is empty: the first line must name the columns",
            ));
        }
        let mut rows = Vec::new();
        let (mut counted_to, mut newlines) = (0usize, 0usize);
        for record in reader.records() {
            let record = record.map_err(|e| {
                let line = e.position().map_or(0, |p| p.line());
                Error::invalid(format!("line {line} cannot be read: {e}"))
            })?;
            if record.iter().all(|c| c.trim().is_empty()) {
                continue; // blank lines, common at the end of exported sheets
            }
            // The line in the file as an editor shows it (csv's own count skips blank
            // lines): newlines before the record's first byte, plus one.
            let line = record.position().map_or(0, |p| {
                // The position may point at blank lines the reader skipped before it.
                let mut start = (p.byte() as usize).min(bytes.len());
                while bytes.get(start).is_some_and(|b| matches!(b, b'\n' | b'\r')) {
                    start += 1;
                }
                // Count on from the previous record only: once over the file in all.
                if start >= counted_to {
                    newlines += bytecount_newlines(&bytes[counted_to..start]);
                    counted_to = start;
                }
                newlines + 1
            });
            rows.push((line, record.iter().map(str::to_owned).collect()));
        }
        Ok(Sheet {
            headings,
            rows,
            delimiter: char::from(delimiter),
        })
    }
}

fn bytecount_newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| **b == b'\n').count()
}

/// What to do with a sheet.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Report what would happen and write nothing.
    pub dry_run: bool,
    /// Write the valid rows even when some rows are invalid.
    pub valid_only: bool,
    /// Heading → member or field, for headings that do not name one themselves; an
    /// empty target ignores the column.
    pub map: Vec<(String, String)>,
    /// The language the rows' problems are said in (the request's; the command line's
    /// is English).
    pub lang: Lang,
}

impl ImportOptions {
    /// Parses `--map` values of the form `Heading=target`.
    pub fn parse_map(text: &str) -> std::result::Result<(String, String), String> {
        let (heading, target) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}` is not HEADING=TARGET"))?;
        Ok((heading.trim().to_owned(), target.trim().to_owned()))
    }
}

/// The outcome of an import, or of its dry run.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportReport {
    pub dry_run: bool,
    /// Whether anything was stored.
    pub written: bool,
    /// Whether the import was refused because of invalid rows (nothing stored; send it
    /// again with `valid_only` to store the valid ones).
    pub refused: bool,
    pub rows: usize,
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub invalid: usize,
    /// How each heading was understood (`target` null: not imported).
    pub columns: Vec<ColumnUse>,
    /// One entry per row, in file order.
    pub results: Vec<RowResult>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ColumnUse {
    pub heading: String,
    /// `first_name`, ..., `registration_type`, or `field:<name>`; null when ignored.
    #[schema(required = true)]
    pub target: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RowResult {
    /// The row's line in the file (the heading line is 1).
    pub row: usize,
    /// `create`, `update`, `unchanged` or `invalid`.
    #[schema(schema_with = crate::domain::schema::row_action)]
    pub action: &'static str,
    /// The attendee the row created or updated (or, for an invalid row, matched). Null
    /// when there is none: a row with no match that is invalid, or an attendee this import
    /// would create but did not store (a dry run, or an import refused for invalid rows),
    /// including later rows matched to it. An existing attendee keeps its id.
    #[schema(required = true)]
    pub attendee_id: Option<i64>,
    pub name: String,
    pub errors: Vec<String>,
}

/// The attendee members a column can fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Member {
    FirstName,
    LastName,
    Email,
    Phone,
    JobTitle,
    Company,
    RsvpStatus,
    QrCode,
    RegistrationType,
    DoorNote,
    NeedsAttention,
}

impl Member {
    const ALL: [(Member, &'static str); 11] = [
        (Member::FirstName, "first_name"),
        (Member::LastName, "last_name"),
        (Member::Email, "email"),
        (Member::Phone, "phone"),
        (Member::JobTitle, "job_title"),
        (Member::Company, "company"),
        (Member::RsvpStatus, "rsvp_status"),
        (Member::QrCode, "qr_code"),
        (Member::RegistrationType, "registration_type"),
        (Member::DoorNote, "door_note"),
        (Member::NeedsAttention, "needs_attention"),
    ];

    /// The member of the API's `item` this fills (`registration_type_id` for
    /// `registration_type`).
    fn api_name(self) -> &'static str {
        match self {
            Member::RegistrationType => "registration_type_id",
            other => other.name(),
        }
    }

    fn name(self) -> &'static str {
        Member::ALL
            .iter()
            .find(|(m, _)| *m == self)
            .map_or("", |(_, n)| n)
    }

    /// Headings spreadsheets commonly use for a member, normalised.
    fn by_heading(key: &str) -> Option<Member> {
        let alias = match key {
            "firstname" | "first" | "given_name" => "first_name",
            "lastname" | "last" | "surname" | "family_name" => "last_name",
            "e_mail" | "mail" | "email_address" => "email",
            "mobile" | "telephone" | "phone_number" => "phone",
            "title" | "job" | "position" => "job_title",
            "organisation" | "organization" | "company_name" => "company",
            "rsvp" | "status" => "rsvp_status",
            "ticket" | "code" | "ticket_code" | "qr" => "qr_code",
            "registration_type_id" | "ticket_type" | "type" => "registration_type",
            "note" | "door_notes" | "notes_for_the_door" => "door_note",
            "attention" | "special_attention" | "requires_attention" => "needs_attention",
            other => other,
        };
        Member::ALL
            .iter()
            .find(|(_, n)| *n == alias)
            .map(|(m, _)| *m)
    }
}

#[derive(Debug, Clone, Copy)]
enum Target {
    Member(Member),
    /// Index into the event's answerable fields.
    Field(usize),
}

/// Lower case, spaces, dashes and dots as underscores: "E-mail" and "e_mail" meet.
fn normalise(heading: &str) -> String {
    let mut out = String::with_capacity(heading.len());
    for c in heading.trim().to_lowercase().chars() {
        let c = if matches!(c, ' ' | '-' | '.' | '/') {
            '_'
        } else {
            c
        };
        if !(c == '_' && out.ends_with('_')) {
            out.push(c);
        }
    }
    out.trim_matches('_').to_owned()
}

/// Resolves each heading to a member or a field; two headings for one target, or a
/// `--map` naming nothing, is an error for the whole file.
fn plan(
    headings: &[String],
    fields: &[AttendeeField],
    map: &[(String, String)],
) -> Result<Vec<Option<Target>>> {
    let by_name = |wanted: &str| -> Option<Target> {
        // `field:<name>`, as the report names targets, picks a field even where its name
        // is also a member's (a question called "company").
        if let Some(name) = wanted.strip_prefix("field:") {
            return fields
                .iter()
                .position(|f| f.name == name)
                .map(Target::Field);
        }
        let key = normalise(wanted);
        if let Some(i) = fields
            .iter()
            .position(|f| normalise(&f.name) == key || normalise(&f.label) == key)
        {
            return Some(Target::Field(i));
        }
        Member::by_heading(&key).map(Target::Member)
    };
    let mut problems = Vec::new();
    for (heading, _) in map {
        if !headings.iter().any(|h| h.eq_ignore_ascii_case(heading)) {
            problems.push(Problem::whole(format!(
                "--map names a column `{heading}` the file does not have"
            )));
        }
    }
    let mut plan = Vec::with_capacity(headings.len());
    for heading in headings {
        let mapped = map.iter().find(|(h, _)| h.eq_ignore_ascii_case(heading));
        let target = match mapped {
            Some((_, target)) if target.is_empty() => None,
            Some((_, target)) => {
                let found = by_name(target);
                if found.is_none() {
                    problems.push(Problem::whole(format!(
                        "column `{heading}` is mapped to `{target}`, which is neither an attendee member nor a field of the event"
                    )));
                }
                found
            }
            None => by_name(heading),
        };
        plan.push(target);
    }
    for (i, a) in plan.iter().enumerate() {
        for (j, b) in plan.iter().enumerate().skip(i + 1) {
            let same = match (a, b) {
                (Some(Target::Member(x)), Some(Target::Member(y))) => x == y,
                (Some(Target::Field(x)), Some(Target::Field(y))) => x == y,
                _ => false,
            };
            if same {
                problems.push(Problem::whole(format!(
                    "columns `{}` and `{}` both fill the same member: map one of them elsewhere, or leave it out",
                    headings[i], headings[j]
                )));
            }
        }
    }
    if !plan
        .iter()
        .any(|t| matches!(t, Some(Target::Member(Member::FirstName))))
    {
        problems.push(Problem::whole(
            "no column holds first names (a `first_name` heading, or --map HEADING=first_name)",
        ));
    }
    if problems.is_empty() {
        Ok(plan)
    } else {
        Err(Error::Validation(problems))
    }
}

/// One row read into the API's inputs, with what could not be read.
struct RowInput {
    members: HashMap<&'static str, String>,
    registration_type_id: Option<i64>,
    needs_attention: Option<bool>,
    answers: Vec<AttendeeFieldValueInput>,
    problems: Vec<Problem>,
}

fn read_row(
    cells: &[String],
    headings: &[String],
    plan: &[Option<Target>],
    fields: &[AttendeeField],
    types: &HashMap<String, i64>,
) -> RowInput {
    let mut row = RowInput {
        members: HashMap::new(),
        registration_type_id: None,
        needs_attention: None,
        answers: Vec::new(),
        problems: Vec::new(),
    };
    if cells.len() > headings.len() && cells[headings.len()..].iter().any(|c| !c.trim().is_empty())
    {
        row.problems.push(Problem::whole(format!(
            "the row has {} cells but the heading names {} columns",
            cells.len(),
            headings.len()
        )));
    }
    for (i, target) in plan.iter().enumerate() {
        let Some(target) = target else { continue };
        let cell = cells
            .get(i)
            .map(|c| super::export::unescape_cell(c.trim()))
            .unwrap_or_default();
        if cell.is_empty() {
            continue;
        }
        match target {
            Target::Member(Member::RegistrationType) => {
                let id = cell
                    .parse::<i64>()
                    .ok()
                    .filter(|id| types.values().any(|t| t == id))
                    .or_else(|| types.get(&cell.to_lowercase()).copied());
                match id {
                    Some(id) => row.registration_type_id = Some(id),
                    None => row.problems.push(Problem::member(
                        "registration_type_id",
                        format!(": `{cell}` is not a registration type of this event"),
                    )),
                }
            }
            Target::Member(Member::NeedsAttention) => match flag(cell) {
                Some(on) => row.needs_attention = Some(on),
                None => row.problems.push(Problem::member(
                    "needs_attention",
                    format!(": `{cell}` is not one of yes, no, true, false, 1, 0"),
                )),
            },
            Target::Member(m) => {
                row.members.insert(m.name(), cell.to_owned());
            }
            Target::Field(f) => {
                let field = &fields[*f];
                let at = At::answer("fields", None, Some(field.id));
                match field.answer_from_text(&at, cell) {
                    Ok(value) => {
                        row.answers.push(AttendeeFieldValueInput {
                            attendee_field_id: field.id,
                            value,
                        });
                    }
                    Err(e) => row.problems.push(e),
                }
            }
        }
    }
    row
}

/// A yes/no cell as spreadsheets write it.
fn flag(cell: &str) -> Option<bool> {
    match cell.trim().to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "1" | "x" => Some(true),
        "no" | "n" | "false" | "0" => Some(false),
        _ => None,
    }
}

fn display_name(row: &RowInput) -> String {
    let first = row.members.get("first_name").map_or("", String::as_str);
    let last = row.members.get("last_name").map_or("", String::as_str);
    format!("{first} {last}").trim().to_owned()
}

/// Imports `sheet` into `event_id` (of `account_id`) inside the caller's write
/// transaction. `progress(done, total)` is called as rows are processed.
pub fn run(
    conn: &Connection,
    account_id: i64,
    event_id: i64,
    sheet: &Sheet,
    options: &ImportOptions,
    progress: &(dyn Fn(u64, u64) + Send + Sync),
) -> Result<ImportReport> {
    events::check(conn, account_id, event_id)?;
    let fields: Vec<AttendeeField> = attendee_fields::list(conn, event_id)?
        .into_iter()
        .filter(|f| f.field_type.takes_value())
        .collect();
    let plan = plan(&sheet.headings, &fields, &options.map)?;
    let types: HashMap<String, i64> = events::registration_types(conn, event_id)?
        .into_iter()
        .map(|t| (t.name.to_lowercase(), t.id))
        .collect();
    let layout = Layout {
        sheet,
        plan: &plan,
        fields: &fields,
        types: &types,
        lang: options.lang,
    };
    let mut known = Known::read(conn, event_id)?;
    // Every row this import writes is stamped at or after this.
    let started = time::now();
    // The attendees this import created: their ids mean nothing when it is rolled back.
    let mut created_ids: HashSet<i64> = HashSet::new();
    let savepoint = Savepoint::open(conn, "import")?;
    let mut report = layout.empty_report(options);
    let outcome = import_rows(
        conn,
        event_id,
        &layout,
        &mut known,
        &mut report,
        &mut created_ids,
        progress,
    );
    if let Err(e) = outcome {
        savepoint.roll_back()?;
        return Err(e);
    }
    let keep = !options.dry_run && (report.invalid == 0 || options.valid_only);
    if keep {
        if report.created + report.updated > 0 {
            stamp_at_the_end(conn, event_id, &started)?;
        }
        savepoint.release()?;
    } else {
        savepoint.roll_back()?;
        // Those attendees do not exist, and their ids go to the next ones created.
        for result in &mut report.results {
            if result
                .attendee_id
                .is_some_and(|id| created_ids.contains(&id))
            {
                result.attendee_id = None;
            }
        }
    }
    report.written = keep && report.created + report.updated > 0;
    report.refused = !options.dry_run && !keep;
    Ok(report)
}

/// The sheet and how its columns map to the event.
struct Layout<'a> {
    sheet: &'a Sheet,
    plan: &'a [Option<Target>],
    fields: &'a [AttendeeField],
    types: &'a HashMap<String, i64>,
    lang: Lang,
}

impl Layout<'_> {
    /// A problem as the report shows it: its place named by the column that holds it
    /// (``column `E-mail` `` for `item.email`, the field's column for an answer), else
    /// as the API names it (`item.fields`, for a required field the file has no column
    /// for). Said in the import's language, the place too.
    fn in_columns(&self, problem: &Problem) -> String {
        let column = self
            .plan
            .iter()
            .zip(&self.sheet.headings)
            .find(|(target, _)| match (&problem.at, target) {
                (At::Member(member), Some(Target::Member(m))) => m.api_name() == *member,
                (
                    At::Answer(AnswerAt {
                        field_id: Some(id), ..
                    }),
                    Some(Target::Field(f)),
                ) => self.fields[*f].id == *id,
                _ => false,
            })
            .map(|(_, heading)| l10n::text(self.lang, "import-column", &[("heading", heading)]));
        problem.placed_saying(
            column.or_else(|| problem.at.path()).as_deref(),
            &l10n::problem(self.lang, &problem.message),
        )
    }

    /// A report of no rows yet, with the columns' use.
    fn empty_report(&self, options: &ImportOptions) -> ImportReport {
        ImportReport {
            dry_run: options.dry_run,
            written: false,
            refused: false,
            rows: self.sheet.rows.len(),
            created: 0,
            updated: 0,
            unchanged: 0,
            invalid: 0,
            columns: self
                .sheet
                .headings
                .iter()
                .zip(self.plan)
                .map(|(h, t)| ColumnUse {
                    heading: h.clone(),
                    target: t.map(|t| match t {
                        Target::Member(m) => m.name().to_owned(),
                        Target::Field(i) => format!("field:{}", self.fields[i].name),
                    }),
                })
                .collect(),
            results: Vec::with_capacity(self.sheet.rows.len()),
        }
    }
}

/// Who is already there, by email and by code: one query instead of one per row.
struct Known {
    by_email: HashMap<String, i64>,
    by_code: HashMap<String, i64>,
}

impl Known {
    fn read(conn: &Connection, event_id: i64) -> Result<Known> {
        let mut known = Known {
            by_email: HashMap::new(),
            by_code: HashMap::new(),
        };
        for attendees::Key { id, email, qr_code } in attendees::keys(conn, event_id)? {
            if let Some(email) = email {
                known.by_email.entry(email).or_insert(id);
            }
            known.by_code.insert(qr_code, id);
        }
        Ok(known)
    }
}

/// Applies every row, in order, and reports each one.
fn import_rows(
    conn: &Connection,
    event_id: i64,
    layout: &Layout<'_>,
    known: &mut Known,
    report: &mut ImportReport,
    created_ids: &mut HashSet<i64>,
    progress: &(dyn Fn(u64, u64) + Send + Sync),
) -> Result<()> {
    let sheet = layout.sheet;
    let total = sheet.rows.len() as u64;
    // Two rows for one person (same code, or same email without codes) cannot both
    // be right: the second is refused, so that neither silently overwrites the other.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (n, (line, cells)) in sheet.rows.iter().enumerate() {
        let mut row = read_row(
            cells,
            &sheet.headings,
            layout.plan,
            layout.fields,
            layout.types,
        );
        if let Some(problem) = same_person_again(&row, *line, &mut seen) {
            row.problems.push(problem);
        }
        let (action, attendee_id, name, errors) =
            apply_row(conn, event_id, row, &mut known.by_email, &mut known.by_code)?;
        if action == "create"
            && let Some(id) = attendee_id
        {
            created_ids.insert(id);
        }
        match action {
            "create" => report.created += 1,
            "update" => report.updated += 1,
            "unchanged" => report.unchanged += 1,
            _ => report.invalid += 1,
        }
        report.results.push(RowResult {
            row: *line,
            action,
            attendee_id,
            name,
            errors: errors.iter().map(|e| layout.in_columns(e)).collect(),
        });
        if n % 256 == 0 || n + 1 == sheet.rows.len() {
            progress(n as u64 + 1, total);
        }
    }
    Ok(())
}

/// The problem of a row for a person an earlier row (`seen`: key → line) already names.
fn same_person_again(
    row: &RowInput,
    line: usize,
    seen: &mut HashMap<String, usize>,
) -> Option<Problem> {
    let key = match (row.members.get("qr_code"), row.members.get("email")) {
        (Some(code), _) => format!("code {code}"),
        (None, Some(email)) => format!("email {}", email.to_lowercase()),
        (None, None) => return None,
    };
    match seen.get(&key) {
        Some(first) => Some(Problem::whole(format!(
            "the same {} is on row {first}: one row per person (add a qr_code column to tell people with one email apart)",
            if key.starts_with("code") {
                "qr_code"
            } else {
                "email"
            }
        ))),
        None => {
            seen.insert(key, line);
            None
        }
    }
}

type Applied = (&'static str, Option<i64>, String, Vec<Problem>);

/// One row in its own savepoint: created, updated, left as it was, or refused with the
/// API's own messages (then nothing of it stays).
fn apply_row(
    conn: &Connection,
    event_id: i64,
    mut row: RowInput,
    by_email: &mut HashMap<String, i64>,
    by_code: &mut HashMap<String, i64>,
) -> Result<Applied> {
    let name = display_name(&row);
    let code = row.members.get("qr_code").cloned();
    let email = row.members.get("email").map(|e| e.to_lowercase());
    let existing = code
        .as_ref()
        .and_then(|c| by_code.get(c))
        .or_else(|| email.as_ref().and_then(|e| by_email.get(e)))
        .copied();
    // Cells that could not be read are reported together with everything the API's own
    // validation finds in the rest of the row, so one pass shows every problem. The
    // repository checks everything before it writes, so a refused row leaves no trace
    // (no savepoint per row: each one would make the search index flush).
    let unreadable = std::mem::take(&mut row.problems);
    let attempt = match existing {
        None if !unreadable.is_empty() => {
            undone(conn, |c| create(c, event_id, row).map(|_| ())).map(|()| ("create", 0))
        }
        None => create(conn, event_id, row).map(|a| ("create", a)),
        Some(id) if !unreadable.is_empty() => {
            undone(conn, |c| update(c, event_id, id, row).map(|_| ())).map(|()| ("update", id))
        }
        Some(id) => update(conn, event_id, id, row)
            .map(|changed| (if changed { "update" } else { "unchanged" }, id)),
    };
    let attempt = match (attempt, unreadable.is_empty()) {
        (Ok(_), false) => Err(Error::Validation(vec![])),
        (other, _) => other,
    };
    match attempt {
        Ok((action, id)) => {
            if action == "create" {
                if let Some(e) = email {
                    by_email.entry(e).or_insert(id);
                }
                by_code.insert(attendees::qr_code(conn, id)?, id);
            }
            Ok((action, Some(id), name, vec![]))
        }
        Err(Error::Validation(problems)) => {
            let mut all = unreadable;
            all.extend(problems);
            Ok(("invalid", existing, name, all))
        }
        Err(other) => Err(other),
    }
}

/// Runs `f` and undoes whatever it wrote: the API's validation of a row that is invalid
/// anyway, for its messages. (A savepoint costs a flush of the search index, so only
/// such rows get one.)
fn undone(conn: &Connection, f: impl FnOnce(&Connection) -> Result<()>) -> Result<()> {
    let savepoint = Savepoint::open(conn, "import_row")?;
    let result = f(conn);
    savepoint.roll_back()?;
    result
}

fn create(conn: &Connection, event_id: i64, row: RowInput) -> Result<i64> {
    let mut m = row.members;
    let input = AttendeeCreateInput {
        first_name: m.remove("first_name"),
        last_name: m.remove("last_name"),
        email: m.remove("email"),
        phone: m.remove("phone"),
        job_title: m.remove("job_title"),
        company: m.remove("company"),
        registration_type_id: row.registration_type_id,
        rsvp_status: m.remove("rsvp_status"),
        qr_code: m.remove("qr_code"),
        fields: (!row.answers.is_empty()).then_some(row.answers),
        door_note: m.remove("door_note"),
        needs_attention: row.needs_attention,
    };
    let (new, problems) = input.parse();
    Ok(attendees::create(conn, event_id, new, problems)?.id)
}

/// Applies the row's non-empty cells to an attendee; answers whether anything changed.
fn update(conn: &Connection, event_id: i64, id: i64, row: RowInput) -> Result<bool> {
    let before = comparable(&attendees::get(conn, event_id, id)?)?;
    let mut m = row.members;
    let mut set = |member: &str| m.remove(member).map(Some);
    let input = AttendeeUpdateInput {
        first_name: set("first_name"),
        last_name: set("last_name"),
        email: set("email"),
        phone: set("phone"),
        job_title: set("job_title"),
        company: set("company"),
        registration_type_id: row.registration_type_id.map(Some),
        rsvp_status: set("rsvp_status"),
        fields: (!row.answers.is_empty()).then_some(Some(row.answers)),
        door_note: set("door_note"),
        needs_attention: row.needs_attention,
    };
    let (changes, problems) = input.parse();
    let after = attendees::update(conn, event_id, id, changes, problems)?;
    Ok(comparable(&after)? != before)
}

/// An attendee without the members every write moves.
fn comparable(a: &crate::domain::attendee::Attendee) -> Result<Value> {
    let mut v = serde_json::to_value(a).map_err(Error::internal)?;
    if let Some(map) = v.as_object_mut() {
        map.remove("updated_at");
    }
    Ok(v)
}

/// Gives every row the import wrote one `updated_at`: now, just before the commit.
///
/// Rows are stamped as they are written, over the seconds a large import takes, and none
/// is visible before the commit. A sync pull (SYNC.md) that reads meanwhile sees none of
/// them, yet moves its `updated_since` cursor on by the clock, past the stamps of the
/// first rows: later pulls would never ask for those. Stamped at the end, every row is
/// newer than any cursor set while the import ran.
fn stamp_at_the_end(conn: &Connection, event_id: i64, started: &str) -> Result<()> {
    attendees::restamp_since(conn, event_id, started)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::field::FieldType;

    fn field(id: i64, label: &str, name: &str, field_type: FieldType) -> AttendeeField {
        AttendeeField {
            id,
            label: label.into(),
            required: true,
            position: id,
            name: name.into(),
            field_type,
            options: Vec::new(),
        }
    }

    #[test]
    fn problems_name_the_column_that_holds_their_member_or_answer() {
        let fields = [
            field(7, "Photo consent", "photo_consent", FieldType::Consent),
            field(8, "Diet", "diet", FieldType::Text),
        ];
        let headings: Vec<String> = ["First name", "E-mail", "Ticket type", "Photo consent"]
            .map(String::from)
            .to_vec();
        let plan = plan(&headings, &fields, &[]).expect("a plan");
        let sheet = Sheet {
            headings,
            rows: Vec::new(),
            delimiter: ',',
        };
        let types = HashMap::new();
        let layout = Layout {
            sheet: &sheet,
            plan: &plan,
            fields: &fields,
            types: &types,
            lang: Lang::En,
        };
        let cases = [
            (
                Problem::member("email", "is not a valid email address"),
                "column `E-mail` is not a valid email address",
            ),
            (
                Problem::member(
                    "registration_type_id",
                    ": `Gold` is not a registration type",
                ),
                "column `Ticket type`: `Gold` is not a registration type",
            ),
            (
                Problem::new(
                    At::answer("fields", Some(0), Some(7)).below("value"),
                    "must be true or false (field `photo_consent`)",
                ),
                "column `Photo consent` must be true or false (field `photo_consent`)",
            ),
            (
                Problem::new(
                    At::answer("fields", None, Some(7)),
                    ": an answer to required field `photo_consent` (Photo consent) is missing",
                ),
                "column `Photo consent`: an answer to required field `photo_consent` (Photo consent) is missing",
            ),
            // No column for the field, nor for the member: named as the API names them.
            (
                Problem::new(
                    At::answer("fields", None, Some(8)),
                    ": an answer to required field `diet` (Diet) is missing",
                ),
                "item.fields: an answer to required field `diet` (Diet) is missing",
            ),
            (
                Problem::member(
                    "qr_code",
                    "is already used by another attendee of this event",
                ),
                "item.qr_code is already used by another attendee of this event",
            ),
            (
                Problem::whole("the row has 5 cells but the heading names 4 columns"),
                "the row has 5 cells but the heading names 4 columns",
            ),
        ];
        for (problem, shown) in cases {
            assert_eq!(layout.in_columns(&problem), shown);
        }
    }
}

//! `entrada import` and `entrada export`: attendees and check-ins as CSV.

use std::io::Write as _;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::DbArg;
use crate::db::{Db, events};
use crate::error::{Error, Result};

#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// Attendees of one event from a CSV file: a heading row naming attendee members
    /// (first_name, email, ...) and the event's fields (by name or label); UTF-8 with or
    /// without BOM; comma, semicolon or tab separated. Nothing is written unless every row
    /// is valid (or --valid-only). Rows are matched to existing attendees by qr_code,
    /// else email, so importing a file again creates no duplicates.
    Attendees {
        /// The local event id.
        #[arg(long, value_name = "ID")]
        event: i64,
        /// The CSV file.
        file: PathBuf,
        /// Report what would be created or updated, row by row, and write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Import the valid rows even when others are invalid.
        #[arg(long)]
        valid_only: bool,
        /// A heading that names no member or field itself: HEADING=TARGET, where TARGET is
        /// a member, a field name or label, or empty to ignore the column. Repeatable.
        #[arg(long = "map", value_name = "HEADING=TARGET", value_parser = crate::transfer::import::ImportOptions::parse_map)]
        map: Vec<(String, String)>,
        /// Print the whole report as JSON instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// Every attendee: members, registration type, check-in status and times, one column
    /// per field.
    Attendees(ExportArgs),
    /// The check-in history: every check-in, check-out and undo with device and person.
    CheckIns(ExportArgs),
}

/// What every export takes: the event, where to write, the database.
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[arg(long, value_name = "ID")]
    event: i64,
    /// Write to this file instead of standard output.
    #[arg(long, value_name = "PATH")]
    out: Option<PathBuf>,
    #[command(flatten)]
    db: DbArg,
}

/// The account an event belongs to: the command line acts as the database's owner.
fn account_of(db: &Db, event: i64) -> Result<i64> {
    db.read_blocking(|conn| {
        events::account_of(conn, event)?
            .ok_or_else(|| Error::not_found(format_args!("event {event}")))
    })
}

pub(super) fn import_command(cmd: ImportCommand) -> Result<()> {
    use crate::transfer::import::{self, ImportOptions, Sheet};
    let ImportCommand::Attendees {
        event,
        file,
        dry_run,
        valid_only,
        map,
        json,
        db,
    } = cmd;
    let sheet = Sheet::read(&read_import_file(&file)?)?;
    let db = db.open()?;
    let account = account_of(&db, event)?;
    let options = ImportOptions {
        dry_run,
        valid_only,
        map,
        ..Default::default()
    };
    let bar = indicatif::ProgressBar::new(sheet.rows.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("import [{bar:30}] {pos}/{len} rows {elapsed}")
            .map_err(Error::internal)?
            .progress_chars("=> "),
    );
    let shown = bar.clone();
    let report = db.write_blocking(move |conn| {
        import::run(conn, account, event, &sheet, &options, &move |done, _| {
            shown.set_position(done)
        })
    });
    bar.finish_and_clear();
    let report = report?;
    let mut out = std::io::stdout().lock();
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string(&report).map_err(Error::internal)?
        );
    } else {
        write_report_lines(&mut out, &report);
    }
    eprintln!("{}", summary(&report));
    let _ = out.flush();
    // With --valid-only the invalid rows were skipped on purpose: that is no failure.
    if report.invalid > 0 && !(report.written || (valid_only && !report.dry_run)) {
        return Err(Error::invalid(format!("{} invalid row(s)", report.invalid)));
    }
    Ok(())
}

/// The file to import, refused before parsing when it is larger than the import takes.
fn read_import_file(file: &std::path::Path) -> Result<Vec<u8>> {
    use crate::transfer::import::MAX_FILE_BYTES;
    let bytes = std::fs::read(file)
        .map_err(|e| Error::invalid(format!("cannot read {}: {e}", file.display())))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Error::invalid(format!(
            "{} is larger than {} MiB",
            file.display(),
            MAX_FILE_BYTES >> 20
        )));
    }
    Ok(bytes)
}

/// The report for a person: the columns left out, then a line per row that was refused
/// (every row on a dry run, so it shows what would happen).
fn write_report_lines(
    out: &mut impl std::io::Write,
    report: &crate::transfer::import::ImportReport,
) {
    for c in report.columns.iter().filter(|c| c.target.is_none()) {
        let _ = writeln!(
            out,
            "column `{}`: not imported (no member or field of that name; see --map)",
            c.heading
        );
    }
    for r in &report.results {
        if report.dry_run || !r.errors.is_empty() {
            let who = if r.name.is_empty() {
                String::new()
            } else {
                format!(" {}", r.name)
            };
            let id = r
                .attendee_id
                .map(|i| format!(" (attendee {i})"))
                .unwrap_or_default();
            let why = if r.errors.is_empty() {
                String::new()
            } else {
                format!(": {}", r.errors.join("; "))
            };
            let _ = writeln!(out, "row {}: {}{who}{id}{why}", r.row, r.action);
        }
    }
}

/// The closing line: the counts, and whether (and why not) anything was written.
fn summary(report: &crate::transfer::import::ImportReport) -> String {
    let verb = if report.dry_run { "would be " } else { "" };
    let written = if report.written {
        "written"
    } else if report.dry_run {
        "nothing written (dry run)"
    } else if report.invalid > 0 {
        "nothing written: fix the invalid rows, or import only the valid ones with --valid-only"
    } else {
        "nothing to change"
    };
    format!(
        "{} rows: {} {verb}created, {} {verb}updated, {} unchanged, {} invalid; {written}",
        report.rows, report.created, report.updated, report.unchanged, report.invalid
    )
}

pub(super) fn export_command(cmd: ExportCommand) -> Result<()> {
    let (ExportArgs { event, out, db }, attendees) = match cmd {
        ExportCommand::Attendees(args) => (args, true),
        ExportCommand::CheckIns(args) => (args, false),
    };
    let db = db.open()?;
    let account = account_of(&db, event)?;
    let mut buffer = Vec::new();
    let rows = db.read_blocking(|conn| {
        if attendees {
            crate::transfer::export::attendees(conn, account, event, &mut buffer)
        } else {
            crate::transfer::export::check_ins(conn, account, event, &mut buffer)
        }
    })?;
    match out {
        Some(path) => {
            crate::files::write(&path, &buffer)?;
            eprintln!("{rows} rows written to {}", path.display());
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&buffer)
                .and_then(|()| stdout.flush())
                .map_err(|e| Error::internal(format!("cannot write to stdout: {e}")))?;
        }
    }
    Ok(())
}

//! Data in and out of an event: CSV import of registrations and CSV export of
//! attendees and check-ins. Backups of the whole database are in `backup.rs`.
//!
//! Both directions use the same headings and the same answer notation
//! (`AttendeeField::answer_from_text` and `field::answer_to_text`), so an exported file
//! imports back unchanged.

pub mod export;
pub mod import;

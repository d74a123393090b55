//! Entrance rules (issue 38, RULES.md): who may enter a place (the event's door or a
//! session), when, how often and how many at once.
//!
//! The decision is one pure function, [`admit`], over the place's rules, the attendee,
//! their counts at the place and the time, next to `check_in::Action::transition` and in
//! the manner of pretix's check-in rules: no I/O and no clock, so every rule is tested at
//! its edges here, and a typed [`Refusal`] per rule carries the facts a screen shows
//! ("FULL · 120 of 120 inside"). The words are made at the edge (`l10n`, the UI).
//!
//! Status: the engine and its tests; storage, the API, the hub's allowances and the UI
//! follow RULES.md and are not built yet. Nothing calls [`admit`] so far.

use chrono::{DateTime, Days, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// A time in which entry is open: `starts_at` inclusive, `ends_at` exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

/// A place's rules; every member `None` (or `false`) means no restriction.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rules {
    /// Only attendees of these registration types (one with no type is refused).
    pub registration_type_ids: Option<Vec<i64>>,
    /// Entry is open only inside one of these.
    pub windows: Option<Vec<Window>>,
    /// Check-ins allowed at the place in all (an undone one does not count).
    pub max_entries: Option<u32>,
    /// The same per calendar day in the event's time zone.
    pub max_entries_per_day: Option<u32>,
    /// At most this many attendees checked in at the place at once.
    pub capacity: Option<u32>,
    /// Checking in here checks the attendee out of the event's other exclusive places.
    pub exclusive: bool,
    /// Everyone still inside is checked out at this time.
    pub auto_check_out_at: Option<DateTime<Utc>>,
}

/// What the rules need to know of the attendee (RSVP is checked before, as today).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Who {
    pub registration_type_id: Option<i64>,
}

/// The attendee's entries at the place, and the place's count, read in the check-in's
/// own write.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// The attendee's check-ins at the place that stand (not undone), in all.
    pub entries: u32,
    /// The same, today in the event's time zone (see [`day_of`]).
    pub entries_today: u32,
    /// Attendees checked in at the place now.
    pub inside: u32,
}

/// Why the rules refuse a check-in, with the facts the refusal shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// `not_for_this_type`: the attendee's type (or none) is not among the allowed.
    NotForThisType {
        registration_type_id: Option<i64>,
        allowed: Vec<i64>,
    },
    /// `closed`: outside every window; when the next one opens and when the last closed.
    Closed {
        opens_at: Option<DateTime<Utc>>,
        closed_at: Option<DateTime<Utc>>,
    },
    /// `no_entries_left`: the entries used, and the limit reached (in all, or today).
    NoEntriesLeft { entries_used: u32, limit: Limit },
    /// `full`: as many inside as the capacity.
    Full { inside: u32, capacity: u32 },
}

/// Which entry limit a [`Refusal::NoEntriesLeft`] reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Total(u32),
    PerDay(u32),
}

impl Refusal {
    /// The outcome's name, as the API and the history store it.
    pub fn outcome(&self) -> &'static str {
        match self {
            Refusal::NotForThisType { .. } => "not_for_this_type",
            Refusal::Closed { .. } => "closed",
            Refusal::NoEntriesLeft { .. } => "no_entries_left",
            Refusal::Full { .. } => "full",
        }
    }
}

/// Whether the rules admit this check-in now. In the issue's order: type, windows,
/// entries, capacity (RSVP before, attention and door questions after, elsewhere).
/// Check-outs and undos never come here.
pub fn admit(rules: &Rules, who: &Who, counts: &Counts, now: DateTime<Utc>) -> Result<(), Refusal> {
    if let Some(allowed) = &rules.registration_type_ids
        && !who
            .registration_type_id
            .is_some_and(|t| allowed.contains(&t))
    {
        return Err(Refusal::NotForThisType {
            registration_type_id: who.registration_type_id,
            allowed: allowed.clone(),
        });
    }
    if let Some(windows) = &rules.windows
        && !windows
            .iter()
            .any(|w| w.starts_at <= now && now < w.ends_at)
    {
        return Err(Refusal::Closed {
            opens_at: windows
                .iter()
                .map(|w| w.starts_at)
                .filter(|s| *s > now)
                .min(),
            closed_at: windows
                .iter()
                .map(|w| w.ends_at)
                .filter(|e| *e <= now)
                .max(),
        });
    }
    if let Some(max) = rules.max_entries
        && counts.entries >= max
    {
        return Err(Refusal::NoEntriesLeft {
            entries_used: counts.entries,
            limit: Limit::Total(max),
        });
    }
    if let Some(max) = rules.max_entries_per_day
        && counts.entries_today >= max
    {
        return Err(Refusal::NoEntriesLeft {
            entries_used: counts.entries_today,
            limit: Limit::PerDay(max),
        });
    }
    if let Some(capacity) = rules.capacity
        && counts.inside >= capacity
    {
        return Err(Refusal::Full {
            inside: counts.inside,
            capacity,
        });
    }
    Ok(())
}

/// The calendar day of `now` in the event's time zone, as the UTC instants it begins and
/// ends at (start inclusive, end exclusive): the range the caller counts `entries_today`
/// in. A day is 23 or 25 hours across a change of summer time, and a zone whose midnight
/// is skipped begins the day at its first instant.
pub fn day_of(now: DateTime<Utc>, zone: Tz) -> (DateTime<Utc>, DateTime<Utc>) {
    let date = now.with_timezone(&zone).date_naive();
    let start_of = |d: chrono::NaiveDate| -> DateTime<Utc> {
        let midnight = d.and_time(NaiveTime::MIN);
        match zone.from_local_datetime(&midnight) {
            chrono::LocalResult::Single(t) => t.with_timezone(&Utc),
            chrono::LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
            // Midnight skipped (a zone that springs forward at 00:00): the day begins at
            // the first hour that exists.
            chrono::LocalResult::None => (1..=3)
                .find_map(|h| {
                    zone.from_local_datetime(&(midnight + chrono::Duration::hours(h)))
                        .earliest()
                })
                .map_or_else(|| midnight.and_utc(), |t| t.with_timezone(&Utc)),
        }
    };
    let next = date.checked_add_days(Days::new(1)).unwrap_or(date);
    (start_of(date), start_of(next))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .map(|d| d.with_timezone(&Utc))
            .unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    const NOON: &str = "2026-05-01T12:00:00Z";
    const VIP: Who = Who {
        registration_type_id: Some(2),
    };

    #[test]
    fn no_rules_admit_everyone_at_any_hour_any_number_of_times() {
        let counts = Counts {
            entries: 40,
            entries_today: 40,
            inside: 10_000,
        };
        let nobody = Who {
            registration_type_id: None,
        };
        assert_eq!(admit(&Rules::default(), &nobody, &counts, t(NOON)), Ok(()));
    }

    #[test]
    fn a_type_list_admits_its_types_and_refuses_others_and_none() {
        let rules = Rules {
            registration_type_ids: Some(vec![2, 3]),
            ..Rules::default()
        };
        let c = Counts::default();
        assert_eq!(admit(&rules, &VIP, &c, t(NOON)), Ok(()));
        let guest = Who {
            registration_type_id: Some(1),
        };
        assert_eq!(
            admit(&rules, &guest, &c, t(NOON)),
            Err(Refusal::NotForThisType {
                registration_type_id: Some(1),
                allowed: vec![2, 3]
            })
        );
        let untyped = Who {
            registration_type_id: None,
        };
        assert_eq!(
            admit(&rules, &untyped, &c, t(NOON)).map_err(|r| r.outcome()),
            Err("not_for_this_type")
        );
        // An empty list admits no one.
        let none = Rules {
            registration_type_ids: Some(vec![]),
            ..Rules::default()
        };
        assert!(admit(&none, &VIP, &c, t(NOON)).is_err());
    }

    #[test]
    fn windows_open_at_their_first_instant_and_close_at_their_end() {
        let day1 = Window {
            starts_at: t("2026-05-01T07:00:00Z"),
            ends_at: t("2026-05-01T16:00:00Z"),
        };
        let day2 = Window {
            starts_at: t("2026-05-02T07:00:00Z"),
            ends_at: t("2026-05-02T16:00:00Z"),
        };
        let rules = Rules {
            windows: Some(vec![day2, day1]),
            ..Rules::default()
        };
        let c = Counts::default();
        let at = |s: &str| admit(&rules, &VIP, &c, t(s));
        assert_eq!(at("2026-05-01T07:00:00Z"), Ok(()));
        assert_eq!(at("2026-05-01T15:59:59.999Z"), Ok(()));
        assert_eq!(
            at("2026-05-01T06:59:59.999Z"),
            Err(Refusal::Closed {
                opens_at: Some(day1.starts_at),
                closed_at: None
            })
        );
        // Between the days: the last one closed, the next opens.
        assert_eq!(
            at("2026-05-01T16:00:00Z"),
            Err(Refusal::Closed {
                opens_at: Some(day2.starts_at),
                closed_at: Some(day1.ends_at)
            })
        );
        assert_eq!(
            at("2026-05-03T00:00:00Z"),
            Err(Refusal::Closed {
                opens_at: None,
                closed_at: Some(day2.ends_at)
            })
        );
        // No window at all: never open.
        let shut = Rules {
            windows: Some(vec![]),
            ..Rules::default()
        };
        assert!(admit(&shut, &VIP, &c, t(NOON)).is_err());
    }

    #[test]
    fn entries_in_all_and_per_day_are_counted_up_to_their_limit() {
        let once = Rules {
            max_entries: Some(1),
            ..Rules::default()
        };
        let first = Counts::default();
        assert_eq!(admit(&once, &VIP, &first, t(NOON)), Ok(()));
        let again = Counts {
            entries: 1,
            entries_today: 1,
            inside: 0,
        };
        assert_eq!(
            admit(&once, &VIP, &again, t(NOON)),
            Err(Refusal::NoEntriesLeft {
                entries_used: 1,
                limit: Limit::Total(1)
            })
        );
        let daily = Rules {
            max_entries_per_day: Some(2),
            ..Rules::default()
        };
        let yesterday_too = Counts {
            entries: 5,
            entries_today: 1,
            inside: 0,
        };
        assert_eq!(admit(&daily, &VIP, &yesterday_too, t(NOON)), Ok(()));
        let twice_today = Counts {
            entries: 5,
            entries_today: 2,
            inside: 0,
        };
        assert_eq!(
            admit(&daily, &VIP, &twice_today, t(NOON)),
            Err(Refusal::NoEntriesLeft {
                entries_used: 2,
                limit: Limit::PerDay(2)
            })
        );
    }

    #[test]
    fn capacity_admits_the_last_place_and_refuses_the_next_person() {
        let room = Rules {
            capacity: Some(120),
            ..Rules::default()
        };
        let last_seat = Counts {
            inside: 119,
            ..Counts::default()
        };
        assert_eq!(admit(&room, &VIP, &last_seat, t(NOON)), Ok(()));
        let full = Counts {
            inside: 120,
            ..Counts::default()
        };
        assert_eq!(
            admit(&room, &VIP, &full, t(NOON)),
            Err(Refusal::Full {
                inside: 120,
                capacity: 120
            })
        );
    }

    #[test]
    fn the_first_rule_that_refuses_is_the_one_told_in_the_issues_order() {
        let all = Rules {
            registration_type_ids: Some(vec![9]),
            windows: Some(vec![]),
            max_entries: Some(1),
            max_entries_per_day: Some(1),
            capacity: Some(1),
            ..Rules::default()
        };
        let counts = Counts {
            entries: 1,
            entries_today: 1,
            inside: 1,
        };
        let mut rules = all.clone();
        let mut told = Vec::new();
        loop {
            match admit(&rules, &VIP, &counts, t(NOON)) {
                Ok(()) => break,
                Err(r) => {
                    told.push(r.outcome());
                    match r {
                        Refusal::NotForThisType { .. } => rules.registration_type_ids = None,
                        Refusal::Closed { .. } => rules.windows = None,
                        Refusal::NoEntriesLeft {
                            limit: Limit::Total(_),
                            ..
                        } => rules.max_entries = None,
                        Refusal::NoEntriesLeft { .. } => rules.max_entries_per_day = None,
                        Refusal::Full { .. } => rules.capacity = None,
                    }
                }
            }
        }
        assert_eq!(
            told,
            [
                "not_for_this_type",
                "closed",
                "no_entries_left",
                "no_entries_left",
                "full"
            ]
        );
    }

    #[test]
    fn a_day_is_the_event_zones_calendar_day_also_across_summer_time() {
        let oslo: Tz = "Europe/Oslo".parse().unwrap_or(chrono_tz::UTC);
        // 00:30 in Oslo on 1 May (UTC+2) is still 30 April in UTC.
        let (start, end) = day_of(t("2026-04-30T22:30:00Z"), oslo);
        assert_eq!(
            (start, end),
            (t("2026-04-30T22:00:00Z"), t("2026-05-01T22:00:00Z"))
        );
        // The spring change (29 March 2026): a day of 23 hours.
        let (start, end) = day_of(t("2026-03-29T12:00:00Z"), oslo);
        assert_eq!(end - start, chrono::Duration::hours(23));
        // The autumn change (25 October 2026): 25 hours.
        let (start, end) = day_of(t("2026-10-25T12:00:00Z"), oslo);
        assert_eq!(end - start, chrono::Duration::hours(25));
        // A zone whose midnight was skipped (Santiago springs forward at 00:00 on
        // 6 September 2026): the day begins at its first instant, 01:00 local.
        let santiago: Tz = "America/Santiago".parse().unwrap_or(chrono_tz::UTC);
        let (start, _) = day_of(t("2026-09-06T15:00:00Z"), santiago);
        assert_eq!(start, t("2026-09-06T04:00:00Z"));
    }
}

//! The server's own words in the request's language (issue 21, I18N.md).
//!
//! The kiosk's screens speak five languages from their own catalogs (`ui/l10n/`); what
//! the server itself says — a scan's `message`, a check-in refusal, the generic error
//! texts — follows the request's `Accept-Language` over the same five, from Fluent
//! catalogs embedded in the binary (`locales/<lang>.ftl`), and falls back to English.
//! The engine never writes words: it says what happened as data ([`Said`]), and this
//! module alone turns that into a sentence, so the words and the `facts` beside them can
//! never disagree.
//!
//! The language is negotiated once per request by a middleware ([`negotiate`]) and kept
//! in a task-local, so the error type's response can speak it without every handler
//! passing it along; work sent to the database threads takes it by value
//! ([`current`]).

use std::sync::LazyLock;

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::http::header::{ACCEPT_LANGUAGE, CONTENT_LANGUAGE, VARY};
use axum::middleware::Next;
use axum::response::Response;
use chrono::{DateTime, Utc};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::domain::check_in::{Action, Said, Since};
use crate::domain::status::RsvpStatus;

/// A language the server speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    Es,
    Nb,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Fr, Lang::Es, Lang::Nb];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Nb => "nb",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../locales/en.ftl"),
            Lang::De => include_str!("../locales/de.ftl"),
            Lang::Fr => include_str!("../locales/fr.ftl"),
            Lang::Es => include_str!("../locales/es.ftl"),
            Lang::Nb => include_str!("../locales/nb.ftl"),
        }
    }

    /// One language tag (`de-AT`, `fr`, `no`): matched by its primary subtag, generic
    /// Norwegian (`no`, `nn`) read as Bokmål, as the UI does.
    fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.trim().to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "de" => Some(Lang::De),
            "fr" => Some(Lang::Fr),
            "es" => Some(Lang::Es),
            "nb" | "no" | "nn" => Some(Lang::Nb),
            _ => None,
        }
    }

    /// The best of the five for an `Accept-Language` header; English when none is
    /// wanted. Tags are taken by their q-values (RFC 9110), the header's order breaking
    /// ties; `q=0` refuses a language.
    pub fn negotiate(header: &str) -> Lang {
        let mut wanted: Vec<(f32, usize, Lang)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.split(';');
                let lang = Lang::from_tag(pieces.next()?.trim())?;
                let q = pieces
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                (q > 0.0).then_some((q, i, lang))
            })
            .collect();
        wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        wanted.first().map(|w| w.2).unwrap_or_default()
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The five catalogs, parsed once. A broken entry is skipped here (the catalog check,
/// `tests/e2e/catalogs.test.js` and this module's tests, fails on it first).
static BUNDLES: LazyLock<Vec<Bundle>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|lang| {
            let id = lang.code().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Isolation marks only matter for right-to-left text, out of scope; they
            // would end up in JSON and in logs.
            bundle.set_use_isolating(false);
            let resource = FluentResource::try_new(lang.source().to_owned())
                .unwrap_or_else(|(resource, _)| resource);
            // Duplicate keys keep the first; the check reports them.
            let _ = bundle.add_resource(resource);
            bundle
        })
        .collect()
});

fn bundle(lang: Lang) -> Option<&'static Bundle> {
    BUNDLES.get(Lang::ALL.iter().position(|l| *l == lang)?)
}

fn format(lang: Lang, id: &str, args: Option<&FluentArgs<'_>>) -> Option<String> {
    let bundle = bundle(lang)?;
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(
            lang = lang.code(),
            id,
            ?errors,
            "a message did not format whole"
        );
    }
    Some(text.into_owned())
}

/// The message `id` in `lang`, falling back to English, then to the id itself.
pub fn text(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        fluent.set(*name, FluentValue::from(*value));
    }
    let args = (!args.is_empty()).then_some(&fluent);
    format(lang, id, args)
        .or_else(|| format(Lang::En, id, args))
        .unwrap_or_else(|| id.to_owned())
}

tokio::task_local! {
    static LANG: Lang;
}

/// The language of the request being served here; English outside one.
pub fn current() -> Lang {
    LANG.try_with(|l| *l).unwrap_or_default()
}

/// Middleware: negotiates the request's language, serves it inside that language, and
/// says so (`Content-Language`, `Vary: Accept-Language`). A `ui_locales` query parameter
/// (OpenID Connect's, space-separated tags) wins over the header: the kiosk's sign-in page
/// is opened by a navigation, which carries the browser's languages, not the kiosk's.
pub async fn negotiate(request: Request, next: Next) -> Response {
    let asked = request.uri().query().and_then(|q| {
        url::form_urlencoded::parse(q.as_bytes())
            .find(|(k, _)| k == "ui_locales")
            .map(|(_, v)| v.split_whitespace().collect::<Vec<_>>().join(","))
    });
    let lang = match asked {
        Some(tags) => Lang::negotiate(&tags),
        None => request
            .headers()
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(Lang::negotiate)
            .unwrap_or_default(),
    };
    let mut response = LANG.scope(lang, next.run(request)).await;
    let headers = response.headers_mut();
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    headers.append(VARY, HeaderValue::from_static("accept-language"));
    response
}

/// A 422 problem's message, or another refusal's `error`, in `lang`. Every message the
/// server writes there has a `problem-*` key whose English value is that message, with
/// the values it names (a limit, the value sent, a field's name) as placeables: the
/// message is matched against those English patterns and said again in `lang` with the
/// same values. A `problem`
/// placeable holds another problem's message, which is said in turn. A message none
/// matches (a parser's own words, from an integration's malformed body) is said as it
/// is, in English. The member path before it (`item.email`) stays: it names the API's
/// member, in no language.
pub fn problem(lang: Lang, message: &str) -> String {
    if lang == Lang::En {
        return message.to_owned();
    }
    say_problem(lang, message).unwrap_or_else(|| message.to_owned())
}

/// Messages longer than this (they quote a long value) are said as they are: reading
/// placeables back tries each place a separator occurs, which a crafted value could make
/// costly; a person's form never gets near it.
const LONGEST_PROBLEM: usize = 2048;

fn say_problem(lang: Lang, message: &str) -> Option<String> {
    if message.len() > LONGEST_PROBLEM {
        return None;
    }
    PROBLEMS.iter().find_map(|pattern| {
        let values = pattern.read(message)?;
        let values: Vec<(&str, String)> = values
            .into_iter()
            .map(|(name, value)| match name {
                "problem" => (name, problem(lang, value)),
                _ => (name, value.to_owned()),
            })
            .collect();
        let args: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
        Some(text(lang, &pattern.id, &args))
    })
}

/// The English patterns of the `problem-*` keys. Those wrapping another problem come
/// first, as the server adds them last (an answer's problem gets its field's name after
/// it); then the most specific (the most fixed text) first, so that a pattern with a
/// placeable never takes a message another pattern says more of.
static PROBLEMS: LazyLock<Vec<ProblemPattern>> = LazyLock::new(|| {
    // The keys are one line each (`problem-x = ...`); the catalog check keeps them so.
    let mut patterns: Vec<ProblemPattern> = Lang::En
        .source()
        .lines()
        .filter_map(|line| line.split_once(" = "))
        .filter(|(id, _)| id.starts_with("problem-"))
        .map(|(id, value)| ProblemPattern::parse(id.trim(), value))
        .collect();
    patterns.sort_by_key(|p| std::cmp::Reverse((p.wraps(), p.fixed_len())));
    patterns
});

/// A `problem-*` message's English value, as text and the placeables between.
struct ProblemPattern {
    id: String,
    pieces: Vec<Piece>,
}

enum Piece {
    Text(String),
    Hole(String),
}

impl ProblemPattern {
    /// Reads `text { $name } text ...`: Fluent's placeables of a plain variable.
    fn parse(id: &str, value: &str) -> ProblemPattern {
        let mut pieces = Vec::new();
        let mut rest = value;
        while let Some(open) = rest.find("{ $") {
            let Some(close) = rest[open..].find(" }") else {
                break;
            };
            if open > 0 {
                pieces.push(Piece::Text(rest[..open].to_owned()));
            }
            pieces.push(Piece::Hole(rest[open + 3..open + close].to_owned()));
            rest = &rest[open + close + 2..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_owned()));
        }
        ProblemPattern {
            id: id.to_owned(),
            pieces,
        }
    }

    fn wraps(&self) -> bool {
        self.pieces
            .iter()
            .any(|p| matches!(p, Piece::Hole(name) if name == "problem"))
    }

    fn fixed_len(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.len(),
                Piece::Hole(_) => 0,
            })
            .sum()
    }

    /// The values of the placeables when `message` is this pattern, each at least one
    /// character long; the first reading that fits, shortest values first.
    fn read<'m>(&self, message: &'m str) -> Option<Vec<(&str, &'m str)>> {
        fn fit<'p, 'm>(
            pieces: &'p [Piece],
            message: &'m str,
            values: &mut Vec<(&'p str, &'m str)>,
        ) -> bool {
            match pieces {
                [] => message.is_empty(),
                [Piece::Text(text), rest @ ..] => message
                    .strip_prefix(text.as_str())
                    .is_some_and(|after| fit(rest, after, values)),
                [Piece::Hole(name), rest @ ..] => {
                    let name = name.as_str();
                    match rest.first() {
                        None if message.is_empty() => false,
                        None => {
                            values.push((name, message));
                            true
                        }
                        Some(Piece::Text(next)) => {
                            let before = values.len();
                            for (at, _) in message.match_indices(next.as_str()) {
                                if at == 0 {
                                    continue;
                                }
                                values.push((name, &message[..at]));
                                if fit(rest, &message[at..], values) {
                                    return true;
                                }
                                values.truncate(before);
                            }
                            false
                        }
                        // Two placeables side by side cannot be told apart.
                        Some(Piece::Hole(_)) => false,
                    }
                }
            }
        }
        let mut values = Vec::new();
        fit(&self.pieces, message, &mut values).then_some(values)
    }
}

/// What the door is told, in words: the `message` of a scan or a refusal.
pub fn say(lang: Lang, said: &Said) -> String {
    let session = |s: &Option<String>| s.clone().unwrap_or_default();
    match said {
        Said::Done {
            action,
            name,
            session: s,
        } => {
            let id = match (action, s.is_some()) {
                (Action::CheckIn, false) => "checked-in",
                (Action::CheckIn, true) => "checked-in-session",
                (Action::CheckOut, false) => "checked-out",
                (Action::CheckOut, true) => "checked-out-session",
                (Action::Undo, false) => "undone",
                (Action::Undo, true) => "undone-session",
            };
            text(lang, id, &[("name", name), ("session", &session(s))])
        }
        Said::Already {
            action,
            name,
            session: s,
            since,
        } => {
            let id = match (action, s.is_some()) {
                (Action::CheckOut, false) => "already-out",
                (Action::CheckOut, true) => "already-out-session",
                (_, false) => "already-in",
                (_, true) => "already-in-session",
            };
            let main = text(lang, id, &[("name", name), ("session", &session(s))]);
            match since.as_ref().and_then(|since| describe_since(lang, since)) {
                Some(since) => format!("{main} ({since})"),
                None => main,
            }
        }
        Said::NotCheckedIn {
            action,
            name,
            session: s,
            ..
        } => {
            let id = match (action, s.is_some()) {
                (Action::Undo, false) => "nothing-to-undo",
                (Action::Undo, true) => "nothing-to-undo-session",
                (_, false) => "not-in",
                (_, true) => "not-in-session",
            };
            text(lang, id, &[("name", name), ("session", &session(s))])
        }
        Said::NotAllowed { name, rsvp } => {
            let id = match rsvp {
                RsvpStatus::Declined => "not-allowed-declined",
                RsvpStatus::Waitlisted => "not-allowed-waitlisted",
                RsvpStatus::PendingApproval => "not-allowed-pending",
                RsvpStatus::Confirmed | RsvpStatus::Unconfirmed => "not-allowed",
            };
            text(lang, id, &[("name", name)])
        }
        Said::NeedsAttention { name, note: None } => {
            text(lang, "needs-attention", &[("name", name)])
        }
        Said::NeedsAttention {
            name,
            note: Some(note),
        } => text(
            lang,
            "needs-attention-note",
            &[("name", name), ("note", note)],
        ),
        Said::NeedsAnswers { name, labels } => text(
            lang,
            "needs-answers",
            &[("name", name), ("fields", &labels.join(", "))],
        ),
        Said::WrongEvent { event_name, .. } => text(lang, "wrong-event", &[("event", event_name)]),
        Said::NotFound => text(lang, "not-found", &[]),
        Said::Relayed { message, .. } => message.clone(),
    }
}

/// `since 10:32 at Door 2`, in the event's time zone, with the day when not today.
fn describe_since(lang: Lang, since: &Since) -> Option<String> {
    let utc = DateTime::parse_from_rfc3339(&since.at)
        .ok()?
        .with_timezone(&Utc);
    let tz: chrono_tz::Tz = since
        .timezone
        .as_deref()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::UTC);
    let local = utc.with_timezone(&tz);
    let today = Utc::now().with_timezone(&tz).date_naive();
    let clock = local.format("%H:%M").to_string();
    let time = if local.date_naive() == today {
        clock
    } else {
        // Day and month as each language writes them short; English keeps its
        // month's name, as before.
        let day = match lang {
            Lang::En => local.format("%-d %b"),
            Lang::De | Lang::Nb => local.format("%-d.%-m."),
            Lang::Fr | Lang::Es => local.format("%-d/%-m"),
        }
        .to_string();
        text(lang, "time-on-day", &[("time", &clock), ("day", &day)])
    };
    Some(match &since.device {
        Some(device) => text(lang, "since-at", &[("time", &time), ("device", device)]),
        None => text(lang, "since", &[("time", &time)]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_by_quality_then_order() {
        assert_eq!(Lang::negotiate("de-DE,de;q=0.9,en;q=0.8"), Lang::De);
        assert_eq!(Lang::negotiate("en;q=0.5, fr"), Lang::Fr);
        assert_eq!(Lang::negotiate("it, es;q=0.3"), Lang::Es);
        assert_eq!(Lang::negotiate("no"), Lang::Nb);
        assert_eq!(Lang::negotiate("nn-NO"), Lang::Nb);
        assert_eq!(Lang::negotiate("de;q=0, fr;q=0.1"), Lang::Fr);
        assert_eq!(Lang::negotiate("it, pt"), Lang::En);
        assert_eq!(Lang::negotiate(""), Lang::En);
        assert_eq!(Lang::negotiate("*"), Lang::En);
    }

    /// Every catalog parses whole (the runtime would skip a broken entry without a
    /// word). Same keys and placeables in every language: `tests/e2e/catalogs.test.js`.
    #[test]
    fn catalogs_parse() {
        for lang in Lang::ALL {
            if let Err((_, errors)) = FluentResource::try_new(lang.source().to_owned()) {
                panic!("locales/{}.ftl: {errors:?}", lang.code());
            }
        }
    }

    #[test]
    fn a_problems_words_are_said_in_the_language_with_its_values() {
        assert_eq!(problem(Lang::De, "is required"), "ist erforderlich");
        assert_eq!(
            problem(Lang::Fr, "is not a valid email address"),
            "n’est pas une adresse e-mail valide"
        );
        assert_eq!(problem(Lang::En, "is required"), "is required");
        assert_eq!(
            problem(Lang::Nb, "has more than 50 entries"),
            "har mer enn 50 oppføringer"
        );
        assert_eq!(
            problem(Lang::De, "is longer than 200 characters"),
            "ist länger als 200 Zeichen"
        );
        // A value holding a pattern's own words is still the value.
        assert_eq!(
            problem(Lang::Es, ": `is not a number` is not a number"),
            ": `is not a number` no es un número"
        );
        // Another problem's message inside, said in turn.
        assert_eq!(
            problem(Lang::De, "must be true or false (field `consent`)"),
            "muss wahr oder falsch sein (Feld `consent`)"
        );
        assert_eq!(
            problem(
                Lang::Fr,
                ": `Maybe` is not one of the options (Vegan, Halal) (field `diet`)"
            ),
            ": `Maybe` n’est pas une des options (Vegan, Halal) (champ `diet`)"
        );
        // A message quoting a very long value is said as it is.
        let long = format!(": `{}` is not a number", "9".repeat(LONGEST_PROBLEM));
        assert_eq!(problem(Lang::De, &long), long);
        // Words no pattern has (a JSON parser's, say) stay as they are.
        assert_eq!(
            problem(Lang::De, "expected value at line 1 column 2"),
            "expected value at line 1 column 2"
        );
    }

    /// Every pattern reads back its own English, with any values, in every language.
    #[test]
    fn every_problem_pattern_reads_its_english_back() {
        for pattern in PROBLEMS.iter() {
            let values: Vec<(&str, String)> = pattern
                .pieces
                .iter()
                .filter_map(|p| match p {
                    Piece::Hole(name) if name == "problem" => {
                        Some((name.as_str(), "is required".to_owned()))
                    }
                    Piece::Hole(name) => Some((name.as_str(), format!("<{name} 7>"))),
                    Piece::Text(_) => None,
                })
                .collect();
            let args: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
            let english = text(Lang::En, &pattern.id, &args);
            for lang in Lang::ALL {
                let mut said: Vec<(&str, String)> = values.clone();
                for (name, value) in &mut said {
                    if *name == "problem" {
                        *value = problem(lang, value);
                    }
                }
                let said: Vec<(&str, &str)> = said.iter().map(|(n, v)| (*n, v.as_str())).collect();
                let expected = text(lang, &pattern.id, &said);
                assert_eq!(
                    problem(lang, &english),
                    expected,
                    "{} in {}",
                    pattern.id,
                    lang.code()
                );
                if lang != Lang::En {
                    assert_ne!(
                        expected,
                        english,
                        "{} is English in {}",
                        pattern.id,
                        lang.code()
                    );
                }
            }
        }
    }

    #[test]
    fn every_thing_said_has_words_in_every_language() {
        let name = "Nadia Castillo".to_owned();
        let since = Some(Since {
            at: "2026-03-03T08:30:00Z".into(),
            device: Some("Door A".into()),
            timezone: Some("Europe/Berlin".into()),
        });
        let mut all = Vec::new();
        for action in [Action::CheckIn, Action::CheckOut, Action::Undo] {
            for session in [None, Some("Keynote".to_owned())] {
                all.push(Said::Done {
                    action,
                    name: name.clone(),
                    session: session.clone(),
                });
                all.push(Said::Already {
                    action,
                    name: name.clone(),
                    session: session.clone(),
                    since: since.clone(),
                });
                all.push(Said::NotCheckedIn {
                    action,
                    name: name.clone(),
                    session,
                    checked_out: false,
                });
            }
        }
        for rsvp in RsvpStatus::ALL {
            all.push(Said::NotAllowed {
                name: name.clone(),
                rsvp: *rsvp,
            });
        }
        all.push(Said::NeedsAttention {
            name: name.clone(),
            note: Some("VIP".into()),
        });
        all.push(Said::NeedsAttention {
            name: name.clone(),
            note: None,
        });
        all.push(Said::NeedsAnswers {
            name: name.clone(),
            labels: vec!["T-shirt".into()],
        });
        all.push(Said::WrongEvent {
            event_id: 2,
            event_name: "Other fest".into(),
        });
        all.push(Said::NotFound);
        for lang in Lang::ALL {
            for said in &all {
                let words = say(lang, said);
                assert!(
                    !words.contains('{') && !words.contains("-session"),
                    "{words}"
                );
                if !matches!(said, Said::NotFound) {
                    assert!(
                        words.contains("Nadia Castillo") || words.contains("Other fest"),
                        "{}: {words}",
                        lang.code()
                    );
                }
                if lang != Lang::En {
                    assert_ne!(words, say(Lang::En, said), "{} says English", lang.code());
                }
            }
        }
        let already = &all[1];
        assert_eq!(
            say(Lang::En, already),
            "Nadia Castillo is already checked in (since 09:30 on 3 Mar at Door A)"
        );
        assert_eq!(
            say(Lang::De, already),
            "Nadia Castillo ist bereits eingecheckt (seit 09:30 am 3.3. an Door A)"
        );
    }
}

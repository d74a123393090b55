//! Demo data for `entrada serve --demo`: a realistic event to click through and to
//! benchmark against, generated deterministically.

use rusqlite::Connection;
use serde_json::json;

use crate::auth::secrets::{self, ClientCredentials};
use crate::db::{accounts, attendee_fields, attendees, clients, events, users};
use crate::domain::attendee::{AttendeeCreateInput, AttendeeFieldValueInput};
use crate::domain::event::{EventInput, RegistrationTypeInput, SessionInput};
use crate::domain::field::AttendeeFieldInput;
use crate::domain::scope::ScopeSet;
use crate::domain::user::Role;
use crate::error::{Error, Result};

const FIRST_NAMES: &[&str] = &[
    "Ada", "Alan", "Amara", "Anders", "Aisha", "Bjørn", "Carmen", "Chen", "Dmitri", "Elena",
    "Emeka", "Fatima", "Freya", "Giulia", "Hannah", "Hiroshi", "Ingrid", "Isaac", "Jamal",
    "Johanna", "Kai", "Kateryna", "Lars", "Leila", "Lucas", "Maja", "Mateo", "Mei", "Nadia",
    "Niamh", "Oliver", "Olga", "Priya", "Rafael", "Rania", "Sigrid", "Sofia", "Tariq", "Tomás",
    "Ula", "Viktor", "Wen", "Yusuf", "Zara",
];
const LAST_NAMES: &[&str] = &[
    "Andersen",
    "Okafor",
    "Berg",
    "Castillo",
    "Dubois",
    "Eriksen",
    "Fischer",
    "García",
    "Haugen",
    "Ivanova",
    "Johansson",
    "Kowalski",
    "Larsen",
    "Martins",
    "Nakamura",
    "Nilsen",
    "O'Brien",
    "Patel",
    "Quinn",
    "Rossi",
    "Solberg",
    "Tanaka",
    "Urban",
    "Varga",
    "Wang",
    "Xu",
    "Yilmaz",
    "Zielinski",
    "Lovelace",
    "Hopper",
];
const COMPANIES: &[&str] = &[
    "Fjord Analytics",
    "Northwind Labs",
    "Aurora Robotics",
    "Blåbær Software",
    "Polar Data",
    "Kite Systems",
    "Tidewater Health",
    "Oslo Fintech",
    "Lumen Energy",
    "Granite Cloud",
];
const JOB_TITLES: &[&str] = &[
    "Software Engineer",
    "Product Manager",
    "CTO",
    "Data Scientist",
    "Designer",
    "Engineering Manager",
    "Developer Advocate",
    "Student",
    "Founder",
    "SRE",
];

/// A small deterministic generator (xorshift): the demo is the same on every machine.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Credentials of the client created for the demo, and the people who can sign in.
pub struct DemoClient {
    pub client_id: String,
    pub client_secret: String,
    pub people: Vec<DemoPerson>,
}

/// A demo sign-in; the password is shown only when the user was created by this run.
pub struct DemoPerson {
    pub role: Role,
    pub email: String,
    pub password: Option<String>,
}

fn seed_people(conn: &Connection, account_id: i64) -> Result<Vec<DemoPerson>> {
    let mut people = Vec::new();
    for (role, email, name) in [
        (
            Role::Organiser,
            "organiser@demo.example",
            "Olivia Organiser",
        ),
        (Role::Door, "door@demo.example", "Dan Door"),
    ] {
        let exists = users::credentials(conn, email)?.is_some();
        let password = (!exists).then(|| secrets::new_client_secret()[7..23].to_owned());
        let hash = match &password {
            Some(p) => secrets::hash_secret(p)?,
            None => String::new(),
        };
        if !exists {
            users::create(conn, email, name, &hash, account_id, role)?;
        }
        people.push(DemoPerson {
            role,
            email: email.to_owned(),
            password,
        });
    }
    Ok(people)
}

/// Fills the first account with a demo event (when it has no event yet) and creates a
/// client with `read write` to try the API with.
pub fn seed(conn: &Connection, attendee_count: usize) -> Result<DemoClient> {
    let account = accounts::first(conn)?.ok_or_else(|| Error::internal("no account"))?;
    if !events::any_in_account(conn, account.id)? {
        let id = seed_event(
            conn,
            account.id,
            "Northern Lights Tech Summit 2026",
            attendee_count,
        )?;
        events::mark_demo(conn, id)?;
    }
    let credentials = ClientCredentials::generate()?;
    // Everything a script tries first: reading, writing, and the door's own scope.
    let scopes = ScopeSet::parse("read write check_in").map_err(Error::internal)?;
    clients::create(conn, account.id, "demo", credentials.stored(), scopes)?;
    let people = seed_people(conn, account.id)?;
    Ok(DemoClient {
        client_id: credentials.client_id,
        client_secret: credentials.client_secret,
        people,
    })
}

/// The ticket code of every seeded event's first attendee: the one the README's examples
/// scan, so that they work as written against `serve --demo`.
pub const README_CODE: &str = "7KQ2-MXW9-PD3A-H8RT";

/// The ticket code of every seeded event's last attendee (of two or more), flagged
/// `needs_attention` with a door note: the README's `"confirm": true` example scans it,
/// so that it shows the door's "Admit" as written (issue 37).
pub const README_FLAGGED_CODE: &str = "4FJ8-W2RN-QX7C-M9TB";

fn some(s: &str) -> Option<Option<String>> {
    Some(Some(s.to_owned()))
}

/// Creates one realistic event with `attendee_count` attendees; returns its id.
///
/// The attendees come from a [`Dice`] seeded with the event id, drawn in a fixed order
/// (see [`demo_attendee`]): the same event on every machine.
pub fn seed_event(
    conn: &Connection,
    account_id: i64,
    name: &str,
    attendee_count: usize,
) -> Result<i64> {
    let event = events::create(
        conn,
        account_id,
        &EventInput {
            name: some(name),
            starts_at: some("2026-09-15T08:00:00+02:00"),
            ends_at: some("2026-09-16T18:00:00+02:00"),
            timezone: some("Europe/Oslo"),
            location: some("Oslo Spektrum, Sonja Henies plass 2, Oslo"),
            door_questions: None,
            retention_days: None,
        }
        .apply(None)?,
    )?;
    let types = seed_registration_types(conn, event.id)?;
    seed_sessions(conn, event.id)?;
    let fields = DemoFields::create(conn, event.id)?;
    let mut dice = Dice(0x5EED_CAFE_F00D_u64 ^ event.id as u64);
    for i in 0..attendee_count {
        let flagged = i > 0 && i + 1 == attendee_count;
        let (new, problems) = demo_attendee(&mut dice, i, flagged, &types, &fields).parse();
        attendees::create(conn, event.id, new, problems)?;
    }
    Ok(event.id)
}

/// The event's registration types; their ids in this order (general admission first).
fn seed_registration_types(conn: &Connection, event_id: i64) -> Result<Vec<i64>> {
    let mut types = Vec::new();
    for (name, capacity) in [
        ("General Admission", Some(800)),
        ("VIP", Some(60)),
        ("Speaker", Some(40)),
        ("Press", None),
    ] {
        let data = RegistrationTypeInput {
            name: some(name),
            capacity: Some(capacity),
        }
        .apply(None)?;
        types.push(events::create_registration_type(conn, event_id, &data)?.id);
    }
    Ok(types)
}

fn seed_sessions(conn: &Connection, event_id: i64) -> Result<()> {
    for (name, start, end, capacity) in [
        (
            "Opening keynote",
            "2026-09-15T09:00:00+02:00",
            "2026-09-15T10:00:00+02:00",
            Some(900),
        ),
        (
            "Workshop: async Rust in production",
            "2026-09-15T13:00:00+02:00",
            "2026-09-15T16:00:00+02:00",
            Some(40),
        ),
    ] {
        let data = SessionInput {
            name: some(name),
            starts_at: some(start),
            ends_at: some(end),
            capacity: Some(capacity),
        }
        .apply(None)?;
        events::create_session(conn, event_id, &data)?;
    }
    Ok(())
}

const SIZES: [&str; 6] = ["XS", "S", "M", "L", "XL", "XXL"];
const DIETS: [&str; 5] = [
    "Vegetarian",
    "Vegan",
    "Gluten-free",
    "No pork",
    "Lactose-free",
];
const INTERESTS: [&str; 5] = ["Embedded", "Web", "Data", "Security", "Games"];
const COUNTRIES: [&str; 10] = ["NO", "SE", "DK", "FI", "DE", "GB", "NL", "PL", "US", "IN"];

/// The ids of the demo event's fields that attendees answer.
struct DemoFields {
    shirt: i64,
    diet: i64,
    workshops: i64,
    country: i64,
    photos: i64,
}

impl DemoFields {
    /// Creates the form, with a section divider and a paragraph between the questions.
    fn create(conn: &Connection, event_id: i64) -> Result<DemoFields> {
        let field = |label: &str, t: &str, required: bool, options: &[&str]| -> Result<i64> {
            let def = AttendeeFieldInput {
                label: Some(Some(label.into())),
                field_type: Some(Some(t.into())),
                required: Some(Some(required)),
                options: Some(Some(options.iter().map(|s| s.to_string()).collect())),
                position: None,
            }
            .into_new()?;
            Ok(attendee_fields::create(conn, event_id, &def)?.id)
        };
        field("About you", "section_divider", false, &[])?;
        let shirt = field("T-shirt size", "dropdown", true, &SIZES)?;
        let diet = field("Dietary requirements", "dietary_requirements", false, &[])?;
        let workshops = field("Interested in", "checkbox", false, &INTERESTS)?;
        let country = field("Country", "country", false, &[])?;
        field("We take photos at the event.", "paragraph", false, &[])?;
        let photos = field("I agree to appear in event photos", "consent", false, &[])?;
        Ok(DemoFields {
            shirt,
            diet,
            workshops,
            country,
            photos,
        })
    }
}

/// The `i`th attendee. The order of the dice's draws is what makes the demo the same on
/// every run: keep it when changing what is drawn.
fn demo_attendee(
    dice: &mut Dice,
    i: usize,
    flagged: bool,
    types: &[i64],
    fields: &DemoFields,
) -> AttendeeCreateInput {
    let first = dice.pick(FIRST_NAMES);
    let last = dice.pick(LAST_NAMES);
    let company = dice.pick(COMPANIES);
    let email = format!(
        "{}.{}{}@{}.example",
        ascii_lower(first),
        ascii_lower(last),
        i,
        ascii_lower(company).replace(' ', "")
    );
    let answers = demo_answers(dice, fields);
    let rsvp = match dice.next() % 50 {
        0 => "declined",
        1 => "waitlisted",
        2 => "pending_approval",
        3 | 4 => "unconfirmed",
        _ => "confirmed",
    };
    // The README's examples scan the first attendee's ticket and the flagged last one:
    // confirmed ones.
    let rsvp = if i == 0 || flagged { "confirmed" } else { rsvp };
    AttendeeCreateInput {
        first_name: Some(first.into()),
        last_name: Some(last.into()),
        email: Some(email),
        phone: dice
            .chance(70)
            .then(|| format!("+47 4{:07}", dice.next() % 10_000_000)),
        job_title: Some(dice.pick(JOB_TITLES).into()),
        company: Some(company.into()),
        registration_type_id: Some(
            types[match dice.next() % 20 {
                0 => 1,
                1 => 2,
                2 => 3,
                _ => 0,
            }],
        ),
        rsvp_status: Some(rsvp.into()),
        qr_code: if i == 0 {
            Some(README_CODE.to_owned())
        } else if flagged {
            Some(README_FLAGGED_CODE.to_owned())
        } else {
            None
        },
        fields: Some(answers),
        door_note: flagged.then(|| "Check photo ID: the name on the ticket was changed".to_owned()),
        needs_attention: flagged.then_some(true),
    }
}

/// An attendee's answers: a size and a country always, a diet and interests sometimes,
/// photo consent mostly given.
fn demo_answers(dice: &mut Dice, fields: &DemoFields) -> Vec<AttendeeFieldValueInput> {
    let mut answers = vec![AttendeeFieldValueInput {
        attendee_field_id: fields.shirt,
        value: json!(dice.pick(&SIZES)),
    }];
    if dice.chance(20) {
        answers.push(AttendeeFieldValueInput {
            attendee_field_id: fields.diet,
            value: json!(dice.pick(&DIETS)),
        });
    }
    if dice.chance(60) {
        answers.push(AttendeeFieldValueInput {
            attendee_field_id: fields.workshops,
            value: json!([dice.pick(&INTERESTS)]),
        });
    }
    answers.push(AttendeeFieldValueInput {
        attendee_field_id: fields.country,
        value: json!(dice.pick(&COUNTRIES)),
    });
    answers.push(AttendeeFieldValueInput {
        attendee_field_id: fields.photos,
        value: json!(dice.chance(85)),
    });
    answers
}

fn ascii_lower(s: &str) -> String {
    s.chars()
        .filter_map(|c| match c {
            'ø' | 'Ø' => Some('o'),
            'å' | 'Å' => Some('a'),
            'á' => Some('a'),
            'í' => Some('i'),
            'é' => Some('e'),
            'ó' => Some('o'),
            c if c.is_ascii_alphanumeric() || c == ' ' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

//! Attendee fields (the event's form questions) and the answers they take.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::text::{self, MAX_LONG, MAX_SHORT};
use crate::error::{At, Problem, Problems};

string_enum! {
    /// The kind of question. `spacer`, `section_divider`, `paragraph` and `captcha` are
    /// presentational: they take no answer and never appear in an attendee's `fields`.
    FieldType {
        AccessibilityRequirements => "accessibility_requirements",
        Address => "address",
        Bio => "bio",
        Checkbox => "checkbox",
        CompanyName => "company_name",
        Consent => "consent",
        ContactPhone => "contact_phone",
        Country => "country",
        Date => "date",
        DateOfBirth => "date_of_birth",
        DietaryRequirements => "dietary_requirements",
        Dropdown => "dropdown",
        Email => "email",
        ExternalId => "external_id",
        FacebookAccount => "facebook_account",
        FirstName => "first_name",
        FullName => "full_name",
        Gender => "gender",
        GithubAccount => "github_account",
        Guest => "guest",
        Headline => "headline",
        HomeAddress => "home_address",
        InstagramAccount => "instagram_account",
        JobTitle => "job_title",
        LastName => "last_name",
        LinkedinAccount => "linkedin_account",
        LongText => "long_text",
        Nationality => "nationality",
        Number => "number",
        Spacer => "spacer",
        Paragraph => "paragraph",
        PassportNumber => "passport_number",
        Radio => "radio",
        SectionDivider => "section_divider",
        ShippingAddress => "shipping_address",
        ShortText => "short_text",
        SocialAccount => "social_account",
        Tel => "tel",
        TermAndConsent => "term_and_consent",
        Text => "text",
        TextArea => "text_area",
        Time => "time",
        TwitterAccount => "twitter_account",
        Url => "url",
        WorkAddress => "work_address",
        YoutubeAccount => "youtube_account",
        Captcha => "captcha",
        FileUpload => "file_upload",
        Image => "image",
    }
}

/// How a field type's answer is checked and stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AnswerKind {
    Nothing,
    OneOption,
    Checkbox,
    Consent,
    Number,
    Date,
    Time,
    Email,
    Url,
    Phone,
    Country,
    Address,
    Text,
}

impl FieldType {
    fn answer_kind(self) -> AnswerKind {
        use FieldType::*;
        match self {
            Spacer | SectionDivider | Paragraph | Captcha => AnswerKind::Nothing,
            Dropdown | Radio => AnswerKind::OneOption,
            Checkbox => AnswerKind::Checkbox,
            Consent | TermAndConsent => AnswerKind::Consent,
            Number => AnswerKind::Number,
            Date | DateOfBirth => AnswerKind::Date,
            Time => AnswerKind::Time,
            Email => AnswerKind::Email,
            Url => AnswerKind::Url,
            Tel | ContactPhone => AnswerKind::Phone,
            Country | Nationality => AnswerKind::Country,
            Address | HomeAddress | WorkAddress | ShippingAddress => AnswerKind::Address,
            _ => AnswerKind::Text,
        }
    }

    /// Whether the field takes an answer (and so appears in `Attendee.fields`).
    pub fn takes_value(self) -> bool {
        self.answer_kind() != AnswerKind::Nothing
    }

    /// Whether the field must list at least one option.
    pub fn needs_options(self) -> bool {
        self.answer_kind() == AnswerKind::OneOption
    }

    /// Whether options mean anything for this type.
    pub fn accepts_options(self) -> bool {
        matches!(
            self.answer_kind(),
            AnswerKind::OneOption | AnswerKind::Checkbox
        )
    }
}

impl FieldType {
    /// The rules of [`FieldDefinition::check_consistency`] as JSON Schema conditions on a
    /// field input that names its `type`, for the OpenAPI document (`allOf` of `if`/`then`).
    pub fn input_rules() -> serde_json::Value {
        let names = |keep: fn(FieldType) -> bool| -> Vec<&'static str> {
            FieldType::ALL
                .iter()
                .copied()
                .filter(|t| keep(*t))
                .map(FieldType::as_str)
                .collect()
        };
        let when = |types: Vec<&'static str>, then: serde_json::Value| {
            serde_json::json!({
                "if": {"required": ["type"], "properties": {"type": {"enum": types}}},
                "then": then
            })
        };
        serde_json::json!([
            when(
                names(FieldType::needs_options),
                serde_json::json!({"required": ["options"], "properties": {"options": {"type": "array", "minItems": 1}}})
            ),
            when(
                names(|t| !t.accepts_options()),
                serde_json::json!({"properties": {"options": {"maxItems": 0}}})
            ),
            when(
                names(|t| !t.takes_value()),
                serde_json::json!({"properties": {"required": {"const": false}}})
            ),
        ])
    }
}

/// A question of the event's form.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AttendeeField {
    pub id: i64,
    /// The question text.
    pub label: String,
    /// Whether an answer is mandatory when an attendee is created.
    pub required: bool,
    /// 1-based place in the form; fields are listed in this order.
    pub position: i64,
    /// A machine name derived from the label at creation, unique within the event. It
    /// does not change when the label does, so integrations can key on it.
    pub name: String,
    #[serde(rename = "type")]
    pub field_type: FieldType,
    /// The choices of `dropdown`, `radio` and `checkbox` fields; `[]` when none.
    pub options: Vec<String>,
}

impl AttendeeField {
    /// Checks an answer against this field and returns the value to store, or `None`
    /// when the answer clears the field (`null`, or empty text).
    pub fn check_answer(&self, at: &At, value: &Value) -> Result<Option<Value>, Problem> {
        if value.is_null() {
            return Ok(None);
        }
        let type_name = self.field_type.as_str();
        let checked = match self.field_type.answer_kind() {
            AnswerKind::Nothing => {
                return Err(Problem::new(
                    at.clone(),
                    format!(
                        ": field `{}` is a `{type_name}` and takes no answer",
                        self.name
                    ),
                ));
            }
            AnswerKind::OneOption => match self.text_answer(at, value)? {
                None => None,
                Some(choice) if self.options.contains(&choice) => Some(Value::String(choice)),
                Some(choice) => return Err(self.not_an_option(at, &choice)),
            },
            AnswerKind::Checkbox if self.options.is_empty() => Some(yes_or_no(at, value)?),
            AnswerKind::Checkbox => Some(self.check_choices(at, value)?),
            AnswerKind::Consent => Some(yes_or_no(at, value)?),
            AnswerKind::Number => match value {
                Value::Number(n) => Some(Value::Number(n.clone())),
                _ => return Err(Problem::new(at.clone(), "must be a number")),
            },
            AnswerKind::Date => self.checked_text(at, value, text::date)?,
            AnswerKind::Time => self.checked_text(at, value, text::time_of_day)?,
            AnswerKind::Email => self.checked_text(at, value, text::email)?,
            AnswerKind::Url => self.checked_text(at, value, text::url)?,
            AnswerKind::Phone => self.checked_text(at, value, text::phone)?,
            AnswerKind::Country => self.checked_text(at, value, text::country)?,
            AnswerKind::Address => match value {
                Value::Object(parts) => check_address_parts(at, parts)?,
                _ => self.checked_text(at, value, long_text)?,
            },
            AnswerKind::Text => self.checked_text(at, value, long_text)?,
        };
        Ok(checked)
    }

    /// A text answer: `None` when it is empty (which clears the field), an error when the
    /// JSON value is not a string at all.
    fn text_answer(&self, at: &At, value: &Value) -> Result<Option<String>, Problem> {
        match value {
            Value::String(s) if s.trim().is_empty() => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            _ => Err(Problem::new(
                at.clone(),
                format!(
                    "must be a string for a `{}` field",
                    self.field_type.as_str()
                ),
            )),
        }
    }

    /// A text answer passed through `check`, which validates and normalises it.
    fn checked_text(
        &self,
        at: &At,
        value: &Value,
        check: fn(&At, &str) -> Result<String, Problem>,
    ) -> Result<Option<Value>, Problem> {
        self.text_answer(at, value)?
            .map(|s| check(at, &s).map(Value::String))
            .transpose()
    }

    /// The answer of a checkbox field with options: an array of some of the options,
    /// stored once each in the order given.
    fn check_choices(&self, at: &At, value: &Value) -> Result<Value, Problem> {
        let Value::Array(items) = value else {
            return Err(Problem::new(
                at.clone(),
                format!(
                    "must be an array of the field's options ({})",
                    self.options.join(", ")
                ),
            ));
        };
        let mut chosen: Vec<Value> = Vec::with_capacity(items.len());
        for item in items {
            let Some(choice) = item.as_str() else {
                return Err(Problem::new(at.clone(), "must be an array of strings"));
            };
            if !self.options.iter().any(|o| o == choice) {
                return Err(self.not_an_option(at, choice));
            }
            if !chosen.iter().any(|c| c.as_str() == Some(choice)) {
                chosen.push(Value::String(choice.to_owned()));
            }
        }
        Ok(Value::Array(chosen))
    }

    /// Whether a stored answer satisfies `required` (a consent must be given, a checkbox
    /// list must not be empty).
    pub fn satisfied_by(&self, value: Option<&Value>) -> bool {
        match value {
            None | Some(Value::Null) => false,
            Some(Value::Array(items)) => !items.is_empty(),
            Some(Value::Bool(b)) if self.field_type.answer_kind() == AnswerKind::Consent => *b,
            Some(_) => true,
        }
    }

    /// Reads a spreadsheet cell as an answer of this field's shape (CSV import): yes/no
    /// for consents and plain checkboxes, a number for numbers, options separated by `;`
    /// or `|` for checkbox lists, text otherwise. The result still goes through
    /// [`AttendeeField::check_answer`], like any API answer.
    pub fn answer_from_text(&self, at: &At, cell: &str) -> Result<Value, Problem> {
        let cell = cell.trim();
        if cell.is_empty() {
            return Ok(Value::Null);
        }
        let yes_no = || match cell.to_lowercase().as_str() {
            "yes" | "y" | "true" | "1" | "x" | "ja" | "oui" | "si" | "sí" => Ok(Value::Bool(true)),
            "no" | "n" | "false" | "0" | "nei" | "nein" | "non" => Ok(Value::Bool(false)),
            _ => Err(Problem::new(
                at.clone(),
                format!(": `{cell}` is not yes or no"),
            )),
        };
        match self.field_type.answer_kind() {
            AnswerKind::Consent => yes_no(),
            AnswerKind::Checkbox if self.options.is_empty() => yes_no(),
            AnswerKind::Checkbox => Ok(Value::Array(
                cell.split([';', '|'])
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(|c| Value::String(c.to_owned()))
                    .collect(),
            )),
            AnswerKind::Number => {
                let n = cell.replace(' ', "");
                if let Ok(i) = n.parse::<i64>() {
                    return Ok(Value::from(i));
                }
                n.parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite())
                    .and_then(serde_json::Number::from_f64)
                    .map(Value::Number)
                    .ok_or_else(|| Problem::new(at.clone(), format!(": `{cell}` is not a number")))
            }
            _ => Ok(Value::String(cell.to_owned())),
        }
    }

    fn not_an_option(&self, at: &At, choice: &str) -> Problem {
        Problem::new(
            at.clone(),
            format!(
                ": `{choice}` is not one of the options ({})",
                self.options.join(", ")
            ),
        )
    }
}

/// The answer of a single checkbox or a consent: a JSON boolean.
fn yes_or_no(at: &At, value: &Value) -> Result<Value, Problem> {
    match value {
        Value::Bool(b) => Ok(Value::Bool(*b)),
        _ => Err(Problem::new(at.clone(), "must be true or false")),
    }
}

/// Free text of an answer, up to [`MAX_LONG`] characters.
fn long_text(at: &At, value: &str) -> Result<String, Problem> {
    text::required_text(at, value, MAX_LONG)
}

/// An address given in parts (street, city, ...): each part is optional short text, and
/// an address with no part left clears the field.
fn check_address_parts(
    at: &At,
    parts: &serde_json::Map<String, Value>,
) -> Result<Option<Value>, Problem> {
    let mut clean = serde_json::Map::new();
    for (key, part) in parts {
        let part_at = at.below(key);
        match part {
            Value::Null => {}
            Value::String(s) => {
                if let Some(t) = text::optional_text(&part_at, Some(s), MAX_SHORT)? {
                    clean.insert(key.clone(), Value::String(t));
                }
            }
            _ => return Err(Problem::new(part_at, "must be a string")),
        }
    }
    Ok((!clean.is_empty()).then_some(Value::Object(clean)))
}

/// A stored answer as a spreadsheet cell (CSV export): the inverse of
/// [`AttendeeField::answer_from_text`], so an exported file imports back unchanged.
pub fn answer_to_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::Bool(true) => "yes".into(),
        Value::Bool(false) => "no".into(),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) => items
            .iter()
            .map(answer_to_text)
            .collect::<Vec<_>>()
            .join("; "),
        Value::Object(parts) => parts
            .values()
            .map(answer_to_text)
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Request body member of attendee-field create and update. On update every member is
/// optional and absent members keep their value.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AttendeeFieldInput {
    /// The question text. Required on create.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::required_long)]
    pub label: Option<Option<String>>,
    /// The field type. Required on create.
    #[serde(rename = "type", default, deserialize_with = "super::double_option")]
    #[schema(value_type = FieldType)]
    pub field_type: Option<Option<String>>,
    /// Default `false`. Presentational types cannot be required.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(value_type = bool)]
    pub required: Option<Option<bool>>,
    /// Choices; required (at least one) for `dropdown` and `radio`, optional for
    /// `checkbox`, not accepted for other types. `null` clears them.
    #[serde(default, deserialize_with = "super::double_option")]
    #[schema(schema_with = super::schema::options)]
    pub options: Option<Option<Vec<String>>>,
    /// Extension, update only: move the field to this 1-based position; the fields in
    /// between shift by one. Out-of-range values are clamped to the ends.
    pub position: Option<i64>,
}

/// A field definition after parsing: what create stores, or what update ends with.
#[derive(Debug, Clone)]
pub struct FieldDefinition {
    pub label: String,
    pub field_type: FieldType,
    pub required: bool,
    pub options: Vec<String>,
}

impl AttendeeFieldInput {
    /// Parses a create request.
    pub fn into_new(self) -> Result<FieldDefinition, crate::error::Error> {
        let mut problems = Problems::new();
        let label = match self.label {
            None | Some(None) => {
                problems.push(Problem::member("label", "is required"));
                None
            }
            Some(Some(l)) => problems.take(text::required_text(&At::Member("label"), &l, MAX_LONG)),
        };
        let field_type = match self.field_type {
            None | Some(None) => {
                problems.push(Problem::member("type", "is required"));
                None
            }
            Some(Some(t)) => problems.take(parse_type(&t)),
        };
        if self.position.is_some() {
            problems.push(Problem::member(
                "position",
                "cannot be set on create; new fields go last (change it with PATCH)",
            ));
        }
        let options = problems.take(parse_options(self.options.flatten().unwrap_or_default()));
        let required = match self.required {
            None => false,
            Some(None) => {
                problems.push(Problem::member("required", "must not be null"));
                false
            }
            Some(Some(r)) => r,
        };
        FieldDefinition::assemble(label, field_type, options, required, problems)
    }

    /// Applies an update request to `current`; returns the new definition and the
    /// requested position, if any.
    pub fn apply_to(
        self,
        current: &AttendeeField,
    ) -> Result<(FieldDefinition, Option<i64>), crate::error::Error> {
        let mut problems = Problems::new();
        let label = match self.label {
            None => Some(current.label.clone()),
            Some(None) => problems.take(Err(Problem::member("label", "must not be null"))),
            Some(Some(l)) => problems.take(text::required_text(&At::Member("label"), &l, MAX_LONG)),
        };
        let field_type = match self.field_type {
            None => Some(current.field_type),
            Some(None) => problems.take(Err(Problem::member("type", "must not be null"))),
            Some(Some(t)) => problems.take(parse_type(&t)),
        };
        let options = match self.options {
            None => Some(current.options.clone()),
            Some(list) => problems.take(parse_options(list.unwrap_or_default())),
        };
        let required = match self.required {
            None => current.required,
            Some(None) => {
                problems.push(Problem::member("required", "must not be null"));
                current.required
            }
            Some(Some(r)) => r,
        };
        FieldDefinition::assemble(label, field_type, options, required, problems)
            .map(|def| (def, self.position))
    }
}

impl FieldDefinition {
    /// The definition from its parsed parts, checked as a whole; the 422 with every
    /// problem (those recorded while parsing too) when a part is missing or they clash.
    fn assemble(
        label: Option<String>,
        field_type: Option<FieldType>,
        options: Option<Vec<String>>,
        required: bool,
        mut problems: Problems,
    ) -> crate::error::Result<FieldDefinition> {
        match (label, field_type, options) {
            (Some(label), Some(field_type), Some(options)) => {
                let def = FieldDefinition {
                    label,
                    field_type,
                    required,
                    options,
                };
                def.check_consistency(&mut problems);
                problems.finish(|| def)
            }
            _ => Err(problems.into_error()),
        }
    }

    fn check_consistency(&self, problems: &mut Problems) {
        let t = self.field_type;
        if t.needs_options() && self.options.is_empty() {
            problems.push(Problem::member(
                "options",
                format!(": a `{}` field needs at least one option", t.as_str()),
            ));
        }
        if !t.accepts_options() && !self.options.is_empty() {
            problems.push(Problem::member(
                "options",
                format!(": a `{}` field takes no options", t.as_str()),
            ));
        }
        if !t.takes_value() && self.required {
            problems.push(Problem::member(
                "required",
                format!(
                    ": a `{}` field takes no answer, so it cannot be required",
                    t.as_str()
                ),
            ));
        }
    }

    /// The record this definition describes, for checking answers against it.
    pub fn as_field(&self, id: i64, name: &str, position: i64) -> AttendeeField {
        AttendeeField {
            id,
            label: self.label.clone(),
            required: self.required,
            position,
            name: name.to_owned(),
            field_type: self.field_type,
            options: self.options.clone(),
        }
    }
}

fn parse_type(t: &str) -> Result<FieldType, Problem> {
    FieldType::parse(t).ok_or_else(|| {
        Problem::member(
            "type",
            format!("`{t}` is not a known field type (see the AttendeeField type list)"),
        )
    })
}

/// Most options a field may list.
pub const MAX_OPTIONS: usize = 200;

fn parse_options(options: Vec<String>) -> Result<Vec<String>, Problem> {
    if options.len() > MAX_OPTIONS {
        return Err(Problem::member(
            "options",
            format!("has more than {MAX_OPTIONS} entries"),
        ));
    }
    let mut clean: Vec<String> = Vec::with_capacity(options.len());
    for (i, option) in options.iter().enumerate() {
        let at = At::Entry("options", i);
        let o = text::required_text(&at, option, MAX_SHORT)?;
        if clean.contains(&o) {
            return Err(Problem::new(at, format!(": `{o}` is listed twice")));
        }
        clean.push(o);
    }
    Ok(clean)
}

/// A machine name from a label: lower-case ASCII letters, digits and underscores.
pub fn machine_name(label: &str) -> String {
    let mut name = String::with_capacity(label.len());
    for c in label.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            name.push(c);
        } else if !name.ends_with('_') && !name.is_empty() {
            name.push('_');
        }
        if name.len() >= 60 {
            break;
        }
    }
    let trimmed = name.trim_end_matches('_');
    if trimmed.is_empty() {
        "field".to_owned()
    } else {
        trimmed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(t: FieldType, options: &[&str]) -> AttendeeField {
        AttendeeField {
            id: 1,
            label: "Q".into(),
            required: false,
            position: 1,
            name: "q".into(),
            field_type: t,
            options: options.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn machine_names() {
        assert_eq!(machine_name("T-shirt size?"), "t_shirt_size");
        assert_eq!(machine_name("  Ünïcode  "), "n_code");
        assert_eq!(machine_name("???"), "field");
    }

    #[test]
    fn answers_fit_their_types() {
        const V: At = At::Member("v");
        let dropdown = field(FieldType::Dropdown, &["S", "M"]);
        assert_eq!(dropdown.check_answer(&V, &json!("M")), Ok(Some(json!("M"))));
        assert!(dropdown.check_answer(&V, &json!("XL")).is_err());
        let boxes = field(FieldType::Checkbox, &["a", "b"]);
        assert_eq!(
            boxes.check_answer(&V, &json!(["b", "b"])),
            Ok(Some(json!(["b"])))
        );
        assert!(boxes.check_answer(&V, &json!(true)).is_err());
        let tick = field(FieldType::Checkbox, &[]);
        assert_eq!(tick.check_answer(&V, &json!(true)), Ok(Some(json!(true))));
        assert!(
            field(FieldType::Number, &[])
                .check_answer(&V, &json!("5"))
                .is_err()
        );
        assert!(
            field(FieldType::Consent, &[])
                .check_answer(&V, &json!("yes"))
                .is_err()
        );
        assert!(
            field(FieldType::Spacer, &[])
                .check_answer(&V, &json!("x"))
                .is_err()
        );
        assert_eq!(
            field(FieldType::Tel, &[]).check_answer(&V, &json!("+47 22 12 34 56")),
            Ok(Some(json!("+4722123456")))
        );
        assert_eq!(
            field(FieldType::Text, &[]).check_answer(&V, &json!("  ")),
            Ok(None)
        );
        assert_eq!(
            field(FieldType::Text, &[]).check_answer(&V, &json!(null)),
            Ok(None)
        );
    }
}

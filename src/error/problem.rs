//! A validation problem as a value: where it is ([`At`]) and what is wrong there.
//!
//! Domain parsing and the repositories say *where* a problem is by naming the member, the
//! list entry or the form field answered, never by writing a path into the text. Each
//! reader renders the place its own way: the API as the request's member path
//! (`item.email`, `item.fields[0].value`, see [`Problem`]'s `Display`), the CSV import as
//! the column the value came from (``column `E-mail` ``).

use std::borrow::Cow;
use std::fmt;

/// One thing wrong with a request (or an imported row): where, and what.
///
/// `message` is written to follow the place: after a space (`item.email` + `is not a valid
/// email address`), or directly when it begins with a colon (`item.options` +
/// ``: a `dropdown` field needs at least one option``). The messages use both joints, so
/// the joint travels with the message (its leading colon) rather than in a separate
/// field. So one problem reads the same in the API's `item.x` form and in the import's
/// ``column `X` `` form. A problem [`At::Whole`] is its message alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub at: At,
    pub message: String,
}

/// Where a [`Problem`] is.
#[derive(Debug, Clone, PartialEq)]
pub enum At {
    /// The request (or row) as a whole; the message says what it is about.
    Whole,
    /// Something outside `item`, named as is: a query parameter (`updated_since`), a
    /// command-line option (`--name`), a stored answer being re-checked (`answer`).
    Outside(Cow<'static, str>),
    /// A member of `item`: `email` is `item.email`.
    Member(&'static str),
    /// An entry of a list member of `item`: `("options", 2)` is `item.options[2]`.
    Entry(&'static str, usize),
    /// An answer to a form field, or the list of answers.
    Answer(AnswerAt),
}

/// Where an answer to a form field is: `item.fields[i]` of an attendee, `item.answers[i]`
/// of a door check-in, and the field it answers (so a reader can name the question, or
/// find the column it came from).
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerAt {
    /// The member holding the answers: `fields` (attendees) or `answers` (door check-ins).
    pub list: &'static str,
    /// The answer's position in that list; `None` for the list as a whole (a required
    /// answer that is missing).
    pub index: Option<usize>,
    /// The field answered, when it is one of the event's.
    pub field_id: Option<i64>,
    /// Where inside the answer, as a path suffix: empty for the answer itself,
    /// `.attendee_field_id`, `.value`, `.value.street`.
    pub part: String,
}

impl At {
    /// Something outside `item`, named as is.
    pub fn outside(name: impl Into<Cow<'static, str>>) -> Self {
        At::Outside(name.into())
    }

    /// An answer in the list `list`: at `index` (None: the list as a whole), to the field
    /// `field_id` when known.
    pub fn answer(list: &'static str, index: Option<usize>, field_id: Option<i64>) -> Self {
        At::Answer(AnswerAt {
            list,
            index,
            field_id,
            part: String::new(),
        })
    }

    /// A part inside this place: the `.value` of an answer, the `.street` of an address.
    /// Below anything but an answer the part is kept only in the API's path (as
    /// [`At::Outside`]): no reader places those finer than that.
    pub fn below(&self, key: &str) -> At {
        match self {
            At::Whole => At::Whole,
            At::Answer(answer) => At::Answer(AnswerAt {
                part: format!("{}.{key}", answer.part),
                ..answer.clone()
            }),
            other => At::Outside(format!("{}.{key}", other.path().unwrap_or_default()).into()),
        }
    }

    /// The place as the API names it (`item.email`, `item.fields[0].value`); `None` for
    /// the request as a whole.
    pub fn path(&self) -> Option<String> {
        match self {
            At::Whole => None,
            At::Outside(name) => Some(name.to_string()),
            At::Member(member) => Some(format!("item.{member}")),
            At::Entry(member, i) => Some(format!("item.{member}[{i}]")),
            At::Answer(AnswerAt {
                list, index, part, ..
            }) => Some(match index {
                Some(i) => format!("item.{list}[{i}]{part}"),
                None => format!("item.{list}{part}"),
            }),
        }
    }
}

impl Problem {
    pub fn new(at: At, message: impl Into<String>) -> Self {
        Problem {
            at,
            message: message.into(),
        }
    }

    /// A problem of the request as a whole: the message stands alone.
    pub fn whole(message: impl Into<String>) -> Self {
        Problem::new(At::Whole, message)
    }

    /// A problem of the member `member` of `item`.
    pub fn member(member: &'static str, message: impl Into<String>) -> Self {
        Problem::new(At::Member(member), message)
    }

    /// The message after `place` (the API's path, the import's column, ...), joined as
    /// the type's documentation says; the message alone without a place.
    pub fn placed(&self, place: Option<&str>) -> String {
        self.placed_saying(place, &self.message)
    }

    /// The API's rendering (as `Display`) with the message said otherwise: in the
    /// request's language (`crate::l10n::problem`).
    pub fn at_path_saying(&self, message: &str) -> String {
        self.placed_saying(self.at.path().as_deref(), message)
    }

    /// [`Problem::placed`], with the message said otherwise.
    pub fn placed_saying(&self, place: Option<&str>, message: &str) -> String {
        match place {
            None => message.to_owned(),
            Some(place) if message.starts_with(':') => format!("{place}{message}"),
            Some(place) => format!("{place} {message}"),
        }
    }
}

/// The API's rendering: the place as a member path (`item.email is not a valid email
/// address`), as the 422 body and the command line show it.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.placed(self.at.path().as_deref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_api_names_members_entries_and_answers_by_path() {
        let cases = [
            (
                Problem::member("email", "is not a valid email address"),
                "item.email is not a valid email address",
            ),
            (
                Problem::new(At::Entry("options", 2), ": `S` is listed twice"),
                "item.options[2]: `S` is listed twice",
            ),
            (
                Problem::new(
                    At::answer("fields", Some(0), Some(7)).below("value"),
                    "must be true or false (field `consent`)",
                ),
                "item.fields[0].value must be true or false (field `consent`)",
            ),
            (
                Problem::new(
                    At::answer("answers", Some(1), None)
                        .below("value")
                        .below("street"),
                    "must be a string",
                ),
                "item.answers[1].value.street must be a string",
            ),
            (
                Problem::new(
                    At::answer("fields", None, Some(7)),
                    ": an answer to required field `diet` (Diet) is missing",
                ),
                "item.fields: an answer to required field `diet` (Diet) is missing",
            ),
            (
                Problem::whole("item must be an object"),
                "item must be an object",
            ),
            (
                Problem::new(At::outside("updated_since"), "is not a timestamp"),
                "updated_since is not a timestamp",
            ),
            (
                Problem::new(At::Member("body").below("x"), "must be a string"),
                "item.body.x must be a string",
            ),
        ];
        for (problem, api) in cases {
            assert_eq!(problem.to_string(), api);
        }
    }

    #[test]
    fn another_reader_puts_its_own_place_before_the_same_message() {
        let answer = Problem::new(
            At::answer("fields", Some(3), Some(7)).below("value"),
            "must be true or false (field `consent`)",
        );
        assert_eq!(
            answer.placed(Some("column `Photo consent`")),
            "column `Photo consent` must be true or false (field `consent`)"
        );
        let missing = Problem::new(
            At::answer("fields", None, Some(7)),
            ": an answer to required field `diet` (Diet) is missing",
        );
        assert_eq!(
            missing.placed(Some("column `Diet`")),
            "column `Diet`: an answer to required field `diet` (Diet) is missing"
        );
    }
}

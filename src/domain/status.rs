//! The two state fields of an attendee.

string_enum! {
    /// Whether the attendee is coming. Defaults to `confirmed` for attendees created here.
    RsvpStatus {
        Unconfirmed => "unconfirmed",
        Confirmed => "confirmed",
        Declined => "declined",
        Waitlisted => "waitlisted",
        PendingApproval => "pending_approval",
    }
}

string_enum! {
    /// Where the attendee is with respect to the event's door.
    CheckinStatus {
        NotCheckedIn => "not_checked_in",
        CheckedIn => "checked_in",
        CheckedOut => "checked_out",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::field::FieldType;

    /// The wire names come from serde's `snake_case`; `as_str` must agree with them.
    #[test]
    fn wire_names_agree() {
        fn check<T: serde::Serialize + std::fmt::Display>(all: &[T]) {
            for v in all {
                assert_eq!(
                    serde_json::to_value(v).expect("serialise"),
                    serde_json::json!(v.to_string())
                );
            }
        }
        check(RsvpStatus::ALL);
        check(CheckinStatus::ALL);
        check(FieldType::ALL);
    }
}

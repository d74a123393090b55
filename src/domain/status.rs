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

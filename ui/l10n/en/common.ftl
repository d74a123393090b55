# Words shared by every screen (ui/js/dom.js). English is the source: every other
# language has exactly these keys.

common-loading = Loading…
common-error-unknown = Something went wrong.
common-error-title = That did not work
common-try-again = Try again
common-fix-entries = Please fix the highlighted entries.
common-entries-kept = your entries are kept
common-not-saved-yet = Not saved yet — { $kept }
common-ok = OK
common-cancel = Cancel

common-ago-never = never
common-ago-now = just now
common-ago-seconds = { $count } seconds ago
common-ago-minutes = { $count ->
    [one] 1 minute ago
   *[other] { $count } minutes ago
}
common-ago-hours = { $count ->
    [one] 1 hour ago
   *[other] { $count } hours ago
}

common-status-not-checked-in = Not checked in
common-status-checked-in = Checked in
common-status-checked-out = Checked out

common-rsvp-confirmed = Confirmed
common-rsvp-unconfirmed = Unconfirmed
common-rsvp-declined = Declined
common-rsvp-waitlisted = Waitlisted
common-rsvp-pending-approval = Pending approval

common-action-check-in = Check in
common-action-check-out = Check out
common-action-undo = Undo

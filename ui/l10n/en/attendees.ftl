# Attendees: the list, search and filters, the detail view with its history, and the edit form.

attendees-title = Attendees
attendees-register-walk-in = + Register a walk-in
attendees-search-label = Search
attendees-search-placeholder = Name, email or company
attendees-filter-status = Status
attendees-filter-everyone = Everyone
attendees-filter-rsvp = RSVP
attendees-filter-any-rsvp = Any RSVP
attendees-filter-type = Type
attendees-filter-all-types = All types
attendees-no-match = Nobody matches “{ $query }”.
attendees-no-match-filters = Nobody matches these filters.
attendees-col-name = Name
attendees-col-company = Company
attendees-col-type = Type
attendees-col-status = Status
attendees-col-action = Action
attendees-result-count = { $count ->
    [one] { $count } person
   *[other] { $count } people
} · page { $page } of { $pages }
attendees-page-prev = ‹ Previous
attendees-page-next = Next ›
attendees-toast-checked-in = { $name }: checked in
attendees-toast-checked-out = { $name }: checked out
attendees-toast-undone = { $name }: check-in undone

# The door note and the "needs attention at the door" flag
attendees-attention-tag = Attention
attendees-needs-attention = Needs attention at the door
attendees-attention-title-note = Needs attention at the door: { $note }
attendees-attention-notice = A check-in scan waits for a door person to admit them.
attendees-door-note = Door note
attendees-door-note-count = { $count } of { $max } characters
attendees-door-note-hint = Shown to door staff when this ticket is scanned, e.g. “Bring the wheelchair ramp” or “Collect the unpaid invoice”.
attendees-needs-attention-hint = A check-in scan of this ticket stops with a violet banner until a door person presses Admit.

# Detail
attendees-back-to-list = ‹ All attendees
attendees-detail-title = Attendee
attendees-place-label = Where
attendees-place-door = At the door
attendees-qr-alt = QR code of ticket { $code }
attendees-qr-unavailable = QR code not available
attendees-no-answer = No answer
attendees-undo-check-in = Undo check-in
attendees-rsvp-notice = RSVP: { $rsvp }
attendees-rsvp-refused = RSVP: { $rsvp } — check-in is refused until this changes.
attendees-edit = Edit
attendees-details = Details
attendees-email = Email
attendees-phone = Phone
attendees-registration-type = Registration type
attendees-rsvp = RSVP
attendees-registered = Registered
attendees-answers = Answers
attendees-history = Check-in history
attendees-history-empty = Nothing yet.
attendees-history-when = When
attendees-history-what = What
attendees-history-where = Where
attendees-history-result = Result
attendees-history-device = Device
attendees-outcome-ok = Done
attendees-outcome-already-checked-in = already checked in
attendees-outcome-not-checked-in = not checked in
attendees-outcome-not-found = not found
attendees-outcome-wrong-event = wrong event
attendees-outcome-not-allowed = not allowed
attendees-outcome-needs-attention = needs attention
attendees-outcome-needs-answers = needs answers
attendees-ticket = Ticket
attendees-print-badge = Print badge
attendees-print-failed = Could not print the badge.

# Erase personal data (organisers)
attendees-personal-data = Personal data
attendees-personal-data-hint = For a request to be forgotten: removes this person, keeps their check-ins anonymously.
attendees-erase = Erase personal data
attendees-erase-title = Erase { $name }'s personal data?
attendees-erase-body = Their name, email, phone, company, answers and ticket code are erased for good (also on the remote, when this event is synced). Their check-ins stay in the history without a name, so the counts do not change. This cannot be undone.
attendees-erase-failed = Not erased: { $reason }
attendees-erased = Personal data erased.

# Edit (organisers)
attendees-edit-title = Edit attendee
attendees-edit-name = Edit { $name }
attendees-back = ‹ Back
attendees-door-fieldset = At the door
attendees-save = Save changes
attendees-saving = Saving…
attendees-saved = Saved
attendees-changes-kept = your changes are kept

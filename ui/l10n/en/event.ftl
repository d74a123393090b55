# Creating and editing an event (organisers): details, registration types, sessions.

event-title = Event
event-back = ← Events
event-new-title = New event
event-new-lead-first = First the event itself. Its registration types and sessions come next, then the people.
event-new-lead = Registration types and sessions come next, once the event exists.
event-details = Details
event-attendee-count = { $count ->
    [one] 1 attendee
   *[other] { $count } attendees
}
event-created-notice = “{ $name }” is created. Add its registration types and sessions (both optional), then bring in the people.

## The event's details
event-required = (required)
event-name = Name
event-place = Place
event-place-hint = Optional: the venue or address.
event-timezone = Time zone
event-timezone-placeholder = e.g. Europe/Oslo
event-starts = Starts
event-ends = Ends
event-zone-hint-empty = Start typing a city or region. Empty: times show in this computer's zone ({ $zone }).
event-zone-hint-known = { $zone }. Start and end below are the clock on the wall there.
event-zone-hint-unknown = Start typing a city or region, then pick a zone from the list.
event-door-legend = At the door
event-door-questions = Ask missing required questions at the door
event-door-questions-hint = When on, a scan of someone who left a required question of the registration form unanswered shows those questions at the door; the check-in waits for the answers.
event-personal-data = Personal data
event-retention = Erase personal data this many days after the event ends
event-retention-hint = Names, contact details and answers are erased for good; check-in counts stay. Empty: never.
event-retention-invalid = A whole number of days, 1 to { $max } (empty: never).
event-purged = Personal data was last erased on { $when }.
event-erase-needs-end = Set when the event ends: the days count from its end.
event-erase-on = Personal data will be erased on { $when }.
event-erase-soon = Personal data will be erased within the hour (the date, { $when }, has passed).
event-save = Save
event-create = Create the event
event-saving = Saving…
event-zone-invalid = Not a time zone: pick one from the list (e.g. Europe/Oslo).
event-incomplete-time = Not a complete date and time.
event-ends-before-starts = Ends before it starts.
event-nothing-to-save = Nothing to save: no changes.
event-not-accepted = The server did not accept this:
event-created-toast = Created “{ $name }”.
event-saved-toast = Saved.
event-saved-at = Saved { $time }.

## Registration types and sessions
event-record-edit-label = Rename or change “{ $name }”
event-record-rename = Rename
event-record-close = Close
event-record-remove-label = Remove “{ $name }”
event-record-remove = Remove
event-record-remove-title = Remove “{ $name }”?
event-record-saved = Saved “{ $name }”.
event-record-added = Added “{ $name }”.
event-record-removed = Removed “{ $name }”.
event-record-already-removed = It was already removed.
event-record-not-removed = Not removed: { $reason }
event-capacity = Capacity
event-capacity-hint = Empty: no limit.
event-capacity-invalid = A whole number, 0 or more (empty: no limit).
event-capacity-meta = capacity { $capacity }
event-no-limit = no limit

event-types-title = Registration types
event-types-lead = Kinds of ticket, e.g. General, VIP, Speaker. The door shows an attendee’s type.
event-types-add-title = Add a registration type
event-types-add = Add type
event-types-empty = No registration types yet.
event-types-remove-unknown = Attendees who have this type keep their registration, with no type.
event-types-remove-none = No attendee has this type.
event-types-remove-count = { $count ->
    [one] 1 attendee has this type. They stay registered, with no type.
   *[other] { $count } attendees have this type. They stay registered, with no type.
}

event-sessions-title = Sessions
event-sessions-lead = Parts of the event with their own check-in: a talk, a workshop, a dinner. The door can check people in to one.
event-sessions-add-title = Add a session
event-sessions-add = Add session
event-sessions-empty = No sessions: the door checks people in to the event itself.
event-session-checked-in = { $count } checked in
event-sessions-remove-unknown = Its check-in history is removed with it.
event-sessions-remove-none = Nobody has checked in to this session yet.
event-sessions-remove-count = { $count ->
    [one] 1 person has check-ins in this session: that check-in history is removed with it.
   *[other] { $count } people have check-ins in this session: that check-in history is removed with it.
}

## After a create: next steps
event-next-title = Next: the people
event-next-lead = Bring in the attendee list from a spreadsheet (you see a preview first), or add people by hand as they arrive. You can come back here from the event list.
event-next-import = Import attendees
event-next-walk-in = Add people by hand
event-next-door = Go to the door
event-open-failed = Could not open this event: { $reason }

# Choose the event (ui/js/screens/events.js).

events-title = Choose the event
events-lead = This kiosk will check people in for the event you choose. It remembers the choice.
events-loading = Loading events…
events-open-failed = Could not open this event.
events-account = Account
# An account in the picker: its name and the person's role in it
events-account-option = { $account } ({ $role })
events-role-organiser = organiser
events-role-door = door
events-empty = This account has no events yet. An organiser creates them through the API or the sync.
events-attendee-count = { $count ->
    [one] { $count } attendee
   *[other] { $count } attendees
}
events-edit = Edit
events-edit-label = Edit “{ $name }”
events-new = + New event
events-get-started = Get started: connect, create or try a demo

# Get started: the first-run choice and connecting to a remote event server.

start-title = Get started
start-lead = How do you want to start? Each way ends at the door screen, ready to scan.
# { $name }: the organiser's first name.
start-lead-welcome = Welcome, { $name }. How do you want to start? Each way ends at the door screen, ready to scan.
start-connect-title = Connect to our event server
start-connect-words = Bring your event and its guest list from your registration system.
start-create-title = Create an event here
start-create-words = Name, dates and sessions. Then import a guest list or add people by hand.
start-hub-title = Join the venue hub
start-hub-words = Another Entrada at this venue is the hub: sync with it, door to door.
start-demo-title = Try it with a demo event
start-demo-words = 300 made-up guests with tickets to scan. Remove it in one step when done.
start-demo-making = Making the demo event…
start-demo-failed = The demo event was not made
start-skip-to-door = Skip: go to the door
start-skip = Skip for now

# Connect to a remote server.
start-back = ‹ Other ways to start
start-connect-heading = Connect to your event server
start-connect-lead = Bring your event and its guests from your registration server. Check-ins go back to it.
start-base-url-label = Server address (API)
start-base-url-hint = It usually ends in /api/v2.
start-auth-url-label = Sign-in address
start-auth-url-hint = Where the server hands out tokens. Often the same address without /api/v2.
start-client-id-label = Client id
start-client-id-hint = From the server’s administrator.
start-client-secret-label = Client secret
start-client-secret-stored-placeholder = Stored: leave empty to keep it
start-client-secret-stored-hint = A secret is stored already.
start-client-secret-hint = Given with the client id.
start-address-invalid = Enter a full address, starting with https:// or http://.
start-address-missing = Enter the address.
start-client-id-missing = Enter the client id.
start-client-secret-missing = Enter the client secret.
start-test = Test connection
start-testing = Testing the connection…
start-test-failed = The test did not run
start-connected = Connected.
start-not-connected = Not connected.
start-unreachable = The server could not be reached.
start-no-events = The server has no events these credentials can see. Create the event there first, or ask for credentials of its account.
start-events-legend = Which events does this kiosk check in?
start-events-none-ticked = Tick at least one event.
start-connect-download = Connect and download

# The first download. { $done } of { $total }: attendees (or changes) so far.
start-progress-label = Download progress
start-progress-connecting = Connecting…
start-progress-sending = Sending changes…
start-progress-sending-count = Sending changes: { $done } of { $total }
start-progress-attendees = { $done } of { $total } attendees
start-progress-downloading = Downloading: { $done } of { $total } attendees
start-not-connected-title = Not connected
start-not-downloaded = Not downloaded
start-download-unfinished = The download did not finish.
start-download-stopped = The download stopped.
start-downloaded = Downloaded.
start-downloaded-count = { $count ->
    [one] Downloaded: 1 attendee.
   *[other] Downloaded: { $count } attendees.
}
# { $link } is the link "event list" (start-event-list-link).
start-downloaded-choose = Downloaded. Choose the event in the { $link }.
start-event-list-link = event list
start-which-event = Which event is at this door?
start-event-attendees = { $count } attendees

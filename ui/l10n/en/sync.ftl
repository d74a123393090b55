# Sync screen (ui/js/screens/sync.js): the remote server, state, parked entries, conflicts.

sync-title = Sync
sync-run = Run a round now
sync-running = Running…
sync-run-waiting = A round is already running; waiting for it to finish…
sync-run-done = Done: { $confirmed } sent and confirmed, { $pulled } received, { $parked } parked, { $pending } still waiting.
sync-run-unreachable = The remote could not be reached. Changes wait here and go at the next round.
sync-run-unreachable-because = The remote could not be reached: { $error }. Changes wait here and go at the next round.

## State
sync-state-title = State
sync-state-sync = Sync
sync-state-configured = Configured
sync-state-not-configured = Not configured
sync-state-remote = Remote
sync-state-online = Online
sync-state-offline = Offline
sync-state-last-success = Last success
sync-state-last-attempt = Last attempt
sync-state-pending = Waiting to send
sync-last-problem = Last problem: { $error }

## Parked entries
sync-parked-title = Parked entries
sync-parked-intro = Changes the remote refused. Fix and retry them, or drop them.
sync-parked-none = Nothing is parked: every change the remote saw was accepted.
sync-kind-attendee-create = New attendee
sync-kind-attendee-update = Attendee change
sync-kind-check-in = Check-in
sync-kind-check-out = Check-out
sync-kind-undo = Undo
sync-kind-field-create = New form field
sync-kind-field-update = Form field change
sync-kind-field-delete = Form field deleted
# $kind: the entry's kind of change (an API value); $record: its record id.
sync-parked-head = { $kind } · record { $record }
# $ago: "3 minutes ago"
sync-parked-when = parked { $ago }
sync-parked-remote-said = The remote said:
sync-parked-no-message = (no message)
sync-parked-http = (HTTP { $status })
sync-parked-retry = Retry
sync-parked-edit = Edit
sync-parked-drop = Drop
sync-parked-retried = It will be sent again at the next round.
sync-parked-body-label = What to send instead
sync-parked-save = Save and send again
sync-parked-bad-json = This is not valid JSON: check quotes, commas and brackets.
sync-parked-not-object = The body must be an object ({"{"} ... {"}"}).
sync-parked-saved = Saved; it will be sent again at the next round.
# $kind is the API value of the entry's kind; the last variant is for a kind not listed.
sync-drop-title = { $kind ->
    [attendee_create] Drop this new attendee?
    [attendee_update] Drop this attendee change?
    [check_in] Drop this check-in?
    [check_out] Drop this check-out?
    [undo] Drop this undo?
    [field_create] Drop this new form field?
    [field_update] Drop this form field change?
    [field_delete] Drop this form field deleted?
   *[other] Drop this { $kind }?
}
sync-drop-body = The remote will never see this change. This cannot be undone.
sync-drop-confirm = Drop it
sync-dropped = Dropped.

## Conflicts
sync-conflicts-title = Conflicts
sync-conflicts-none = No conflicts.
sync-conflict-duplicate-entry = Checked in at two kiosks (one check-in kept)
sync-conflict-edit = Edited here and on the remote
sync-conflict-deleted-remotely = Deleted on the remote while changed here
sync-conflict-attendee = Attendee { $id }

## Remote server
sync-config-title = Remote server
sync-config-base-url = Remote API base URL
sync-config-base-url-hint = Ends in /api/v2.
sync-config-auth-url = Auth URL
sync-config-auth-url-hint = The host that serves /oauth/token.
sync-config-client-id = Client id
sync-config-client-secret = Client secret
sync-config-secret-stored = Stored — leave empty to keep it
sync-config-secret-hint = Write-only: it is never shown again.
sync-config-events = Remote event ids
sync-config-events-hint = Comma-separated ids of the events to mirror.
sync-config-save = Save settings
sync-config-saved = Sync settings saved.
sync-config-bad-url = Enter a full http(s) address.
sync-config-required = Required.
sync-config-secret-required = Required the first time.
sync-config-bad-events = Give one or more event ids (numbers), separated by commas.

# Veranstaltung wählen (ui/js/screens/events.js).

events-title = Veranstaltung wählen
events-lead = Dieser Kiosk checkt Personen für die gewählte Veranstaltung ein. Die Wahl bleibt gespeichert.
events-loading = Veranstaltungen werden geladen…
events-open-failed = Diese Veranstaltung lässt sich nicht öffnen.
events-account = Konto
events-account-option = { $account } ({ $role })
events-role-organiser = Veranstalter
events-role-door = Einlass
events-empty = Dieses Konto hat noch keine Veranstaltungen. Ein Veranstalter legt sie über die API oder die Synchronisierung an.
events-attendee-count = { $count ->
    [one] { $count } Teilnehmer
   *[other] { $count } Teilnehmer
}
events-edit = Bearbeiten
events-edit-label = „{ $name }“ bearbeiten
events-new = + Neue Veranstaltung
events-get-started = Loslegen: verbinden, anlegen oder Demo testen

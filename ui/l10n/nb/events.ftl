# Velg arrangementet (ui/js/screens/events.js).

events-title = Velg arrangementet
events-lead = Denne kiosken sjekker inn folk til arrangementet du velger. Valget huskes.
events-loading = Laster arrangementer…
events-open-failed = Kunne ikke åpne dette arrangementet.
events-account = Konto
events-account-option = { $account } ({ $role })
events-role-organiser = arrangør
events-role-door = dør
events-empty = Denne kontoen har ingen arrangementer ennå. En arrangør lager dem via API-et eller synkroniseringen.
events-attendee-count = { $count ->
    [one] { $count } deltaker
   *[other] { $count } deltakere
}
events-edit = Rediger
events-edit-label = Rediger «{ $name }»
events-new = + Nytt arrangement
events-get-started = Kom i gang: koble til, lag eller prøv en demo

# Første oppsett: opprette den første arrangøren.

setup-title = Sett opp Entrada
setup-lead = Opprett den første arrangøren: deg. Du logger inn med denne e-postadressen og passordfrasen.
setup-name-label = Navnet ditt
setup-name-hint = Slik personalet ditt vil se det.
setup-email-label = E-postadressen din
setup-email-hint = Du logger inn med den.
setup-password-label = Passordfrase
setup-password-hint = Minst { $min } tegn. Noen ord du husker, fungerer godt.
setup-password-show = Vis
setup-password-hide = Skjul
setup-password-show-label = Vis passordfrasen
setup-password-hide-label = Skjul passordfrasen

setup-strength-label = Passordfrasens styrke
setup-strength-too-short = For kort
setup-strength-weak = Svak
setup-strength-fair = Middels
setup-strength-good = God
setup-strength-strong = Sterk
setup-strength-hint-weak = Styrke: svak. Lett å gjette: legg til noen flere ord.
setup-strength-hint-fair = Styrke: middels. Ett eller to ord til gjør den sterkere.
setup-strength-hint-good = Styrke: god.
setup-strength-hint-strong = Styrke: sterk.
setup-strength-short = For kort: { $count } av { $min } tegn.

setup-submit = Opprett arrangør og logg inn
setup-creating = Oppretter…
setup-signing-in = Logger inn…
setup-name-missing = Skriv inn navnet ditt.
setup-email-missing = Skriv inn e-postadressen din.
setup-email-invalid = Dette ser ikke ut som en e-postadresse.
setup-password-missing = Velg en passordfrase på minst { $min } tegn.
setup-password-too-short = For kort: bruk minst { $min } tegn (nå { $count }).

setup-unreachable = Får ikke kontakt med Entrada. Sjekk at det kjører, og prøv igjen.
setup-already = Entrada er allerede satt opp. Logg inn.
setup-not-here = Oppsettet må gjøres på selve kioskmaskinen. Åpne Entrada på den maskinen (på http://localhost:…) og sett det opp der.
setup-too-many = For mange forsøk. Vent et minutt og prøv igjen.
setup-failed = Entrada kunne ikke gjøre dette ({ $status }). Prøv igjen.
setup-failed-error = Entrada kunne ikke gjøre dette ({ $status }: { $error }). Prøv igjen.
setup-sign-in-needed = Arrangørkontoen din er klar. Logg inn med e-postadressen og passordfrasen du nettopp valgte.

# Skjermen «Data» (arrangører): importere deltakere fra en CSV-fil og laste ned CSV-filer.

data-title = Data

## Import: kortet og filvalget

data-import-title = Importer deltakere
data-import-intro = Fra en CSV-fil, for eksempel et regneark lagret som «CSV UTF-8» eller en fil lastet ned her. Du ser hva som vil skje før noe blir lagret.
data-drop-title = Slipp en CSV-fil her
data-drop-format = UTF-8, skilt med komma, semikolon eller tabulator, med en overskriftslinje som navngir kolonnene.
data-choose-file = Velg en CSV-fil…
data-choose-another = Velg en annen fil…
data-drop-another = eller slipp en annen fil her
data-drop-one-file = Slipp én fil om gangen.
data-refuse-workbook = «{ $name }» er en regnearkfil. Lagre den som «CSV UTF-8» i regnearket, og velg så den filen.
data-refuse-too-large = «{ $name }» er { $size }; høyst 64 MB kan importeres om gangen. Del den opp i mindre filer.
data-refuse-empty = «{ $name }» er tom. Velg filen med påmeldingene.
data-size-bytes = { $count } byte
data-size-kb = { $size } kB
data-size-mb = { $size } MB

## Import: sending og kontroll

data-progress = Fremdrift
data-sending = Sender filen… { $percent } %
data-checking = Kontrollerer hver rad…
data-importing-wait = Importerer… serveren svarer når alle radene er lagret.
data-checked = Kontrollert: { $rows ->
    [one] { $rows } rad
   *[other] { $rows } rader
}, { $invalid } med problemer.
data-file-problems-said = Filen kan ikke importeres slik den er.
data-file-problems-title = Filen kan ikke importeres slik den er
data-not-imported-yet = Ikke importert ennå – filen og valgene dine er tatt vare på
data-not-checked = Filen kunne ikke kontrolleres – filen og valgene dine er tatt vare på
data-nothing-imported = Ingenting ble importert: { $count ->
    [one] { $count } rad har
   *[other] { $count } rader har
} nå problemer. Se radene nedenfor.

## Import: hvorfor serveren ikke kunne lese filen

data-problem-no-first-names = Ingen kolonne inneholder fornavn. Velg kolonnen som har dem, under «Kolonner».
data-problem-same-place = Kolonnene «{ $first }» og «{ $second }» ville fylt samme felt. Sett en av dem til noe annet eller til «Importeres ikke».
data-problem-no-column = Filen har ingen kolonne «{ $column }».
data-problem-gone-target = Kolonnen «{ $column }» er satt til «{ $target }», som ikke lenger er en deltakeropplysning eller et spørsmål i dette arrangementet. Velg på nytt.

## Import: kontrollrapporten

data-preview-title = Kontroller før import
data-preview-intro = Ingenting er lagret ennå. De som allerede er her, kjennes igjen på billettkode, ellers e-post, og oppdateres i stedet for å legges til to ganger.
data-sum-rows = Rader
data-sum-to-add = Legges til
data-sum-to-update = Oppdateres
data-sum-invalid = Ugyldige
data-added = Lagt til
data-updated = Oppdatert
data-unchanged = Uendret
data-left-out = Utelatt
data-importing = Importerer…
data-import-rows = { $count ->
    [one] Importer { $count } rad
   *[other] Importer { $count } rader
}
data-import-valid = { $count ->
    [one] Importer bare den gyldige raden
   *[other] Importer bare de { $count } gyldige radene
}
data-hint-all-invalid = Ingen rader kan importeres ennå: alle radene har et problem. Rett opp filen, og velg den på nytt.
data-hint-some-invalid = { $count ->
    [one] { $count } rad har problemer. Rett den opp i filen og velg filen på nytt, eller importer bare de gyldige radene.
   *[other] { $count } rader har problemer. Rett dem opp i filen og velg filen på nytt, eller importer bare de gyldige radene.
}
data-hint-unchanged = Alle i filen er allerede her, uendret: importen endrer ingenting.

## Import: bekrefte import av bare de gyldige radene

data-confirm-valid-title = { $count ->
    [one] Importere bare den gyldige raden?
   *[other] Importere bare de { $count } gyldige radene?
}
data-confirm-valid-body = { $count ->
    [one] { $count } rad med problemer blir utelatt ({ $which }). Du kan rette den opp i filen og importere filen på nytt senere: personer som allerede er importert, kjennes igjen og legges ikke til to ganger.
   *[other] { $count } rader med problemer blir utelatt ({ $which }). Du kan rette dem opp i filen og importere filen på nytt senere: personer som allerede er importert, kjennes igjen og legges ikke til to ganger.
}
data-rows-listed = { $count ->
    [one] rad { $rows }
   *[other] rad { $rows }
}
data-rows-listed-more = rad { $rows }…

## Import: kolonnene i filen

data-columns-title = Kolonner
data-columns-intro = Overskriftene kobles etter navn til deltakeropplysninger og til spørsmålene i dette arrangementet.
data-columns-pending = Hvordan hver kolonne leses, vises når filen kan leses.
data-columns-ignored = { $count ->
    [one] { $count } kolonne importeres ikke: velg hva den inneholder, eller la den være.
   *[other] { $count } kolonner importeres ikke: velg hva de inneholder, eller la dem være.
}
data-columns-in-file = Kolonne i filen
data-columns-read-as = Leses som
data-columns-change = Endre
data-column-no-heading = (ingen overskrift)
data-column-your-choice = (ditt valg)
data-column-choice-label = Importer kolonnen «{ $heading }» som
data-column-as-heading = Som overskriften sier
data-column-not-imported = Importeres ikke
data-column-group-attendee = Deltaker
data-column-group-questions = Spørsmål i dette arrangementet
data-member-first-name = Fornavn
data-member-last-name = Etternavn
data-member-email = E-post
data-member-phone = Telefon
data-member-job-title = Stilling
data-member-company = Firma
data-member-rsvp-status = Svarstatus
data-member-ticket-code = Billettkode
data-member-registration-type = Registreringstype

## Import: radene i filen

data-rows-title = Rader
data-rows-only-problems = Bare rader med problemer ({ $count })
data-rows-no-problem = Ingen rader har problemer.
data-rows-none = Filen har ingen rader under overskriftslinjen.
data-rows-row = Rad
data-rows-will-be = Blir
data-rows-outcome = Resultat
data-rows-name = Navn
data-rows-problems = Problemer
data-rows-no-name = (uten navn)
data-row-new = Ny
data-row-update = Oppdateres
data-row-problem = Problem
data-rows-showing = Viser { $shown } av { $total }.
data-rows-show-more = Vis { $count } til

## Import: ferdig

data-done-title = Importen er ferdig
data-result = Importert: { $added ->
    [one] { $added } person lagt til
   *[other] { $added } personer lagt til
}, { $updated } oppdatert, { $unchanged } uendret.
data-result-left-out = { $count ->
    [one] { $count } rad med problemer ble utelatt.
   *[other] { $count } rader med problemer ble utelatt.
}
data-see-attendees = Se deltakerne
data-check-again = Kontroller filen på nytt

## Eksport

data-export-title = Eksport
data-export-intro = CSV-filer for et regneark. Deltakerfilen kan importeres igjen.
data-export-attendees = Last ned deltakere (CSV)
data-export-check-ins = Last ned innsjekkhistorikk (CSV)
data-export-preparing = Forbereder…
data-export-attendees-saved = Deltakerne er lagret som «{ $filename }» i nedlastingene dine.
data-export-check-ins-saved = Innsjekkhistorikken er lagret som «{ $filename }» i nedlastingene dine.
data-export-attendees-failed = Deltakerne ble ikke lastet ned
data-export-check-ins-failed = Innsjekkhistorikken ble ikke lastet ned

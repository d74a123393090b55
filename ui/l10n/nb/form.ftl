# Skjemaredigering (arrangører): feltene i arrangementets registreringsskjema.

form-title = Registreringsskjema
form-lead = Spørsmålene i skjemaet for registrering i døra, i rekkefølge. Endringer gjelder med en gang.
form-add-field = + Legg til et felt
form-reorder-hint = Endre rekkefølgen: dra en rad i håndtaket (⠿), bruk pilknappene eller trykk Alt+↑ / Alt+↓ på en rad.
form-empty = Dette arrangementet har ingen spørsmål ennå. Legg til ett.

## Raden til et felt
form-meta-required = påkrevd
form-meta-options = alternativer: { $options }
form-reorder-label = Flytt «{ $label }», plass { $position } av { $count }
form-drag-title = Dra for å endre rekkefølgen (eller Alt+↑ / Alt+↓)
form-move-group = Flytt «{ $label }»
form-move-top-label = Flytt «{ $label }» øverst
form-move-top-title = Flytt øverst
form-move-top = Øverst
form-move-up-label = Flytt «{ $label }» opp
form-move-up-title = Flytt opp
form-move-down-label = Flytt «{ $label }» ned
form-move-down-title = Flytt ned
form-move-bottom-label = Flytt «{ $label }» nederst
form-move-bottom-title = Flytt nederst
form-move-bottom = Nederst
form-edit = Rediger
form-edit-label = Rediger «{ $label }»
form-close = Lukk
form-close-label = Lukk «{ $label }»
form-delete = Slett
form-delete-label = Slett «{ $label }»

## Flytting (leses opp av skjermlesere)
form-already-first = «{ $label }» er allerede først, på plass { $position } av { $count }.
form-already-last = «{ $label }» er allerede sist, på plass { $position } av { $count }.
form-moved = «{ $label }» flyttet til plass { $position } av { $count }.
form-move-failed = «{ $label }» ble ikke flyttet: { $reason } Feltet er tilbake på plass { $position }.
form-not-moved = «{ $label }» ble ikke flyttet.

## Legg til / rediger et felt
form-new-title = Nytt felt
form-type = Type
form-type-change-hint = En endring som ikke passer med svarene som alt er gitt, blir avvist.
form-required = Påkrevd: et svar trengs for å registrere seg
form-options-needed = Minst ett alternativ.
form-options-checkbox = Valgfritt: uten alternativer er det én avkrysningsboks.
form-label-consent = Samtykketekst (vises ved avkrysningsboksen)
form-label-paragraph = Avsnittstekst
form-label-heading = Overskrift
form-label-question = Spørsmål (etikett)
form-add = Legg til felt
form-save = Lagre felt
form-label-required = Etikett må fylles ut.
form-label-too-long = Høyst { $max } tegn.
form-added = La til «{ $label }»
form-saved = Lagret

## Alternativer
form-options = Alternativer
form-option-new = Nytt alternativ
form-option-add = Legg til alternativ
form-option-label = Alternativ { $number }
form-option-up = Flytt alternativ { $number } opp
form-option-down = Flytt alternativ { $number } ned
form-option-remove = Fjern alternativ { $number }
form-options-none = Legg til minst ett alternativ.
form-options-too-many = Høyst 200 alternativer.
form-option-empty = Alternativ { $number } er tomt.
form-option-too-long = Alternativ { $number } er lengre enn { $max } tegn.
form-option-twice = «{ $option }» står der to ganger.

## Sletting
form-delete-unknown = Svarene på dette feltet slettes sammen med det.
form-delete-none = Ingen har svart ennå, så ingen svar går tapt.
form-delete-count = { $count ->
    [one] { $count } svar slettes sammen med feltet.
   *[other] { $count } svar slettes sammen med feltet.
}
form-delete-count-failed = Svarene på dette feltet slettes sammen med det (antallet kunne ikke telles).
form-delete-no-answers = Feltet har ingen svar.
form-delete-title = Slette «{ $label }»?
form-delete-undone = Dette kan ikke angres.
form-delete-confirm = Slett felt
form-deleted = Slettet «{ $label }»

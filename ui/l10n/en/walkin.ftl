# Walk-in registration: the form, and the "Registered" screen with the badge preview.

walkin-title = Walk-in registration
walkin-loading = Loading the form…
walkin-required-note = Fields marked * are required.
walkin-person = Person
walkin-questions = Questions
walkin-check-in-now = Check in now
walkin-print-badge-now = Print the badge
walkin-register = Register
walkin-saving = Saving…
walkin-not-accepted = The server did not accept this:

# After saving
walkin-registered = Registered
walkin-not-checked-in-yet = Not checked in yet
walkin-check-in-failed = Registered, but the check-in did not work
walkin-preparing-badge = Preparing the badge…
walkin-preview-unavailable = Badge preview not available: { $reason }
walkin-print-badge = Print badge
walkin-print-failed = Could not print.
walkin-open = Open
walkin-register-another = Register another

# The Data screen (organisers): importing attendees from a CSV file and downloading CSV files.

data-title = Data

## Import: the card and the file picker

data-import-title = Import attendees
data-import-intro = From a CSV file, such as a spreadsheet saved as “CSV UTF-8” or a file downloaded here. You see what would happen before anything is written.
data-drop-title = Drop a CSV file here
data-drop-format = UTF-8, separated by commas, semicolons or tabs, with a heading line that names the columns.
data-choose-file = Choose a CSV file…
data-choose-another = Choose another file…
# After the file's name and size: "registrations.csv · 2 kB · or drop another file here"
data-drop-another = or drop another file here
data-drop-one-file = Drop one file at a time.
data-refuse-workbook = “{ $name }” is a spreadsheet workbook. In the spreadsheet, save it as “CSV UTF-8”, then choose that file.
# $size is a file size in words (data-size-…)
data-refuse-too-large = “{ $name }” is { $size }; at most 64 MB can be imported at once. Split it into smaller files.
data-refuse-empty = “{ $name }” is empty. Choose the file with the registrations.
data-size-bytes = { $count } bytes
data-size-kb = { $size } kB
data-size-mb = { $size } MB

## Import: sending and checking

# The progress bar's name, for screen readers
data-progress = Progress
data-sending = Sending the file… { $percent } %
data-checking = Checking every row…
data-importing-wait = Importing… the server answers when every row is stored.
# Said to screen readers once the file is checked
data-checked = Checked: { $rows ->
    [one] { $rows } row
   *[other] { $rows } rows
}, { $invalid ->
    [one] { $invalid } row
   *[other] { $invalid } rows
} with problems.
data-file-problems-said = The file cannot be imported as it is.
data-file-problems-title = The file cannot be imported as it is
data-not-imported-yet = Not imported yet — your file and choices are kept
data-not-checked = The file could not be checked — your file and choices are kept
data-nothing-imported = Nothing was imported: { $count ->
    [one] { $count } row has
   *[other] { $count } rows have
} problems now. Check the rows below.

## Import: why the server could not read the file

data-problem-no-first-names = No column holds first names. Under “Columns”, choose the column that has them.
data-problem-same-place = The columns “{ $first }” and “{ $second }” would both fill the same place. Set one of them to something else or to “Not imported”.
data-problem-no-column = The file has no column “{ $column }”.
# $target is what the column was set to, as the server names it
data-problem-gone-target = The column “{ $column }” is set to “{ $target }”, which is neither an attendee detail nor a question of this event any more. Choose again.

## Import: the check's report

data-preview-title = Check before importing
data-preview-intro = Nothing has been written yet. People already here are recognised by ticket code, else email, and updated rather than added twice.
data-sum-rows = Rows
data-sum-to-add = To add
data-sum-to-update = To update
data-sum-invalid = Invalid
# Summary tiles and a row's outcome after the import
data-added = Added
data-updated = Updated
data-unchanged = Unchanged
data-left-out = Left out
data-importing = Importing…
data-import-rows = Import { $count ->
    [one] { $count } row
   *[other] { $count } rows
}
data-import-valid = Import only the { $count ->
    [one] { $count } valid row
   *[other] { $count } valid rows
}
data-hint-all-invalid = No row can be imported yet: every row has a problem. Fix the file, then choose it again.
data-hint-some-invalid = { $count ->
    [one] { $count } row has problems. Fix it in the file and choose it again, or import only the valid rows.
   *[other] { $count } rows have problems. Fix them in the file and choose it again, or import only the valid rows.
}
data-hint-unchanged = Everyone in the file is already here, unchanged: importing changes nothing.

## Import: confirming an import of the valid rows only

data-confirm-valid-title = Import only the { $count ->
    [one] { $count } valid row
   *[other] { $count } valid rows
}?
# $which is data-rows-listed or data-rows-listed-more
data-confirm-valid-body = { $count ->
    [one] { $count } row with problems will be left out ({ $which }). You can fix it in the file and import it again later: people already imported are recognised, not added twice.
   *[other] { $count } rows with problems will be left out ({ $which }). You can fix them in the file and import it again later: people already imported are recognised, not added twice.
}
# $rows: row numbers, such as "3, 7, 12"
data-rows-listed = { $count ->
    [one] row { $rows }
   *[other] rows { $rows }
}
data-rows-listed-more = rows { $rows }…

## Import: the columns of the file

data-columns-title = Columns
data-columns-intro = Headings are matched to attendee details and to this event’s questions by name.
data-columns-pending = What each column is read as shows once the file can be read.
data-columns-ignored = { $count ->
    [one] { $count } column is not imported: choose what it holds, or leave it out.
   *[other] { $count } columns are not imported: choose what they hold, or leave them out.
}
data-columns-in-file = Column in the file
data-columns-read-as = Read as
data-columns-change = Change
data-column-no-heading = (no heading)
data-column-your-choice = (your choice)
data-column-choice-label = Import the column “{ $heading }” as
data-column-as-heading = As the heading says
data-column-not-imported = Not imported
data-column-group-attendee = Attendee
data-column-group-questions = Questions of this event
data-member-first-name = First name
data-member-last-name = Last name
data-member-email = Email
data-member-phone = Phone
data-member-job-title = Job title
data-member-company = Company
data-member-rsvp-status = RSVP status
data-member-ticket-code = Ticket code
data-member-registration-type = Registration type

## Import: the rows of the file

data-rows-title = Rows
data-rows-only-problems = Only rows with problems ({ $count })
data-rows-no-problem = No row has a problem.
data-rows-none = The file has no rows under its heading line.
data-rows-row = Row
data-rows-will-be = Will be
data-rows-outcome = Outcome
data-rows-name = Name
data-rows-problems = Problems
data-rows-no-name = (no name)
# What the check would do with a row
data-row-new = New
data-row-update = Update
data-row-problem = Problem
data-rows-showing = Showing { $shown } of { $total }.
data-rows-show-more = Show { $count } more

## Import: done

data-done-title = Import finished
data-result = Imported: { $added ->
    [one] { $added } person added
   *[other] { $added } people added
}, { $updated } updated, { $unchanged } unchanged.
data-result-left-out = { $count ->
    [one] { $count } row with problems was left out.
   *[other] { $count } rows with problems were left out.
}
data-see-attendees = See the attendees
data-check-again = Check this file again

## Export

data-export-title = Export
data-export-intro = CSV files for a spreadsheet. The attendee file can be imported again.
data-export-attendees = Download attendees (CSV)
data-export-check-ins = Download check-in history (CSV)
data-export-preparing = Preparing…
data-export-attendees-saved = The attendees saved as “{ $filename }” in your downloads.
data-export-check-ins-saved = The check-in history saved as “{ $filename }” in your downloads.
data-export-attendees-failed = The attendees not downloaded
data-export-check-ins-failed = The check-in history not downloaded

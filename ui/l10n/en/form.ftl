# The form editor (organisers): the event's registration form fields.

form-title = Registration form
form-lead = The questions of the walk-in form, in order. Changes apply at once.
form-add-field = + Add a field
form-reorder-hint = To reorder, drag a row by its handle (⠿), use the arrow buttons, or press Alt+↑ / Alt+↓ on a row.
form-empty = This event has no questions yet. Add one.

## A field's row
form-meta-required = required
form-meta-options = options: { $options }
form-reorder-label = Reorder “{ $label }”, position { $position } of { $count }
form-drag-title = Drag to reorder (or Alt+↑ / Alt+↓)
form-move-group = Move “{ $label }”
form-move-top-label = Move “{ $label }” to the top
form-move-top-title = Move to top
form-move-top = Top
form-move-up-label = Move “{ $label }” up
form-move-up-title = Move up
form-move-down-label = Move “{ $label }” down
form-move-down-title = Move down
form-move-bottom-label = Move “{ $label }” to the bottom
form-move-bottom-title = Move to bottom
form-move-bottom = Bottom
form-edit = Edit
form-edit-label = Edit “{ $label }”
form-close = Close
form-close-label = Close “{ $label }”
form-delete = Delete
form-delete-label = Delete “{ $label }”

## Moving (announced to screen readers)
form-already-first = “{ $label }” is already first, at position { $position } of { $count }.
form-already-last = “{ $label }” is already last, at position { $position } of { $count }.
form-moved = “{ $label }” moved to position { $position } of { $count }.
form-move-failed = “{ $label }” was not moved: { $reason } It is back at position { $position }.
form-not-moved = “{ $label }” not moved.

## Add / edit a field
form-new-title = New field
form-type = Type
form-type-change-hint = A change that would not fit the answers already given is refused.
form-required = Required: an answer is needed to register
form-options-needed = At least one option.
form-options-checkbox = Optional: without options it is one tick box.
form-label-consent = Consent text (shown beside the tick box)
form-label-paragraph = Paragraph text
form-label-heading = Heading
form-label-question = Question (label)
form-add = Add field
form-save = Save field
form-label-required = A label is required.
form-label-too-long = At most { $max } characters.
form-added = Added “{ $label }”
form-saved = Saved

## Options
form-options = Options
form-option-new = New option
form-option-add = Add option
form-option-label = Option { $number }
form-option-up = Move option { $number } up
form-option-down = Move option { $number } down
form-option-remove = Remove option { $number }
form-options-none = Add at least one option.
form-options-too-many = At most 200 options.
form-option-empty = Option { $number } is empty.
form-option-too-long = Option { $number } is longer than { $max } characters.
form-option-twice = “{ $option }” is listed twice.

## Delete
form-delete-unknown = Answers to this field will be deleted with it.
form-delete-none = Nobody has answered it yet, so no answers will be lost.
form-delete-count = { $count ->
    [one] 1 answer will be deleted with it.
   *[other] { $count } answers will be deleted with it.
}
form-delete-count-failed = Answers to this field will be deleted with it (the number could not be counted).
form-delete-no-answers = It holds no answers.
form-delete-title = Delete “{ $label }”?
form-delete-undone = This cannot be undone.
form-delete-confirm = Delete field
form-deleted = Deleted “{ $label }”

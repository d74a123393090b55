// Hardware barcode scanners act as keyboards: they type the code fast and press Enter.
// This listens on the whole window (capture phase), so a scan works wherever the focus is,
// except in text fields, where typing belongs to the field.
//
// A drop-down outside a form (the door's place picker) is not a text field: after someone
// taps it to pick a session, focus stays there, and its type-ahead would take the
// scanner's letters (a code starting with "D" switched the place to "Door") while Enter
// opened its list instead of the scan being posted. So printable keys on such a select go
// to the scan, not to the select; arrow keys, Space and Alt+Down still work it. A select
// in a form (the walk-in's questions) is filled in by typing: it belongs to the form.

const MAX_GAP_MS = 300; // a person typing slower than this starts a new code

function isTextEntry(el) {
  if (!el || el === document.body) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA') return true;
  if (tag === 'SELECT') return Boolean(el.form);
  if (tag === 'INPUT') {
    const type = (el.type || 'text').toLowerCase();
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(type);
  }
  return false;
}

/**
 * Calls onCode(code, enterEvent) for each scanned code. Returns a function that stops it.
 */
export function listenForScanner(onCode) {
  let buffer = '';
  let last = 0;
  const onKeyDown = (event) => {
    if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTextEntry(event.target)) return;
    const now = event.timeStamp || performance.now();
    if (now - last > MAX_GAP_MS) buffer = '';
    last = now;
    const inSelect = event.target && event.target.tagName === 'SELECT';
    if (event.key === 'Enter') {
      if (buffer.length >= 3) {
        const code = buffer;
        buffer = '';
        // Enter must not also press the focused button (e.g. Undo) or open a select.
        event.preventDefault();
        event.stopPropagation();
        // Out of the drop-down, so that the next scan starts clean.
        if (inSelect) event.target.blur();
        onCode(code, event);
      } else {
        buffer = '';
      }
      return;
    }
    if (event.key.length === 1) {
      buffer += event.key;
      if (buffer.length > 1000) buffer = buffer.slice(-1000);
      // A select's type-ahead must not take the code's letters (nor change the place).
      if (inSelect && event.key !== ' ') event.preventDefault();
      // A space would press the focused button: while a code is coming in, keep it.
      if (event.key === ' ' && buffer.length > 1) event.preventDefault();
    }
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}

// Hardware barcode scanners act as keyboards: they type the code fast and press Enter.
// This listens on the whole window (capture phase), so a scan works wherever the focus is,
// except in text fields, where typing belongs to the field.

const MAX_GAP_MS = 300; // a person typing slower than this starts a new code

function isTextEntry(el) {
  if (!el || el === document.body) return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
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
    if (event.key === 'Enter') {
      if (buffer.length >= 3) {
        const code = buffer;
        buffer = '';
        // Enter must not also press the focused button (e.g. Undo).
        event.preventDefault();
        event.stopPropagation();
        onCode(code, event);
      } else {
        buffer = '';
      }
      return;
    }
    if (event.key.length === 1) {
      buffer += event.key;
      if (buffer.length > 1000) buffer = buffer.slice(-1000);
      // A space would press the focused button: while a code is coming in, keep it.
      if (event.key === ' ' && buffer.length > 1) event.preventDefault();
    }
  };
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}

// A hardware scanner types into whatever has the focus. scanner.js leaves text fields
// alone (typing there belongs to the field), so a field at the door that may have the
// focus when a ticket is scanned (the name search, a door question) tells the scanner
// apart itself: by its speed. A scanner sends a whole code in a few milliseconds a key;
// nobody types six keys under 30 ms apart on average.

const MIN_CHARS = 6;
const MAX_AVG_GAP_MS = 30;
const MAX_GAP_MS = 300; // a pause this long starts a new burst (as in scanner.js)

/**
 * Follows the keys of one field (or form). Call `key(event)` from its keydown listener:
 * on the Enter that ends a scanner's burst it returns {code, before}, the code and the
 * value the field had before the burst began (to put back); otherwise null.
 */
export function burstTracker() {
  let text = '';
  let first = 0;
  let last = 0;
  let before = null;
  return {
    key(event) {
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
      const now = event.timeStamp || performance.now();
      if (now - last > MAX_GAP_MS) text = '';
      if (event.key === 'Enter') {
        const n = text.length;
        const burst = n >= MIN_CHARS && (last - first) / (n - 1) < MAX_AVG_GAP_MS;
        const found = burst ? { code: text, before } : null;
        text = '';
        last = 0;
        return found;
      }
      // Shift and the other modifiers come with a scanner's capitals: neither count nor break.
      if (event.key.length !== 1) return null;
      if (text === '') {
        first = now;
        const target = event.target;
        before = target && 'value' in target ? target.value : null;
      }
      text += event.key;
      last = now;
      return null;
    },
  };
}

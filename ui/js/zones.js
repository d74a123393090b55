// Time zones and wall times: an event's start and end are typed as the clock on the wall
// in the event's time zone (a `datetime-local` value, "2026-05-01T09:00") and stored by
// the server in UTC. The conversions use only Intl, so they follow the browser's tz data.

/** The computer's own time zone (IANA name), e.g. "Europe/Oslo"; "UTC" when unknown. */
export function deviceZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch (e) {
    return 'UTC';
  }
}

let zoneCache = null;
/** Every IANA zone the browser knows, sorted, with UTC and the computer's own zone in it. */
export function timeZones() {
  if (zoneCache) return zoneCache;
  let list = [];
  try {
    list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  } catch (e) {
    list = [];
  }
  const all = new Set(list);
  all.add('UTC');
  all.add(deviceZone());
  zoneCache = [...all].sort((a, b) => a.localeCompare(b));
  return zoneCache;
}

/** True when `tz` names a zone the browser can use (aliases such as "Asia/Calcutta" too). */
export function isZone(tz) {
  const t = String(tz || '').trim();
  if (!t) return false;
  if (timeZones().includes(t)) return true;
  try {
    // eslint-disable-next-line no-new
    new Intl.DateTimeFormat('en', { timeZone: t });
    return true;
  } catch (e) {
    return false;
  }
}

const pad = (n, w = 2) => String(n).padStart(w, '0');

function partsIn(tz, date) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out = {};
  for (const p of f.formatToParts(date)) out[p.type] = p.value;
  return {
    year: Number(out.year), month: Number(out.month), day: Number(out.day),
    hour: Number(out.hour) % 24, minute: Number(out.minute), second: Number(out.second),
  };
}

/** The zone's offset from UTC at `date`, in milliseconds (positive east of Greenwich). */
function offsetAt(tz, date) {
  const p = partsIn(tz, date);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * "2026-05-01T09:00" on the wall in `tz` → "2026-05-01T07:00:00Z". Empty → null.
 * A wall time skipped by a clock change lands just after it; a repeated one takes one of the two.
 */
export function wallToUtc(wall, tz) {
  const m = String(wall || '').match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/);
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] || 0));
  const zone = isZone(tz) ? tz : 'UTC';
  const first = offsetAt(zone, new Date(guess));
  let utc = guess - first;
  const second = offsetAt(zone, new Date(utc));
  if (second !== first) {
    const other = guess - second;
    // Take the reading that shows the typed wall time, else the later one (a skipped hour).
    utc = offsetAt(zone, new Date(other)) === second ? Math.min(utc, other) : Math.max(utc, other);
  }
  return new Date(utc).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "2026-05-01T07:00:00.000Z" → "2026-05-01T09:00" on the wall in `tz` (for an input). */
export function utcToWall(iso, tz) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = partsIn(isZone(tz) ? tz : 'UTC', d);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** "Europe/Oslo" → "Europe/Oslo (UTC+02:00)" at `date` (now by default). */
export function zoneLabel(tz, date = new Date()) {
  if (!isZone(tz)) return tz;
  const off = Math.round(offsetAt(tz, date) / 60000);
  const sign = off < 0 ? '−' : '+';
  const abs = Math.abs(off);
  return `${tz} (UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}

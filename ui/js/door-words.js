// What the door's result banner says about a scan's answer, read from two metres: on a
// green scan the name is the headline; on anything else the reason is (ALREADY CHECKED IN,
// NOT FOUND, DECLINED…), with its detail under it, and the name goes below. Each thing is
// said once: the server's sentence repeats the name and the reason, so only its parts the
// banner has no other source for (when and where, the other event's name) are taken from it.

import { fullName } from './dom.js';
import { regTypeName, sessionName } from './session.js';

/** The banner's colour per outcome: ok green, warn amber, bad red, ask violet (act first). */
export const OUTCOME_STYLE = {
  ok: 'ok',
  already_checked_in: 'warn',
  not_checked_in: 'warn',
  not_found: 'bad',
  wrong_event: 'bad',
  not_allowed: 'bad',
  needs_attention: 'ask',
  needs_answers: 'ask',
  refused: 'bad', // not the server's: the door person pressed Refuse
};

const RSVP_REASON = {
  declined: 'DECLINED',
  waitlisted: 'WAITLISTED',
  pending_approval: 'PENDING APPROVAL',
};

/** "10:32 at Door 2" from "Ada Lovelace is already checked in (since 10:32 at Door 2)"; '' when absent. */
function sinceOf(message) {
  const m = /\(since (.+)\)\s*$/.exec(message || '');
  return m ? m[1].trim() : '';
}

/** "Afterparty" from "This ticket is for another event: Afterparty"; '' when absent. */
function otherEventOf(message) {
  const m = /another event:\s*(.+)$/s.exec(message || '');
  return m ? m[1].trim() : '';
}

/** The door note: the attendee's, else the end of "Ada Lovelace needs attention: <note>". */
export function doorNoteOf(item) {
  const a = item.attendee;
  if (a && typeof a.door_note === 'string' && a.door_note.trim()) return a.door_note.trim();
  const m = /needs attention:\s*(.+)$/s.exec(item.message || '');
  return m ? m[1].trim() : '';
}

/** "Ada Lovelace · VIP · Opening keynote": who, their type, and the session when not the door. */
function whoLine(a, sessionId) {
  return [fullName(a), regTypeName(a.registration_type_id), sessionId === null ? '' : sessionName(sessionId)]
    .filter(Boolean).join(' · ');
}

/**
 * {reason, detail, sub, message} for a scan's answer `item` of `scan` ({code, action,
 * sessionId}). `reason` is the headline's big part, `detail` its smaller rest (e.g.
 * "22:48 at Door 2", after " · "; after a space when the reason ends in a colon); `sub`
 * the line below; `message` a last, smaller line (null when there is nothing more to say).
 */
export function bannerWords(item, scan) {
  const a = item.attendee;
  const since = sinceOf(item.message);
  const who = a ? whoLine(a, scan.sessionId) : scan.code;
  const words = (reason, detail = '', sub = who, message = null) => ({ reason, detail, sub, message });
  switch (item.outcome) {
    case 'ok': {
      const done = scan.action === 'check_out' ? 'Checked out' : 'Checked in';
      const place = scan.sessionId === null ? '' : sessionName(scan.sessionId);
      return words(fullName(a), '', [(a && regTypeName(a.registration_type_id)) || 'Attendee', done, place].filter(Boolean).join(' · '));
    }
    case 'already_checked_in':
      return words('ALREADY CHECKED IN', since);
    case 'not_checked_in':
      // Checking out someone who already left says when they did; someone never in, just that.
      return /already checked out/i.test(item.message || '') ? words('ALREADY CHECKED OUT', since) : words('NOT CHECKED IN');
    case 'not_found':
      return words('NOT FOUND', '', `No ticket with code ${scan.code}`);
    case 'wrong_event': {
      const other = otherEventOf(item.message);
      return words(other ? 'WRONG EVENT:' : 'WRONG EVENT', other, `Ticket ${scan.code}`);
    }
    case 'not_allowed':
      return words((a && RSVP_REASON[a.rsvp_status]) || 'REFUSED');
    case 'needs_attention':
      return words('ATTENTION', '', who, doorNoteOf(item) || null);
    case 'needs_answers': {
      const labels = (item.missing_fields || []).map((f) => f.label).filter(Boolean);
      return words('QUESTIONS FIRST', '', who, labels.length ? `Ask: ${labels.join(', ')}` : null);
    }
    case 'refused':
      return words('REFUSED', '', a ? `${who} · not checked in` : who);
    default:
      return words(item.outcome, '', who, item.message || null);
  }
}

/** The recent-scans list's word for an entry. */
export function recentWord(r) {
  return {
    ok: r.action === 'check_out' ? 'checked out' : 'checked in',
    already_checked_in: 'already in',
    not_checked_in: 'not checked in',
    not_found: 'not found',
    wrong_event: 'wrong event',
    not_allowed: 'refused',
    needs_attention: 'attention',
    needs_answers: 'questions',
    refused: 'refused at the door',
    undone: 'undone',
  }[r.outcome] || r.outcome;
}

// What the door's result banner says about a scan's answer, read from two metres: on a
// green scan the name is the headline; on anything else the reason is (ALREADY CHECKED IN,
// NOT FOUND, DECLINED…), with its detail under it, and the name goes below. Each thing is
// said once, in the UI's language, from the answer's `outcome` and `facts` (when and where,
// the other event): never by reading the server's sentence, which may be in another
// language.

import { t } from './i18n.js';
import { fullName, formatTime, formatDate, formatDateTime } from './dom.js';
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

function rsvpReason(rsvp) {
  switch (rsvp) {
    case 'declined': return t('result-declined');
    case 'waitlisted': return t('result-waitlisted');
    case 'pending_approval': return t('result-pending-approval');
    default: return t('result-refused');
  }
}

/** "10:32 at Door 2" from the answer's facts (the day too when not today); '' when absent. */
function sinceOf(facts) {
  if (!facts || !facts.since) return '';
  const at = new Date(facts.since);
  if (Number.isNaN(at.getTime())) return '';
  // The day in the event's time zone, as the door's clock shows it.
  const today = formatDate(new Date().toISOString()) === formatDate(facts.since);
  const time = today ? formatTime(facts.since) : formatDateTime(facts.since);
  return facts.device ? t('result-since-at', { time, device: facts.device }) : time;
}

/** The door note, when the attendee has one. */
export function doorNoteOf(item) {
  const a = item.attendee;
  return a && typeof a.door_note === 'string' ? a.door_note.trim() : '';
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
  const facts = item.facts || {};
  const since = sinceOf(facts);
  const who = a ? whoLine(a, scan.sessionId) : scan.code;
  const words = (reason, detail = '', sub = who, message = null) => ({ reason, detail, sub, message });
  switch (item.outcome) {
    case 'ok': {
      const done = scan.action === 'check_out' ? t('result-done-checked-out') : t('result-done-checked-in');
      const place = scan.sessionId === null ? '' : sessionName(scan.sessionId);
      return words(fullName(a), '', [(a && regTypeName(a.registration_type_id)) || t('result-attendee'), done, place].filter(Boolean).join(' · '));
    }
    case 'already_checked_in':
      return words(t('result-already-checked-in'), since);
    case 'not_checked_in':
      // Checking out someone who already left says when they did; someone never in, just that.
      return facts.checked_out ? words(t('result-already-checked-out'), since) : words(t('result-not-checked-in'));
    case 'not_found':
      return words(t('result-not-found'), '', t('result-no-ticket', { code: scan.code }));
    case 'wrong_event': {
      const other = facts.other_event && facts.other_event.name;
      return other
        ? words(t('result-wrong-event-named'), other, t('result-ticket', { code: scan.code }))
        : words(t('result-wrong-event'), '', t('result-ticket', { code: scan.code }));
    }
    case 'not_allowed':
      return words(rsvpReason(facts.rsvp_status || (a && a.rsvp_status)));
    case 'needs_attention':
      return words(t('result-attention'), '', who, doorNoteOf(item) || null);
    case 'needs_answers': {
      const labels = (item.missing_fields || []).map((f) => f.label).filter(Boolean);
      return words(t('result-questions-first'), '', who, labels.length ? t('result-ask', { fields: labels.join(', ') }) : null);
    }
    case 'refused':
      return words(t('result-refused'), '', a ? t('result-refused-who', { who }) : who);
    default:
      return words(item.outcome, '', who, item.message || null);
  }
}

/** The recent-scans list's word for an entry. */
export function recentWord(r) {
  switch (r.outcome) {
    case 'ok': return r.action === 'check_out' ? t('result-recent-checked-out') : t('result-recent-checked-in');
    case 'already_checked_in': return t('result-recent-already-in');
    case 'not_checked_in': return t('result-recent-not-checked-in');
    case 'not_found': return t('result-recent-not-found');
    case 'wrong_event': return t('result-recent-wrong-event');
    case 'not_allowed': return t('result-recent-refused');
    case 'needs_attention': return t('result-recent-attention');
    case 'needs_answers': return t('result-recent-questions');
    case 'refused': return t('result-recent-refused-at-door');
    case 'undone': return t('result-recent-undone');
    default: return r.outcome;
  }
}

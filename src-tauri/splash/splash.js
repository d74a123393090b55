// The splash shows "starting" until the app navigates the window to the local server. If
// the server cannot start, the app opens this page again with ?kind=... (what failed) and
// its facts (port, next, db, detail), and this page says it in the system's language
// (WebKitGTK's navigator.languages follows LANG and LANGUAGE); ?error= and ?hint= carry
// the English words too, for a kind this page does not know.
import { MESSAGES } from './l10n.js';

function negotiate(wanted) {
  for (const tag of wanted || []) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    const code = primary === 'no' || primary === 'nn' ? 'nb' : primary;
    if (MESSAGES[code]) return code;
  }
  return 'en';
}

const lang = negotiate(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
const q = new URLSearchParams(location.search);
const say = (key) => {
  const text = MESSAGES[lang][key] ?? MESSAGES.en[key];
  return text === undefined ? null : text.replace(/\{(\w+)\}/g, (_, name) => q.get(name) ?? '');
};

document.documentElement.lang = lang;
for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = say(el.dataset.i18n);
if (q.has('error') || q.has('kind')) {
  const kind = q.get('kind');
  document.getElementById('starting').hidden = true;
  document.getElementById('failed').hidden = false;
  document.getElementById('error').textContent = (kind && say(`${kind}-what`)) || q.get('error') || '';
  document.getElementById('hint').textContent = (kind && say(`${kind}-hint`)) || q.get('hint') || '';
  document.getElementById('log').textContent = q.get('log') || '';
  document.title = say('failed');
}

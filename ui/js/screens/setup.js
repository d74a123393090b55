// First run: while the database has no user, `/` shows this instead of the sign-in. The
// organiser's name, email and passphrase (strength shown, at least 10 characters) go to
// POST /kiosk/setup with a PKCE challenge; the answer's one-time code is exchanged like a
// sign-in's, so the organiser is signed in at once (no second password entry).

import { h, replace, uid, focusHeading, fixEntries } from '../dom.js';
import * as auth from '../auth.js';
import { humanise, paths } from '../api.js';
import { t } from '../i18n.js';

export const MIN_PASSPHRASE = 10;

const COMMON = /^(password|passw0rd|qwerty|letmein|welcome|admin|entrada|123456|abc123|iloveyou)/i;

/**
 * A rough strength of a passphrase: 0 too short, 1 weak, 2 fair, 3 good, 4 strong.
 * Length counts most; a mix of kinds of characters and words helps; repeats and
 * well-known passwords hurt.
 */
export function strength(p) {
  const s = String(p || '');
  const len = [...s].length;
  if (len < MIN_PASSPHRASE) return 0;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9\s]/, /\s/].filter((re) => re.test(s)).length;
  const distinct = new Set(s.toLowerCase()).size;
  if (distinct < 5 || COMMON.test(s) || /^(.)\1+$/.test(s)) return 1;
  let score = 1;
  if (len >= 13 || kinds >= 3) score = 2;
  if ((len >= 16 && kinds >= 2) || len >= 20 || (len >= 13 && kinds >= 4)) score = 3;
  if ((len >= 20 && kinds >= 3) || len >= 28) score = 4;
  return score;
}

/** A strength score (0–4) in one word. */
function strengthWord(score) {
  switch (score) {
    case 0: return t('setup-strength-too-short');
    case 1: return t('setup-strength-weak');
    case 2: return t('setup-strength-fair');
    case 3: return t('setup-strength-good');
    default: return t('setup-strength-strong');
  }
}

/** What a strength score (1–4) means, in a sentence. */
function strengthHint(score) {
  switch (score) {
    case 1: return t('setup-strength-hint-weak');
    case 2: return t('setup-strength-hint-fair');
    case 3: return t('setup-strength-hint-good');
    case 4: return t('setup-strength-hint-strong');
    default: return '';
  }
}

/**
 * `onDone()`: the organiser exists and is signed in. `onAlreadySetUp(note)`: someone set
 * Entrada up first (409), show the sign-in with `note`. `onSignInNeeded(note)`: the
 * organiser exists but the automatic sign-in failed.
 */
export function render(root, { onDone, onAlreadySetUp, onSignInNeeded } = {}) {
  let alive = true;
  const field = (key, label, attrs, hint) => {
    const id = uid(`setup-${key}`);
    const input = h('input', {
      id, name: key, 'data-testid': `setup-${key}`, 'aria-describedby': `${id}-hint ${id}-err`, required: true, ...attrs,
    });
    const err = h('p', { class: 'field-error', id: `${id}-err`, 'data-testid': `setup-${key}-error` });
    return {
      key, input, err,
      wrap: h('div', { class: 'field' },
        h('label', { for: id }, label),
        input,
        h('p', { class: 'hint', id: `${id}-hint` }, hint || ''),
        err),
    };
  };
  const name = field('name', t('setup-name-label'), { type: 'text', autocomplete: 'name', maxlength: 200 }, t('setup-name-hint'));
  const email = field('email', t('setup-email-label'), { type: 'email', autocomplete: 'email', inputmode: 'email', spellcheck: 'false', maxlength: 254 },
    t('setup-email-hint'));
  const pass = field('password', t('setup-password-label'), { type: 'password', autocomplete: 'new-password', minlength: MIN_PASSPHRASE },
    t('setup-password-hint', { min: MIN_PASSPHRASE }));
  const show = h('button', {
    type: 'button', class: 'btn btn-small', 'data-testid': 'setup-show-password', 'aria-label': t('setup-password-show-label'), 'aria-controls': pass.input.id,
  }, t('setup-password-show'));
  show.addEventListener('click', () => {
    const visible = pass.input.type === 'password';
    pass.input.type = visible ? 'text' : 'password';
    show.textContent = visible ? t('setup-password-hide') : t('setup-password-show');
    show.setAttribute('aria-label', visible ? t('setup-password-hide-label') : t('setup-password-show-label'));
  });
  // Put the Show button beside the input.
  const passRow = h('div', { class: 'input-row plain' });
  pass.wrap.replaceChild(passRow, pass.input);
  passRow.append(pass.input, show);

  const segments = [0, 1, 2, 3].map(() => h('span', { class: 'strength-seg' }));
  const meter = h('div', {
    class: 'strength', role: 'meter', 'aria-label': t('setup-strength-label'), 'aria-valuemin': '0', 'aria-valuemax': '4',
    'aria-valuenow': '0', 'aria-valuetext': strengthWord(0), 'data-testid': 'setup-strength', 'data-score': '0',
  }, segments);
  const meterWords = h('p', { class: 'strength-words', id: `${pass.input.id}-strength`, 'data-testid': 'setup-strength-words' });
  pass.input.setAttribute('aria-describedby', `${pass.input.id}-hint ${meterWords.id} ${pass.input.id}-err`);
  pass.wrap.insertBefore(h('div', { class: 'strength-row' }, meter, meterWords), pass.err);

  function paintStrength() {
    const v = pass.input.value;
    const score = strength(v);
    meter.dataset.score = String(v ? score : 0);
    meter.dataset.empty = v ? 'false' : 'true';
    meter.setAttribute('aria-valuenow', String(score));
    meter.setAttribute('aria-valuetext', strengthWord(score));
    segments.forEach((seg, i) => seg.classList.toggle('on', !!v && i < Math.max(score, 1)));
    if (!v) {
      meterWords.textContent = '';
    } else if (score === 0) {
      const n = [...v].length;
      meterWords.textContent = t('setup-strength-short', { count: n, min: MIN_PASSPHRASE });
    } else {
      meterWords.textContent = strengthHint(score);
    }
    // Once an error is shown, it goes as soon as the entry is long enough.
    if (pass.err.textContent && [...v].length >= MIN_PASSPHRASE) clearError(pass);
  }
  pass.input.addEventListener('input', paintStrength);
  paintStrength();

  const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'setup-error' });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary btn-xl', 'data-testid': 'setup-submit' }, t('setup-submit'));
  const form = h('form', { class: 'setup-form', novalidate: true, 'data-testid': 'setup-form' },
    name.wrap, email.wrap, pass.wrap, formError, submit);
  const fields = [name, email, pass];

  function clearError(f) {
    f.err.textContent = '';
    f.input.removeAttribute('aria-invalid');
  }
  function bad(f, message) {
    f.err.textContent = message;
    f.input.setAttribute('aria-invalid', 'true');
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    fields.forEach(clearError);
    replace(formError);
    const item = {
      name: name.input.value.trim(),
      email: email.input.value.trim(),
      password: pass.input.value,
    };
    if (!item.name) bad(name, t('setup-name-missing'));
    if (!item.email) bad(email, t('setup-email-missing'));
    else if (!/^[^\s@]+@[^\s@]+$/.test(item.email)) bad(email, t('setup-email-invalid'));
    const n = [...item.password].length;
    if (n < MIN_PASSPHRASE) {
      bad(pass, n === 0
        ? t('setup-password-missing', { min: MIN_PASSPHRASE })
        : t('setup-password-too-short', { min: MIN_PASSPHRASE, count: n }));
    }
    const first = fields.find((f) => f.input.getAttribute('aria-invalid') === 'true');
    if (first) {
      first.input.focus();
      return;
    }
    submit.disabled = true;
    submit.textContent = t('setup-creating');
    const done = () => {
      submit.disabled = false;
      submit.textContent = t('setup-submit');
    };
    let pkce;
    let response;
    let body = null;
    try {
      pkce = await auth.pkcePair();
      response = await fetch(paths.setup(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ item: { ...item, code_challenge: pkce.challenge, redirect_uri: auth.redirectUri() } }),
        cache: 'no-store',
      });
      try { body = await response.json(); } catch (x) { body = null; }
    } catch (x) {
      if (!alive) return;
      done();
      formError.textContent = t('setup-unreachable');
      return;
    }
    if (!alive) return;
    if (response.status === 409) {
      onAlreadySetUp(t('setup-already'));
      return;
    }
    if (response.status === 403) {
      done();
      replace(formError, h('p', { 'data-testid': 'setup-not-here' },
        t('setup-not-here')));
      return;
    }
    if (response.status === 422) {
      done();
      const leftover = [];
      for (const m of (body && Array.isArray(body.errors) ? body.errors : [])) {
        const f = fields.find((x) => new RegExp(`^item\\.${x.key}\\b`).test(m));
        if (f) bad(f, humanise(m)); else leftover.push(humanise(m));
      }
      if (leftover.length) replace(formError, h('ul', null, leftover.map((m) => h('li', null, m))));
      else formError.textContent = fixEntries();
      const f = fields.find((x) => x.input.getAttribute('aria-invalid') === 'true');
      if (f) f.input.focus();
      return;
    }
    if (!response.ok) {
      done();
      formError.textContent = response.status === 429
        ? t('setup-too-many')
        : body && body.error
          ? t('setup-failed-error', { status: String(response.status), error: String(body.error) })
          : t('setup-failed', { status: String(response.status) });
      return;
    }
    const code = body && body.item && body.item.code;
    if (!code) {
      onSignInNeeded(t('setup-sign-in-needed'));
      return;
    }
    submit.textContent = t('setup-signing-in');
    try {
      await auth.signInWithCode(code, pkce.verifier);
    } catch (x) {
      if (!alive) return;
      onSignInNeeded(t('setup-sign-in-needed'));
      return;
    }
    if (!alive) return;
    onDone();
  });

  replace(root, h('section', { class: 'screen welcome setup', 'data-testid': 'setup-screen' },
    h('div', { class: 'welcome-card setup-card' },
      h('h1', null, t('setup-title')),
      h('p', { class: 'lead' }, t('setup-lead')),
      form)));
  focusHeading(root);
  return () => { alive = false; };
}

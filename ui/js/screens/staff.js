// Staff (organisers, #/staff): the people of the account with their role and last sign-in
// (GET /kiosk/staff); add a door person or an organiser (POST; the temporary passphrase is
// shown once, here); change a role, disable (their tokens are revoked at once) or enable
// again (PATCH), reset a passphrase (POST .../password, shown once). The server refuses to
// leave the account without an active organiser: its message is shown. Also the door
// devices (client credentials named "Door device: …", GET /kiosk/clients) with Revoke,
// and the one-step "Hand this kiosk to the door".

import * as api from '../api.js';
import {
  h, replace, loading, errorPanel, formatDateTime, ago, confirmDialog, uid, fixEntries,
} from '../dom.js';
import { session } from '../session.js';
import { checkEmail, checkText, MAX_SHORT } from '../fields.js';
import { toast } from '../shell.js';
import { t } from '../i18n.js';
import { copyRow, revokeClient } from './settings.js';
import { handToTheDoorControl, isDoorDeviceClient } from '../door-device.js';

/** A staff role in words. */
function roleWord(role) {
  switch (role) {
    case 'door': return t('staff-role-door');
    case 'organiser': return t('staff-role-organiser');
    default: return role;
  }
}

function signInWords(iso) {
  if (!iso) return t('staff-never-signed-in');
  const ms = new Date(iso).getTime();
  if (Number.isFinite(ms) && Date.now() - ms < 24 * 3600 * 1000) return ago(iso);
  return formatDateTime(iso);
}

export function render(root) {
  let alive = true;
  let people = [];

  // ---- Add a person ---------------------------------------------------------------
  const nameId = uid('staff-name');
  const emailId = uid('staff-email');
  const nameInput = h('input', {
    id: nameId, type: 'text', maxlength: MAX_SHORT, autocomplete: 'off', 'data-testid': 'staff-name',
    'aria-describedby': `${nameId}-err`,
  });
  const emailInput = h('input', {
    id: emailId, type: 'email', maxlength: 254, autocomplete: 'off', 'data-testid': 'staff-email',
    'aria-describedby': `${emailId}-hint ${emailId}-err`,
  });
  const nameError = h('p', { class: 'field-error', id: `${nameId}-err`, 'data-testid': 'error-staff-name' });
  const emailError = h('p', { class: 'field-error', id: `${emailId}-err`, 'data-testid': 'error-staff-email' });
  const roleError = h('p', { class: 'field-error', 'data-testid': 'error-staff-role' });
  const roleInputs = ['door', 'organiser'].map((role) => h('input', {
    type: 'radio', name: 'staff-role', id: `staff-role-${role}`, value: role, checked: role === 'door', 'data-testid': `staff-role-${role}`,
  }));
  const roleSet = h('fieldset', { class: 'full role-fieldset' },
    h('legend', null, t('staff-role')),
    h('div', { class: 'choices' },
      h('label', { class: 'check-row', for: 'staff-role-door' }, roleInputs[0],
        h('span', null, h('strong', null, roleWord('door')), h('span', { class: 'muted' }, ` ${t('staff-role-door-hint')}`))),
      h('label', { class: 'check-row', for: 'staff-role-organiser' }, roleInputs[1],
        h('span', null, h('strong', null, roleWord('organiser')), h('span', { class: 'muted' }, ` ${t('staff-role-organiser-hint')}`)))),
    roleError);
  const formError = h('div', { class: 'form-error', role: 'alert', 'data-testid': 'staff-form-error' });
  const add = h('button', { type: 'submit', class: 'btn btn-primary', 'data-testid': 'staff-add' }, t('staff-add'));
  const form = h('form', { class: 'staff-form', novalidate: true, 'data-testid': 'staff-form' },
    h('div', { class: 'form-grid' },
      h('div', { class: 'field' }, h('label', { for: nameId }, t('staff-name')), nameInput, nameError),
      h('div', { class: 'field' }, h('label', { for: emailId }, t('staff-email')), emailInput,
        h('p', { class: 'hint', id: `${emailId}-hint` }, t('staff-email-hint')), emailError)),
    roleSet,
    formError,
    h('div', { class: 'btn-row' }, add));
  const reveal = h('div', { 'aria-live': 'polite', 'data-testid': 'staff-reveal' });

  function clearFormErrors() {
    for (const [el, input] of [[nameError, nameInput], [emailError, emailInput], [roleError, roleSet]]) {
      el.textContent = '';
      input.removeAttribute('aria-invalid');
    }
    replace(formError);
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearFormErrors();
    const name = checkText(nameInput.value, MAX_SHORT, true);
    const email = checkText(emailInput.value, 254, true);
    const emailOk = email.error ? email : checkEmail(emailInput.value);
    let first = null;
    if (name.error) {
      nameError.textContent = name.error;
      nameInput.setAttribute('aria-invalid', 'true');
      first = first || nameInput;
    }
    if (emailOk.error) {
      emailError.textContent = emailOk.error;
      emailInput.setAttribute('aria-invalid', 'true');
      first = first || emailInput;
    }
    if (first) {
      formError.textContent = fixEntries();
      first.focus();
      return;
    }
    const role = roleInputs.find((r) => r.checked).value;
    add.disabled = true;
    add.textContent = t('staff-adding');
    let made;
    try {
      const res = await api.post(api.paths.staff(), { item: { name: name.value, email: emailOk.value, role } });
      made = res.item;
    } catch (err) {
      if (!alive) return;
      add.disabled = false;
      add.textContent = t('staff-add');
      if (err.status === 422 && err.errors.length) {
        const leftover = [];
        let focus = null;
        for (const m of err.errors) {
          const words = api.humanise(m);
          if (/^item\.name\b/.test(m)) {
            nameError.textContent = words;
            nameInput.setAttribute('aria-invalid', 'true');
            focus = focus || nameInput;
          } else if (/^item\.email\b/.test(m) || /\bemail\b/i.test(m)) {
            emailError.textContent = words;
            emailInput.setAttribute('aria-invalid', 'true');
            focus = focus || emailInput;
          } else if (/^item\.role\b/.test(m)) {
            roleError.textContent = words;
            roleSet.setAttribute('aria-invalid', 'true');
          } else {
            leftover.push(words);
          }
        }
        if (leftover.length) replace(formError, h('ul', null, leftover.map((m) => h('li', null, m))));
        else formError.textContent = fixEntries();
        if (focus) focus.focus();
      } else {
        replace(formError, errorPanel(err, () => form.requestSubmit(), { title: t('staff-not-added-yet') }));
      }
      return;
    }
    if (!alive) return;
    add.disabled = false;
    add.textContent = t('staff-add');
    nameInput.value = '';
    emailInput.value = '';
    roleInputs[0].checked = true;
    showPassphrase(made, 'added');
    loadPeople();
  });

  /** The temporary passphrase, once: the server keeps only its hash. */
  function showPassphrase(member, why) {
    const done = h('button', { type: 'button', class: 'btn btn-primary', 'data-testid': 'temp-password-done' }, t('staff-passphrase-done'));
    const title = why === 'added'
      ? t('staff-passphrase-added-title', { name: member.name })
      : t('staff-passphrase-reset-title', { name: member.name });
    const panel = h('section', { class: 'secret-card', 'data-testid': 'temp-password-panel', 'aria-labelledby': 'temp-pass-title' },
      h('h3', { id: 'temp-pass-title', tabindex: '-1' }, title),
      h('p', null, `${t('staff-passphrase-signs-in-with', { role: roleWord(member.role) })} `, h('strong', { 'data-testid': 'temp-password-email' }, member.email)),
      copyRow(member.temporary_password, 'temp-password', t('staff-passphrase-label')),
      h('p', { class: 'notice notice-warn', 'data-testid': 'temp-password-warning' },
        h('strong', null, `${t('staff-passphrase-once')} `),
        t('staff-passphrase-warning')),
      h('div', { class: 'btn-row' }, done));
    done.addEventListener('click', () => {
      replace(reveal);
      nameInput.focus();
    });
    replace(reveal, panel);
    // Into view first: the panel is below the form, past the fold at 1024x600, and the
    // heading's focus alone did not scroll the page there (issue 37).
    panel.scrollIntoView({ block: 'center' });
    panel.querySelector('h3').focus({ preventScroll: true });
  }

  // ---- People -------------------------------------------------------------------------
  const listBox = h('div', { 'data-testid': 'staff-list' }, loading(t('staff-loading')));
  const listStatus = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'staff-error' });

  async function loadPeople() {
    let res;
    try {
      res = await api.get(api.paths.staff());
    } catch (e) {
      if (alive) replace(listBox, errorPanel(e, loadPeople, { title: t('staff-load-failed') }));
      return;
    }
    if (!alive) return;
    people = (res && res.items) || [];
    showPeople();
  }

  function showPeople() {
    if (people.length === 0) {
      replace(listBox, h('p', { class: 'empty' }, t('staff-empty')));
      return;
    }
    replace(listBox, h('div', { class: 'table-wrap' }, h('table', { class: 'staff-table' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, t('staff-col-person')),
        h('th', { scope: 'col' }, t('staff-role')),
        h('th', { scope: 'col' }, t('staff-col-last-sign-in')),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('staff-col-actions'))))),
      h('tbody', null, people.map(personRow)))));
  }

  function personRow(p) {
    const me = session.user && session.user.id === p.id;
    const select = h('select', {
      'aria-label': t('staff-role-of', { name: p.name }), 'data-testid': 'staff-role', disabled: p.disabled,
    },
    h('option', { value: 'door', selected: p.role === 'door' }, roleWord('door')),
    h('option', { value: 'organiser', selected: p.role === 'organiser' }, roleWord('organiser')));
    select.addEventListener('change', () => changeRole(p, select));
    const toggle = p.disabled
      ? h('button', {
        type: 'button', class: 'btn btn-small', 'data-testid': 'staff-enable', 'aria-label': t('staff-enable-name', { name: p.name }), onclick: (e) => setDisabled(p, false, e.currentTarget),
      }, t('staff-enable'))
      : h('button', {
        type: 'button', class: 'btn btn-small btn-danger-outline', 'data-testid': 'staff-disable', 'aria-label': t('staff-disable-name', { name: p.name }), onclick: (e) => setDisabled(p, true, e.currentTarget),
      }, t('staff-disable'));
    const reset = h('button', {
      type: 'button', class: 'btn btn-small', 'data-testid': 'staff-reset', 'aria-label': t('staff-reset-name', { name: p.name }), disabled: p.disabled, onclick: (e) => resetPassword(p, e.currentTarget),
    }, t('staff-reset'));
    return h('tr', { 'data-testid': 'staff-row', 'data-email': p.email, 'data-disabled': p.disabled ? 'true' : 'false', class: p.disabled && 'row-disabled' },
      h('td', null,
        h('div', { class: 'staff-name' }, p.name, me ? h('span', { class: 'muted' }, ` ${t('staff-you')}`) : null,
          p.disabled ? h('span', { class: 'chip chip-disabled', 'data-testid': 'staff-disabled' }, t('staff-disabled')) : null),
        h('div', { class: 'row-sub' }, p.email)),
      h('td', null, select),
      h('td', { class: 'nowrap', 'data-testid': 'staff-last-sign-in' }, signInWords(p.last_sign_in_at)),
      h('td', { class: 'num' }, h('div', { class: 'row-tools' }, reset, toggle)));
  }

  function refused(err, what) {
    if (err.status === 422) return err.details.length ? err.details.join(' ') : err.words;
    return t('staff-refused', { what, error: err.words });
  }

  async function changeRole(p, select) {
    listStatus.textContent = '';
    const role = select.value;
    const me = session.user && session.user.id === p.id;
    const yes = await confirmDialog({
      title: role === 'organiser' ? t('staff-make-organiser-title', { name: p.name }) : t('staff-make-door-title', { name: p.name }),
      body: role === 'organiser'
        ? t('staff-make-organiser-body')
        : [t('staff-make-door-body'), me ? t('staff-make-door-body-self') : null].filter(Boolean).join(' '),
      confirmWords: t('staff-make-confirm'),
      testid: 'role-dialog',
    });
    if (!alive) return;
    if (!yes) {
      select.value = p.role;
      select.focus();
      return;
    }
    select.disabled = true;
    try {
      await api.patch(api.paths.staffMember(p.id), { item: { role } });
      if (!alive) return;
      toast(role === 'organiser' ? t('staff-now-organiser', { name: p.name }) : t('staff-now-door', { name: p.name }), 'ok');
    } catch (e) {
      if (!alive) return;
      select.value = p.role;
      select.disabled = false;
      listStatus.textContent = refused(e, t('staff-role-not-changed'));
      select.focus();
      return;
    }
    loadPeople();
  }

  async function setDisabled(p, disabled, button) {
    listStatus.textContent = '';
    const me = session.user && session.user.id === p.id;
    if (disabled) {
      const yes = await confirmDialog({
        title: t('staff-disable-title', { name: p.name }),
        body: [me ? t('staff-disable-body-self') : null, t('staff-disable-body', { name: p.name })].filter(Boolean).join(' '),
        confirmWords: t('staff-disable'),
        danger: true,
        testid: 'disable-dialog',
      });
      if (!yes || !alive) return;
    }
    button.disabled = true;
    try {
      await api.patch(api.paths.staffMember(p.id), { item: { disabled } });
      if (!alive) return;
      toast(disabled ? t('staff-disabled-toast', { name: p.name }) : t('staff-enabled-toast', { name: p.name }), 'ok');
    } catch (e) {
      if (!alive) return;
      button.disabled = false;
      listStatus.textContent = refused(e, disabled ? t('staff-not-disabled') : t('staff-not-enabled'));
      button.focus();
      return;
    }
    loadPeople();
  }

  async function resetPassword(p, button) {
    listStatus.textContent = '';
    const yes = await confirmDialog({
      title: t('staff-reset-title', { name: p.name }),
      body: t('staff-reset-body'),
      confirmWords: t('staff-reset'),
      danger: true,
      testid: 'reset-dialog',
    });
    if (!yes || !alive) return;
    button.disabled = true;
    let res;
    try {
      res = await api.post(api.paths.staffPassword(p.id));
    } catch (e) {
      if (!alive) return;
      button.disabled = false;
      listStatus.textContent = refused(e, t('staff-not-reset'));
      return;
    }
    if (!alive) return;
    showPassphrase(res.item, 'reset');
    loadPeople();
  }

  // ---- Door devices -------------------------------------------------------------------
  const devicesBox = h('div', { 'data-testid': 'door-devices' }, loading());
  const devicesStatus = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'door-devices-error' });
  const { button: hand, status: handStatus } = handToTheDoorControl('hand-to-door', () => alive);

  async function loadDevices() {
    let items;
    try {
      items = await api.get(api.paths.clients());
    } catch (e) {
      if (alive) replace(devicesBox, errorPanel(e, loadDevices, { title: t('staff-devices-load-failed') }));
      return;
    }
    if (!alive) return;
    const devices = (Array.isArray(items) ? items : (items && items.items) || []).filter(isDoorDeviceClient);
    if (devices.length === 0) {
      replace(devicesBox, h('p', { class: 'empty', 'data-testid': 'door-devices-empty' }, t('staff-devices-empty')));
      return;
    }
    replace(devicesBox, h('ul', { class: 'device-list' }, devices.map((c) => h('li', { class: 'device-row', 'data-testid': 'door-device-row', 'data-client-id': c.client_id },
      h('div', null,
        h('div', { class: 'staff-name' }, c.name.replace(/^Door device:\s*/, '') || c.name),
        h('div', { class: 'row-sub' }, t('staff-device-since', { when: formatDateTime(c.created_at) }))),
      h('button', {
        type: 'button', class: 'btn btn-small btn-danger-outline', 'data-testid': 'door-device-revoke', 'aria-label': t('staff-device-revoke-name', { name: c.name }),
        onclick: (e) => revokeDevice(c, e.currentTarget),
      }, t('staff-device-revoke'))))));
  }

  function revokeDevice(c, button) {
    return revokeClient({
      client: c, button, status: devicesStatus, alive: () => alive, reload: loadDevices, testid: 'revoke-device-dialog',
      body: t('staff-device-revoke-body'),
      gone: t('staff-device-gone'),
    });
  }

  const toAdd = h('button', {
    type: 'button', class: 'btn btn-primary', 'data-testid': 'staff-to-add',
    onclick: () => { nameInput.scrollIntoView({ block: 'center' }); nameInput.focus(); },
  }, `+ ${t('staff-add-person')}`);
  replace(root, h('section', { class: 'screen', 'data-testid': 'staff-screen' },
    h('div', { class: 'screen-head' },
      h('div', null,
        h('h1', null, t('staff-title')),
        h('p', { class: 'muted' }, session.accountName ? t('staff-intro-account', { account: session.accountName }) : t('staff-intro'))),
      toAdd),
    h('section', { class: 'card', 'aria-labelledby': 'staff-people-title' },
      h('h2', { id: 'staff-people-title' }, t('staff-people-title')),
      listStatus,
      listBox),
    h('div', { class: 'grid-2 staff-grid section-gap' },
      h('section', { class: 'card', 'aria-labelledby': 'staff-add-title' },
        h('h2', { id: 'staff-add-title' }, t('staff-add-person')),
        h('p', { class: 'muted' }, t('staff-add-intro')),
        form,
        reveal),
      h('section', { class: 'card', 'aria-labelledby': 'devices-title', 'data-testid': 'door-devices-card' },
        h('h2', { id: 'devices-title' }, t('staff-devices-title')),
        h('p', { class: 'muted' }, t('staff-devices-intro')),
        handStatus,
        h('div', { class: 'btn-row' }, hand),
        h('h3', { class: 'section-gap' }, t('staff-devices-in-use')),
        devicesStatus,
        devicesBox))));
  loadPeople();
  loadDevices();
  return () => { alive = false; };
}

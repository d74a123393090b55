// Data (organisers): import attendees from a CSV file (data-import.js, its report's views
// in data-import-views.js) and download CSV files (data-export.js). This screen lays the
// two cards out; each card keeps its own state and ends with the screen.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { importCard } from './data-import.js';
import { exportCard } from './data-export.js';

export function render(root) {
  const importing = importCard();
  const exporting = exportCard();
  replace(root, h('section', { class: 'screen', 'data-testid': 'data-screen' },
    h('div', { class: 'screen-head' }, h('h1', null, t('data-title'))),
    h('div', { class: 'data-grid' }, importing.card, exporting.card)));
  return () => {
    importing.cleanup();
    exporting.cleanup();
  };
}

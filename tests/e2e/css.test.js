// The CSS check (issue 21): nothing in the UI's CSS assumes left-to-right where a logical
// property does the job (`margin-inline-start`, `inset-inline-end`, `text-align: start`),
// so a right-to-left language later needs no CSS rewrite. No browser: a second.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The kiosk's CSS and the desktop app's splash.
const CSS_DIRS = [path.join(root, 'ui', 'css'), path.join(root, 'src-tauri', 'splash')];

const PHYSICAL = [
  [/\b(margin|padding|border)-(left|right)\b/, 'use margin/padding/border-inline-start or -end'],
  [/(^|[;{\s])(left|right)\s*:/, 'use inset-inline-start or inset-inline-end'],
  [/text-align\s*:\s*(left|right)\b/, 'use text-align: start or end'],
  [/(float|clear)\s*:\s*(left|right)\b/, 'use inline-start or inline-end'],
  [/\b(padding|margin|inset)\s*:\s*[^;{}\s]+\s+[^;{}\s]+\s+[^;{}\s]+\s+[^;{}\s]+\s*(;|}|$)/, 'a four-value shorthand sets left and right apart: use padding-block and padding-inline'],
  [/border-(top|bottom)-(left|right)-radius/, 'use border-start-start-radius and its kin'],
];

test('the UI CSS uses logical properties, not left and right', () => {
  const problems = [];
  for (const file of CSS_DIRS.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.css')).map((f) => path.join(dir, f)))) {
    const name = path.relative(root, file);
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
    text.split('\n').forEach((line, i) => {
      for (const [re, advice] of PHYSICAL) {
        if (re.test(line)) problems.push(`${name}:${i + 1}: ${line.trim()} (${advice})`);
      }
    });
  }
  assert.deepEqual(problems, []);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A web build with a stand-in renderer: enough for /form/{formId} and its no-JavaScript POST, for tests
 * that need the form page's routes but not the real page (WEB_DIST_DIR). `remove` deletes it: call it
 * when the app that serves it has closed.
 */
export function stubWebDist(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-web-dist-'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(
    path.join(dir, 'server', 'public-form.mjs'),
    [
      "export const FORM_PAGE_DATA_ID = 'sf-form-data';",
      "export const FORM_POST_FIELDS = { answerPrefix: 'answer:', otherPrefix: 'other:', nonce: 'submission' };",
      "export function renderFormApp() { return '<main>form</main>'; }",
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'form.html'),
    '<!doctype html><html><head><title>Form</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>SheetForms</title><div id="root"></div>',
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

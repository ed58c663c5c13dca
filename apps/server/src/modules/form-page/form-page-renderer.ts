import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicForm } from '@sheetforms/contract';
import { composePage, type PageTemplate, parseTemplate } from './form-page-html.js';

/**
 * What the page is rendered from, inlined as JSON for the browser to hydrate the same tree. The web app's
 * `public-form/logic/page-data.ts` reads it (`FormPageData`); only the public view goes in.
 */
export type FormPageView =
  | {
      kind: 'form';
      form: PublicForm;
      /** Answers shown as given, by field label: a refused submission's, or a prefilled link's. */
      values?: Record<string, string | string[]>;
      /** Labels of the answers a prefilled link locks (verified token): shown read-only. */
      locked?: string[];
      /** The prefilled link's verified token, sent back with the submission as `prefillToken`. */
      prefillToken?: string;
      errors?: Record<string, string>;
      signatureError?: string;
      formError?: string;
    }
  | { kind: 'login' }
  | { kind: 'error'; detail: string; title?: string }
  | { kind: 'submitted' };

export interface FormPageData {
  formId: string;
  view: FormPageView;
  nonce: string;
}

/** The names of the no-JavaScript form's inputs (the web app's FORM_POST_FIELDS). */
export interface FormPostFields {
  answerPrefix: string;
  nonce: string;
}

export interface FormPageRenderer {
  /** The whole HTML page for /form/{formId}. */
  render(page: {
    formId: string;
    view: FormPageView;
    title: string;
    description: string;
    nonce: string;
  }): string;
  postFields: FormPostFields;
}

/** The exports of the web build's `dist/server/public-form.mjs` (apps/web/src/public-form/entry-server.tsx). */
export interface FormServerModule {
  renderFormApp(location: string, data: FormPageData): string;
  FORM_PAGE_DATA_ID: string;
  FORM_POST_FIELDS: FormPostFields;
}

export const FORM_SERVER_ENTRY = path.join('server', 'public-form.mjs');
const FORM_TEMPLATE = 'form.html';

export function createFormPageRenderer(template: PageTemplate, app: FormServerModule): FormPageRenderer {
  return {
    postFields: app.FORM_POST_FIELDS,
    render({ formId, view, title, description, nonce }) {
      const data: FormPageData = { formId, view, nonce };
      const markup = app.renderFormApp(`/form/${encodeURIComponent(formId)}`, data);
      return composePage(template, {
        title,
        description,
        markup,
        data,
        dataElementId: app.FORM_PAGE_DATA_ID,
      });
    },
  };
}

function isFormServerModule(value: unknown): value is FormServerModule {
  const module = value as Partial<FormServerModule> | null;
  return (
    typeof module?.renderFormApp === 'function' &&
    typeof module.FORM_PAGE_DATA_ID === 'string' &&
    typeof module.FORM_POST_FIELDS?.answerPrefix === 'string' &&
    typeof module.FORM_POST_FIELDS.nonce === 'string'
  );
}

/**
 * The renderer of a web build: its `form.html` (asset tags, stylesheet inlined here) and its server entry,
 * imported once at start. Undefined when the build has no server entry (an older build): /form/{formId}
 * is then the page the browser renders alone, as before.
 */
export async function loadFormPageRenderer(distDir: string): Promise<FormPageRenderer | undefined> {
  const entry = path.join(distDir, FORM_SERVER_ENTRY);
  const templateFile = path.join(distDir, FORM_TEMPLATE);
  if (!fs.existsSync(entry) || !fs.existsSync(templateFile)) return undefined;
  const module: unknown = await import(pathToFileURL(entry).href);
  if (!isFormServerModule(module)) throw new Error(`${entry} does not export the public form's renderer`);
  const template = parseTemplate(fs.readFileSync(templateFile, 'utf8'), (href) => {
    const file = path.resolve(distDir, `.${href}`);
    if (!file.startsWith(path.resolve(distDir) + path.sep))
      throw new Error(`stylesheet outside the build: ${href}`);
    return fs.readFileSync(file, 'utf8');
  });
  return createFormPageRenderer(template, module);
}

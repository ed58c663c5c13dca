import { randomUUID } from 'node:crypto';
import {
  type CreateTemplateBodySchema,
  type FormTemplate,
  normalisedDocsUrl,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  type UpdateTemplateBodySchema,
} from '@sheetforms/contract';
import type { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import type { FormsService, OwnedForm } from '../forms/forms.service.js';
import type { TemplateChanges, TemplatesRepository } from './templates.repository.js';

export type CreateTemplateInput = z.output<typeof CreateTemplateBodySchema>;
export type UpdateTemplateInput = z.output<typeof UpdateTemplateBodySchema>;

/**
 * The HTML work this service asks for. Sanitizing runs on the HTML worker threads (html-work/), which
 * answer limits and a full pool as problems (400/413, 429/503).
 */
export interface TemplateHtmlWork {
  sanitizeTemplate(html: string, ownerId: string): Promise<string>;
}

export interface TemplatesServiceDeps {
  forms: Pick<FormsService, 'requireOwned' | 'setTemplateEnabled'>;
  templates: TemplatesRepository;
  html: TemplateHtmlWork;
  now?: () => Date;
  newId?: () => string;
}

export const templateNotFound = () => notFound(TEMPLATE_MESSAGES.notFound, 'TEMPLATE_NOT_FOUND');
export const templateTooLarge = () => new HttpError(413, 'TEMPLATE_TOO_LARGE', TEMPLATE_MESSAGES.tooLarge);

const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * Document templates of the owner's forms (spec 001 sections 4, 5, 7). HTML is sanitized on every write,
 * so what is stored is safe to render; templateEnabled follows the spec: adding sets it to 1, deleting
 * leaves it 1 only while templates remain (more than one existed before the delete).
 */
export function createTemplatesService(deps: TemplatesServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? randomUUID;

  return {
    async add(ownerId: string, formId: string, body: CreateTemplateInput): Promise<FormTemplate> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      rejectNul(body);
      if (body.name === '' || body.googleDocsUrl === '') {
        throw badRequest('VALIDATION_FAILED', TEMPLATE_MESSAGES.bothRequired);
      }
      const googleDocsUrl = requireDocsUrl(body.googleDocsUrl);
      const at = now().toISOString();
      const template = await deps.templates.insert(ownerId, {
        id: newId(),
        form_id: form.id,
        name: body.name,
        google_docs_url: googleDocsUrl,
        content: await sanitizedContent(deps.html, ownerId, body.content),
        created_at: at,
        updated_at: at,
      });
      // The form was deleted between the check and the insert.
      if (!template) throw notFound('Form not found');
      await deps.forms.setTemplateEnabled(ownerId, formId, true);
      return template;
    },

    async update(
      ownerId: string,
      formId: string,
      templateId: string,
      body: UpdateTemplateInput,
    ): Promise<FormTemplate> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      rejectNul(body);
      const changes: TemplateChanges = { updated_at: now().toISOString() };
      if (body.name !== undefined) {
        if (body.name === '') throw badRequest('VALIDATION_FAILED', TEMPLATE_MESSAGES.nameEmpty);
        changes.name = body.name;
      }
      if (body.googleDocsUrl !== undefined) {
        changes.google_docs_url = requireDocsUrl(body.googleDocsUrl);
      }
      if (body.content !== undefined)
        changes.content = await sanitizedContent(deps.html, ownerId, body.content);
      const template = await deps.templates.update(ownerId, form.id, templateId, changes);
      if (!template) throw templateNotFound();
      return template;
    },

    async remove(ownerId: string, formId: string, templateId: string): Promise<void> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      if (!(await deps.templates.delete(ownerId, form.id, templateId))) throw templateNotFound();
      // "1 if more than one template existed before deleting" is "templates remain": counted after the
      // delete, so two deletes at once still leave the flag matching what is stored.
      const remaining = await deps.templates.countForForm(ownerId, form.id);
      await deps.forms.setTemplateEnabled(ownerId, formId, remaining > 0);
    },

    async listForOwner(ownerId: string, formId: string): Promise<FormTemplate[]> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      return deps.templates.listForForm(ownerId, form.id);
    },

    /**
     * One template of the owner's form, with the form (the PDF export uses this). 404 'Form not found'
     * for a form that is not theirs, 'Template not found' for a template that is not in it.
     */
    async getForOwner(
      ownerId: string,
      formId: string,
      templateId: string,
    ): Promise<{ form: OwnedForm; template: FormTemplate }> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const template = await deps.templates.findForForm(ownerId, form.id, templateId);
      if (!template) throw templateNotFound();
      return { form, template };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/**
 * Measured, sanitized on an HTML worker thread (html-work/), measured again: the cap holds for what is
 * sent (so no more than 1 MB is ever parsed) and for what is kept (sanitizing closes unclosed tags).
 */
async function sanitizedContent(html: TemplateHtmlWork, ownerId: string, content: string): Promise<string> {
  if (Buffer.byteLength(content, 'utf8') > TEMPLATE_LIMITS.contentMaxBytes) throw templateTooLarge();
  const clean = await html.sanitizeTemplate(content, ownerId);
  if (Buffer.byteLength(clean, 'utf8') > TEMPLATE_LIMITS.contentMaxBytes) throw templateTooLarge();
  return clean;
}

/**
 * The URL to store: Google's https edit address of the document or spreadsheet the URL names, built
 * from its id (nothing typed around the id is kept), or 400 when it names none.
 */
function requireDocsUrl(url: string): string {
  const normalised = normalisedDocsUrl(url);
  if (!normalised) throw badRequest('INVALID_DOCS_URL', TEMPLATE_MESSAGES.docsUrlInvalid);
  return normalised;
}

/** PostgreSQL text can not hold NUL, and no document needs it: a clear 400 instead of a failed insert. */
function rejectNul(body: {
  name?: string | undefined;
  googleDocsUrl?: string | undefined;
  content?: string | undefined;
}) {
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw badRequest('VALIDATION_FAILED', NUL_MESSAGE, [{ path: `body.${key}`, message: NUL_MESSAGE }]);
    }
  }
}

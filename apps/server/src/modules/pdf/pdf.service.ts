import { type FormTemplate, HTML_LIMITS, PDF_MESSAGES, PDF_ZIP_MAX } from '@sheetforms/contract';
import { type HtmlWork, htmlLimitProblem } from '../../html-work/html-work.js';
import { badRequest } from '../../http/http-error.js';
import type { FormsService, OwnedForm } from '../forms/forms.service.js';
import { type ResponsesService, responseNotFound } from '../responses/responses.service.js';
import { signatureClass } from '../templates/signature-class.js';
import { type ResponseForTemplate, templateValuesFor } from '../templates/template-values.js';
import type { TemplatesService } from '../templates/templates.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { type PaperFormat, PdfBusyError, type PdfRenderer } from './pdf-renderer.js';
import type { PdfResponsesRepository } from './pdf-responses.repository.js';
import { signatureDataUri, signatureStyleSheet } from './signature-image.js';
import { zipEntryNames } from './zip-entry-names.js';

export interface PdfServiceDeps {
  renderer: PdfRenderer;
  forms: Pick<FormsService, 'requireOwned'>;
  templates: Pick<TemplatesService, 'getForOwner'>;
  responses: Pick<ResponsesService, 'getForOwner' | 'idsMatching'>;
  responsesByIds: PdfResponsesRepository;
  /** Signature images: read from storage, and whether a URL is a signature stored for a form. */
  signatures: Pick<UploadsService, 'read' | 'isIssuedFor'>;
  /** Sanitizing and filling run on the HTML worker threads. */
  html: Pick<HtmlWork, 'sanitizeForPdf' | 'fillDocument'>;
  /** SHEET_SYNC_TIMEZONE: {{date}} and {{Timestamp}} read as in the sheet and on the responses page. */
  timeZone: string;
  now?: () => Date;
  /** How long a ZIP entry keeps retrying a full queue before the ZIP gives up (ms). */
  zipBusyPatienceMs?: number;
}

export interface PdfFile {
  /** The download's name without `.pdf` (the route adds it). */
  name: string;
  pdf: Buffer;
}

export interface PdfZip {
  name: string;
  /** Rendered one at a time, each taking one place in the shared queue, as the ZIP is written. */
  entries: AsyncGenerator<{ name: string; pdf: Buffer }>;
}

const noContent = () => badRequest('NO_CONTENT', PDF_MESSAGES.noContent);

/**
 * PDF export use cases. Every one checks that the caller owns the form (and that the template and
 * responses are in it) before anything is rendered; rendering goes through the one bounded renderer.
 */
export function createPdfService(deps: PdfServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const patienceMs = deps.zipBusyPatienceMs ?? 60_000;

  /**
   * The template filled with the response, on an HTML worker (within the filled-document budget), with
   * the signature image once in a style sheet however many {{Signature}} show it.
   */
  async function filled(
    ownerId: string,
    form: OwnedForm,
    template: FormTemplate,
    response: ResponseForTemplate,
  ) {
    const signature = await signatureDataUri(response.signatureUrl, deps.signatures);
    const values = templateValuesFor(form.fields, response, {
      now: now(),
      timeZone: deps.timeZone,
      signatureImageSrc: null,
      signatureImageClass: signature ? signatureClass(0) : null,
    });
    const document = await deps.html.fillDocument(template.content, values, ownerId);
    if (!document.printable) throw noContent();
    return signatureStyleSheet(signature ? [signature] : []) + document.html;
  }

  /** Each signature URL html-to-pdf named: its picture when it is a signature stored for this form. */
  async function formSignatures(formRowId: string, urls: readonly string[]) {
    const dataUris: (string | undefined)[] = [];
    for (const url of urls) {
      const issued = await deps.signatures.isIssuedFor(formRowId, url);
      dataUris.push(issued ? await signatureDataUri(url, deps.signatures) : undefined);
    }
    return dataUris;
  }

  /** A ZIP entry waits out a full queue (it must not fail half-way for being polite to other users). */
  async function renderPatiently(
    html: string,
    options: { format: PaperFormat; title: string; isolationKey: string },
  ): Promise<Buffer> {
    const giveUpAt = Date.now() + patienceMs;
    for (;;) {
      try {
        return await deps.renderer.render(html, options);
      } catch (error) {
        if (!(error instanceof PdfBusyError) || Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(error.retryAfterSeconds, 5) * 1000));
      }
    }
  }

  return {
    /**
     * POST /forms/html-to-pdf (spec 001 section 7): the caller's HTML (at most 2 MB), sanitized as templates
     * are; images naming signatures stored for this form show them (once each), any other URL is dropped.
     */
    async htmlToPdf(
      ownerId: string,
      input: { html: string; fileName: string; formId: string },
      format: PaperFormat,
    ): Promise<PdfFile> {
      const form = await deps.forms.requireOwned(ownerId, input.formId);
      if (input.html.length > HTML_LIMITS.htmlToPdfMaxChars) throw htmlLimitProblem('too-large');
      if (input.html.trim() === '') throw noContent();
      const sanitized = await deps.html.sanitizeForPdf(input.html, ownerId);
      const signatures = await formSignatures(form.id, sanitized.signatureUrls);
      if (!sanitized.printable && !signatures.some(Boolean)) throw noContent();
      const html = signatureStyleSheet(signatures) + sanitized.html;
      const name = input.fileName || form.name;
      return { name, pdf: await deps.renderer.render(html, { format, title: name, isolationKey: ownerId }) };
    },

    /** POST /forms/{formId}/responses/{responseId}/pdf: the stored template filled with the stored response. */
    async responsePdf(
      ownerId: string,
      input: { formId: string; responseId: string; templateId: string },
      format: PaperFormat,
    ): Promise<PdfFile> {
      const { form, template } = await deps.templates.getForOwner(ownerId, input.formId, input.templateId);
      const { response } = await deps.responses.getForOwner(ownerId, input.formId, input.responseId);
      const html = await filled(ownerId, form, template, response);
      return {
        name: template.name,
        pdf: await deps.renderer.render(html, { format, title: template.name, isolationKey: ownerId }),
      };
    },

    /**
     * POST /forms/{formId}/responses/pdf-zip: checks everything first (form, template, every id), so a
     * bad request fails before the first byte; then renders lazily, in the order the ids were given.
     * Without ids: every response matching the filters, newest first (400 when none, or more than
     * PDF_ZIP_MAX, match).
     */
    async responsesZip(
      ownerId: string,
      input: {
        formId: string;
        templateId: string;
        responseIds?: readonly string[] | undefined;
        q?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
      format: PaperFormat,
    ): Promise<PdfZip> {
      const { form, template } = await deps.templates.getForOwner(ownerId, input.formId, input.templateId);
      const chosen =
        input.responseIds ??
        (await deps.responses.idsMatching(
          ownerId,
          input.formId,
          { q: input.q, from: input.from, to: input.to },
          PDF_ZIP_MAX + 1,
        ));
      if (chosen.length === 0) throw badRequest('NO_MATCHING_RESPONSES', PDF_MESSAGES.zipNoneMatch);
      if (chosen.length > PDF_ZIP_MAX) throw badRequest('TOO_MANY_RESPONSES', PDF_MESSAGES.zipTooMany);
      // A template that prints nothing is found with the first entry, before the reply starts.
      const ids = [...new Set(chosen)];
      const found = await deps.responsesByIds.listByIds(ownerId, form.id, ids);
      const byId = new Map(found.map((response) => [response.id, response]));
      if (ids.some((id) => !byId.has(id))) throw responseNotFound();
      const names = zipEntryNames(template.name, ids);

      async function* entries() {
        for (const [index, id] of ids.entries()) {
          const response = byId.get(id);
          const name = names[index];
          if (!response || !name) continue;
          const html = await filled(ownerId, form, template, response);
          // The first is rendered before the reply starts, so a full queue there is a plain 429; later
          // entries wait their turn rather than break a download half-way.
          const options = { format, title: template.name, isolationKey: ownerId };
          const pdf =
            index === 0 ? await deps.renderer.render(html, options) : await renderPatiently(html, options);
          yield { name, pdf };
        }
      }
      return { name: template.name, entries: entries() };
    },
  };
}

export type PdfService = ReturnType<typeof createPdfService>;

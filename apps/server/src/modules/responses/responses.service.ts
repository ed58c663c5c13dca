import {
  EXPORT_DEFAULT_TIME_ZONE,
  OWNER_DIGEST_LABEL,
  OWNER_EMAIL_LABEL,
  RECEIPT_LABEL,
  type ResponseDelivery,
  type ResponsesExportQuerySchema,
  type ResponsesPage,
  type ResponsesQuerySchema,
} from '@sheetforms/contract';
import type { z } from 'zod';
import { notFound } from '../../http/http-error.js';
import type { FormsService, OwnedForm } from '../forms/forms.service.js';
import type { ResponseForTemplate } from '../templates/template-values.js';
import type { TemplatesRepository } from '../templates/templates.repository.js';
import type { ResponseDeliveries, ResponseDeliveryRow } from './response-deliveries.js';
import { type ExportLayout, exportAnswerLabels, exportCells, exportHeader } from './response-export.js';
import type { ResponseFilters } from './response-pages.repository.js';
import type { ResponseReader } from './response-reader.js';
import { type ResponseRow, toResponseForTemplate } from './response-serializers.js';

export type ResponsesQueryInput = z.output<typeof ResponsesQuerySchema>;
export type ResponsesExportInput = z.output<typeof ResponsesExportQuerySchema>;

export interface ResponsesServiceDeps {
  forms: Pick<FormsService, 'requireOwned'>;
  templates: Pick<TemplatesRepository, 'listForForm'>;
  reader: ResponseReader;
  /** Each listed response's e-mail and webhook deliveries (issue 24). */
  deliveries?: ResponseDeliveries;
}

/** How the Responses page names a delivery: the owner's mail or digest, the receipt, a webhook's host. */
function deliveryLabel(row: ResponseDeliveryRow): string {
  switch (row.destination) {
    case 'owner-email':
      return OWNER_EMAIL_LABEL;
    case 'owner-digest':
      return OWNER_DIGEST_LABEL;
    case 'respondent-receipt':
      return RECEIPT_LABEL;
    case 'webhook':
      try {
        return `Webhook ${new URL(row.url ?? '').host}`;
      } catch {
        return 'Webhook';
      }
  }
}

/** A delivery as the Responses page shows it. */
function toResponseDelivery(row: ResponseDeliveryRow): ResponseDelivery {
  const label = deliveryLabel(row);
  return {
    id: row.id,
    destination: row.destination,
    label,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
  };
}

/**
 * What an export writer needs: the header and the rows as cells, read batch by batch. A batch's cells are
 * made as the writer iterates it (once), so only one row's cells are alive at a time.
 */
export interface ResponsesExport {
  form: OwnedForm;
  header: string[];
  batches: AsyncIterable<Iterable<string[]>>;
}

export const responseNotFound = () => notFound('Response not found', 'RESPONSE_NOT_FOUND');

/** The owner's view of a form's responses: pages, one response, the export. 404 unless the caller owns the form. */
export function createResponsesService(deps: ResponsesServiceDeps) {
  return {
    async list(ownerId: string, formId: string, query: ResponsesQueryInput): Promise<ResponsesPage> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const templates = await deps.templates.listForForm(ownerId, form.id);
      const page = await deps.reader.page(ownerId, form, templates, query);
      if (!deps.deliveries || page.items.length === 0) return page;
      const rows = await deps.deliveries.forResponses(form.id, page.items);
      return {
        ...page,
        items: page.items.map((item) => ({
          ...item,
          deliveries: rows.filter((row) => row.response_id === item.id).map(toResponseDelivery),
        })),
      };
    },

    /**
     * One stored response of the owner's form, as a template is filled with it (the PDF export uses
     * this). 404 'Form not found' for a form that is not theirs, 'Response not found' for a response
     * that is not in it.
     */
    async getForOwner(
      ownerId: string,
      formId: string,
      responseId: string,
    ): Promise<{ form: OwnedForm; response: ResponseForTemplate }> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const row = await deps.reader.findOne(ownerId, form.id, responseId);
      if (!row) throw responseNotFound();
      return { form, response: toResponseForTemplate(row) };
    },

    /**
     * The ids of the responses matching the list's filters, newest first, at most `max` of them (the
     * ZIP of PDFs asks for one more than it allows, to tell "too many" apart).
     */
    async idsMatching(
      ownerId: string,
      formId: string,
      filters: ResponseFilters,
      max: number,
    ): Promise<string[]> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      for await (const rows of deps.reader.batches(ownerId, form.id, filters, max)) {
        return rows.map((row) => row.id);
      }
      return [];
    },

    async exportFor(ownerId: string, formId: string, query: ResponsesExportInput): Promise<ResponsesExport> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      // Known before the first byte is sent: the header names answers of removed and renamed fields too.
      const [storedLabels, anyRespondent] = await Promise.all([
        deps.reader.answerLabels(ownerId, form.id, query),
        form.loginRequired ? true : deps.reader.hasRespondent(ownerId, form.id, query),
      ]);
      // Answers under labels past the bound on columns share one Other answers column.
      const { labels, otherLabels } = exportAnswerLabels(form.fields, storedLabels);
      const layout: ExportLayout = {
        labels,
        otherLabels,
        timeZone: query.timeZone ?? EXPORT_DEFAULT_TIME_ZONE,
        // A form switched from login to open still shows who answered its earlier responses.
        withRespondent: anyRespondent,
        sheetLinked: form.sheetLinked,
      };
      const batches = deps.reader.batches(ownerId, form.id, query);
      return { form, header: exportHeader(layout), batches: numbered(batches, layout) };
    },
  };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;

async function* numbered(
  batches: AsyncIterable<ResponseRow[]>,
  layout: ExportLayout,
): AsyncGenerator<Iterable<string[]>> {
  let no = 0;
  for await (const rows of batches) {
    yield cellsOf(rows, no, layout);
    no += rows.length;
  }
}

/**
 * A batch's rows as cells, each made when the writer reaches it rather than all 500 up front. A batch is
 * held while the reply drains; cell arrays made for the whole batch would be alive at most of V8's young
 * collections, which then allocates every later array of that kind straight into the old generation
 * (allocation-site pretenuring), where only a full collection frees them: an export of 100,000 rows grew
 * the server by about 20 MiB more that way (docs/performance.md, "Responses").
 */
function* cellsOf(rows: readonly ResponseRow[], before: number, layout: ExportLayout): Generator<string[]> {
  for (const [index, row] of rows.entries()) yield exportCells(before + index + 1, row, layout);
}

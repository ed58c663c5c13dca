import {
  type FormField,
  type FormTemplate,
  RESPONSES_MESSAGES,
  RESPONSES_PAGE,
  type ResponseItem,
  type ResponsesPage,
} from '@sheetforms/contract';
import type { HtmlWork } from '../../html-work/html-work.js';
import { badRequest } from '../../http/http-error.js';
import { templateValuesFor } from '../templates/template-values.js';
import type { CursorCodec } from './response-cursor.js';
import type { ResponseFilters, ResponsePagesRepository } from './response-pages.repository.js';
import { type ResponseRow, toResponseForTemplate, toResponseItem } from './response-serializers.js';
import { boundedPageSize } from './response-templates.js';
import { createResponseTotals } from './response-totals.js';

/** A form the caller was shown to own: its internal id and current fields. */
export interface FormForResponses {
  id: string;
  fields: FormField[];
  /** Without a linked sheet, responses read 'no_sheet' rather than failed. */
  sheetLinked: boolean;
}

export interface PageRequest extends ResponseFilters {
  limit: number;
  cursor?: string | undefined;
}

export interface ResponseReaderDeps {
  pages: ResponsePagesRepository;
  cursors: CursorCodec;
  /** SHEET_SYNC_TIMEZONE: {{date}} and {{Timestamp}} are written in it. */
  timeZone: string;
  /** Templates are filled on the HTML worker threads. */
  html: Pick<HtmlWork, 'fillPage'>;
  now?: () => Date;
}

/**
 * Reading responses of a form whose ownership the caller has checked (every query checks it again):
 * pages with their filled templates, the newest page of the form detail, one response, and batches for
 * the export. Shared by the forms module (GET /forms/{formId}) and the responses routes.
 */
export function createResponseReader(deps: ResponseReaderDeps) {
  const now = deps.now ?? (() => new Date());
  const totals = createResponseTotals({ pages: deps.pages, now });

  /** Unfiltered totals come from the kept count (response-totals.ts); a filtered one is counted. */
  function count(ownerId: string, formRowId: string, filters: ResponseFilters): Promise<number> {
    const filtered = filters.q || filters.from !== undefined || filters.to !== undefined;
    return filtered ? deps.pages.count(ownerId, formRowId, filters) : totals.total(ownerId, formRowId);
  }

  /**
   * The rows with their filled templates (formResponseWithTemplate, spec 001 section 3), as many as fit
   * in the page's template budget: the items may be fewer than the rows, never fewer than one.
   */
  async function toItems(
    ownerId: string,
    rows: ResponseRow[],
    form: FormForResponses,
    templates: readonly FormTemplate[],
  ): Promise<ResponseItem[]> {
    if (templates.length === 0) return rows.map((row) => toResponseItem(row, [], form.sheetLinked));
    const options = { now: now(), timeZone: deps.timeZone };
    const values = rows.map((row) => templateValuesFor(form.fields, toResponseForTemplate(row), options));
    const toFill = templates.map(({ id, name, content }) => ({ id, name, content }));
    const filled = await deps.html.fillPage(toFill, values, ownerId);
    return filled.map((entries, index) =>
      toResponseItem(rows[index] as ResponseRow, entries, form.sheetLinked),
    );
  }

  return {
    async page(
      ownerId: string,
      form: FormForResponses,
      templates: readonly FormTemplate[],
      request: PageRequest,
    ): Promise<ResponsesPage> {
      const after = request.cursor === undefined ? undefined : deps.cursors.decode(request.cursor);
      if (request.cursor !== undefined && !after)
        throw badRequest('BAD_CURSOR', RESPONSES_MESSAGES.badCursor);
      const filters = normaliseFilters(request);
      const limit = boundedPageSize(request.limit, templates);
      // One more than the page tells whether another page follows, without a second query.
      const [rows, total] = await Promise.all([
        deps.pages.page(ownerId, form.id, filters, after, limit + 1),
        count(ownerId, form.id, filters),
      ]);
      const items = await toItems(ownerId, rows.slice(0, limit), form, templates);
      // The next page starts after the last response shown: filling may have shown fewer than the limit.
      const last = rows[items.length - 1];
      return {
        items,
        nextCursor:
          rows.length > items.length && last
            ? deps.cursors.encode({ createdAt: last.created_at, id: last.id })
            : null,
        total,
      };
    },

    /** GET /forms/{formId}: the newest page only, and how many there are in all. */
    async newest(
      ownerId: string,
      form: FormForResponses,
      templates: readonly FormTemplate[],
    ): Promise<{ items: ResponseItem[]; total: number }> {
      const limit = boundedPageSize(RESPONSES_PAGE.detailLimit, templates);
      const [rows, total] = await Promise.all([
        deps.pages.page(ownerId, form.id, {}, undefined, limit),
        count(ownerId, form.id, {}),
      ]);
      return { items: await toItems(ownerId, rows, form, templates), total };
    },

    async findOne(ownerId: string, formRowId: string, responseId: string): Promise<ResponseRow | undefined> {
      return deps.pages.findById(ownerId, formRowId, responseId);
    },

    /** The labels the matching responses hold answers under, the newest response's first. */
    async answerLabels(ownerId: string, formRowId: string, filters: ResponseFilters): Promise<string[]> {
      return deps.pages.answerLabels(ownerId, formRowId, normaliseFilters(filters));
    },

    /** Whether some matching response names its respondent. */
    async hasRespondent(ownerId: string, formRowId: string, filters: ResponseFilters): Promise<boolean> {
      return deps.pages.hasRespondent(ownerId, formRowId, normaliseFilters(filters));
    },

    /**
     * Every matching response, newest first, in batches read one at a time by keyset: memory holds one
     * batch, however many responses there are. The consumer's pace sets the reading pace.
     */
    async *batches(
      ownerId: string,
      formRowId: string,
      filters: ResponseFilters,
      batchSize = EXPORT_BATCH_SIZE,
    ): AsyncGenerator<ResponseRow[]> {
      const normalised = normaliseFilters(filters);
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await deps.pages.page(ownerId, formRowId, normalised, after, batchSize);
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (rows.length < batchSize || !last) return;
        after = { createdAt: last.created_at, id: last.id };
      }
    },
  };
}

export type ResponseReader = ReturnType<typeof createResponseReader>;

export const EXPORT_BATCH_SIZE = 500;

/** The first and last instants created_at's text can hold: toISOString's four-digit years, 0000 to 9999. */
const EARLIEST_STORED = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST_STORED = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A bound as created_at is stored: UTC text, compared as text. A valid bound's offset can carry it out of
 * the four-digit years (9999-12-31T23:59:59-14:00 is in year 10000, which toISOString writes as
 * '+010000-...', text that sorts before every stored time, so `to` matched nothing). It is clamped to the
 * stored range instead: every stored time is inside it, so each one compares as with the bound itself.
 */
function storedInstant(instant: string): string {
  return new Date(Math.min(Math.max(Date.parse(instant), EARLIEST_STORED), LATEST_STORED)).toISOString();
}

/** Instants arrive with any offset; created_at is stored as UTC text, so bounds are compared as such. */
function normaliseFilters(filters: ResponseFilters): ResponseFilters {
  return {
    q: filters.q ? filters.q : undefined,
    from: filters.from === undefined ? undefined : storedInstant(filters.from),
    to: filters.to === undefined ? undefined : storedInstant(filters.to),
  };
}

import { z } from 'zod';
import { a1Range } from './a1-notation.js';
import { GoogleApiError, type GoogleRequestTarget } from './google-api-error.js';
import { type FetchFn, googleJson } from './google-http.js';
import type { AccessTokenSource } from './service-account.js';

/** How the server authenticates to Google. */
export interface GoogleCredentials {
  /** Reads link-shared spreadsheets only (Google refuses writes with a key). */
  apiKey?: string | undefined;
  /** Reads and writes whatever is shared with the service account. */
  serviceAccount?: AccessTokenSource | undefined;
}

export interface SheetsClientOptions {
  /** https://sheets.googleapis.com, or the emulator's `{origin}/__google`. */
  sheetsApiUrl: string;
  credentials: GoogleCredentials;
  timeoutMs: number;
  fetch?: FetchFn;
}

export interface SpreadsheetSheet {
  sheetId: number;
  title: string;
  index: number;
}

/** A sheet with its grid size; chart sheets (sheetType OBJECT) have no grid and answer 0 × 0. */
export interface SpreadsheetSheetWithGrid extends SpreadsheetSheet {
  rowCount: number;
  columnCount: number;
}

export interface Spreadsheet {
  spreadsheetId: string;
  title: string;
  sheets: SpreadsheetSheetWithGrid[];
}

/** A block of cells as Google's FORMATTED_VALUE renders them: always strings, trailing blanks dropped. */
export interface ValueRange {
  range: string;
  values: string[][];
}

export type CellInput = string | number | boolean;

/**
 * A data validation rule as Google describes it (DataValidationRule): the condition's type is kept as
 * a string, because Google adds kinds and an unknown one must read as "a rule the form cannot check".
 */
export interface CellRule {
  type: string;
  values: { userEnteredValue?: string | undefined; relativeDate?: string | undefined }[];
}

/** One cell of a grid read: its formatted text ('' when blank) and its validation rule, if any. */
export interface GridCell {
  value: string;
  rule?: CellRule | undefined;
}

/** Cells of one range with their rules, and the spreadsheet's locale (how its dates are written). */
export interface GridWithRules {
  /** e.g. 'en_US'; undefined when Google leaves it out. */
  locale: string | undefined;
  /** Rows from the range's first row, each from its first column; trailing cells may be missing. */
  rows: GridCell[][];
}

export interface UpdateResult {
  /** The A1 range Google wrote, e.g. `'Responses'!A42:F42`. */
  updatedRange: string;
  updatedRows: number;
}

/** Spreadsheet ids are letters, digits, `-` and `_`; anything else never reaches Google's path. */
const SPREADSHEET_ID = /^[A-Za-z0-9_-]{1,200}$/;

const SPREADSHEET_FIELDS =
  'spreadsheetId,properties.title,sheets.properties(sheetId,title,index,sheetType,gridProperties(rowCount,columnCount))';

const SpreadsheetReplySchema = z.object({
  spreadsheetId: z.string(),
  properties: z.object({ title: z.string() }),
  sheets: z
    .array(
      z.object({
        properties: z.object({
          sheetId: z.number().int(),
          title: z.string(),
          index: z.number().int().default(0),
          sheetType: z.string().default('GRID'),
          gridProperties: z
            .object({ rowCount: z.number().int().default(0), columnCount: z.number().int().default(0) })
            .default({ rowCount: 0, columnCount: 0 }),
        }),
      }),
    )
    .default([]),
});

/** Only what the preview's type suggestions read: each cell's text and rule, no formats or notes. */
const GRID_RULES_FIELDS = 'properties.locale,sheets.data.rowData.values(formattedValue,dataValidation)';

const GridReplySchema = z.object({
  properties: z.object({ locale: z.string().optional() }).default({}),
  sheets: z
    .array(
      z.object({
        data: z
          .array(
            z.object({
              rowData: z
                .array(
                  z.object({
                    values: z
                      .array(
                        z.object({
                          formattedValue: z.string().default(''),
                          dataValidation: z
                            .object({
                              condition: z.object({
                                type: z.string(),
                                values: z
                                  .array(
                                    z.object({
                                      userEnteredValue: z.string().optional(),
                                      relativeDate: z.string().optional(),
                                    }),
                                  )
                                  .default([]),
                              }),
                            })
                            .optional(),
                        }),
                      )
                      .default([]),
                  }),
                )
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const Cell = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((v) => (v === null ? '' : String(v)));
const ValueRangeReplySchema = z.object({
  range: z.string().default(''),
  // Google leaves `values` out entirely when the range is empty.
  values: z.array(z.array(Cell)).default([]),
});
const BatchGetReplySchema = z.object({ valueRanges: z.array(ValueRangeReplySchema).default([]) });
const UpdateReplySchema = z.object({
  updatedRange: z.string(),
  updatedRows: z.number().int().default(0),
});
const AppendReplySchema = z.object({ updates: UpdateReplySchema });
const BatchUpdateReplySchema = z.object({ replies: z.array(z.unknown()).default([]) });
const AddSheetReplySchema = z.object({
  replies: z
    .array(
      z.object({
        addSheet: z
          .object({
            properties: z.object({
              sheetId: z.number().int(),
              title: z.string(),
              index: z.number().int().default(0),
            }),
          })
          .optional(),
      }),
    )
    .min(1),
});

/**
 * A thin typed client for Sheets API v4 over fetch. The same code talks to Google and to the emulator:
 * only the base URL and the credentials differ.
 *
 * Credentials: every write uses the service account. Reads use the service account when one is
 * configured and the API key otherwise (decision 0007), so one rule covers private and link-shared sheets.
 */
export function createSheetsClient(options: SheetsClientOptions) {
  const base = options.sheetsApiUrl.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? fetch;
  const { apiKey, serviceAccount } = options.credentials;

  function spreadsheetUrl(spreadsheetId: string, suffix = '') {
    if (!SPREADSHEET_ID.test(spreadsheetId)) {
      throw new GoogleApiError('INVALID_URL', 'Not a Google spreadsheet id');
    }
    return new URL(`${base}/v4/spreadsheets/${spreadsheetId}${suffix}`);
  }

  async function call<T>(
    access: 'read' | 'write',
    target: GoogleRequestTarget,
    url: URL,
    schema: z.ZodType<T>,
    init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; maxBytes?: number | undefined } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (serviceAccount) {
      headers.authorization = `Bearer ${await serviceAccount.getAccessToken()}`;
    } else if (access === 'read' && apiKey) {
      url.searchParams.set('key', apiKey);
    } else {
      throw new GoogleApiError(
        'UNAVAILABLE',
        access === 'write'
          ? 'Writing to Google Sheets needs a service account (GOOGLE_SERVICE_ACCOUNT_FILE or GOOGLE_SERVICE_ACCOUNT_JSON)'
          : 'Reading Google Sheets needs GOOGLE_API_KEY or a service account',
      );
    }
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let body: unknown;
    try {
      body = await googleJson({
        url,
        target,
        headers,
        timeoutMs: options.timeoutMs,
        fetch: fetchFn,
        ...(init.method ? { method: init.method } : {}),
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        ...(init.maxBytes !== undefined ? { maxBytes: init.maxBytes } : {}),
      });
    } catch (error) {
      // A 401 means the cached token is dead (revoked key, clock skew): the next call fetches a new one.
      if (error instanceof GoogleApiError && error.httpStatus === 401) serviceAccount?.invalidate();
      throw error;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new GoogleApiError('UNAVAILABLE', `Google's reply to ${url.pathname} has an unexpected shape`);
    }
    return parsed.data;
  }

  return {
    /** Title and grid sheets (tabs) with their grid sizes, through a field mask: no cell data. */
    async getSpreadsheet(spreadsheetId: string): Promise<Spreadsheet> {
      const url = spreadsheetUrl(spreadsheetId);
      url.searchParams.set('fields', SPREADSHEET_FIELDS);
      const reply = await call('read', 'spreadsheet', url, SpreadsheetReplySchema);
      return {
        spreadsheetId: reply.spreadsheetId,
        title: reply.properties.title,
        // Chart sheets (OBJECT) and data-source sheets hold no cells: never offered, bound or written.
        sheets: reply.sheets
          .filter(({ properties }) => properties.sheetType === 'GRID')
          .map(({ properties: { gridProperties, sheetType: _type, ...sheet } }) => ({
            ...sheet,
            ...gridProperties,
          }))
          .sort((a, b) => a.index - b.index),
      };
    },

    /**
     * One A1 range, e.g. a1Range('Sheet1', 'A1:C6'). With `maxBytes`, a reply body longer than that is
     * not read: GoogleReplyTooLargeError.
     */
    async getValues(
      spreadsheetId: string,
      range: string,
      options: { maxBytes?: number | undefined } = {},
    ): Promise<ValueRange> {
      const url = spreadsheetUrl(spreadsheetId, `/values/${encodeURIComponent(range)}`);
      url.searchParams.set('majorDimension', 'ROWS');
      return call('read', 'range', url, ValueRangeReplySchema, { maxBytes: options.maxBytes });
    },

    /** Several ranges in one read request; answers them in the order asked. */
    async batchGetValues(spreadsheetId: string, ranges: string[]): Promise<ValueRange[]> {
      const url = spreadsheetUrl(spreadsheetId, '/values:batchGet');
      for (const range of ranges) url.searchParams.append('ranges', range);
      url.searchParams.set('majorDimension', 'ROWS');
      const reply = await call('read', 'range', url, BatchGetReplySchema);
      return reply.valueRanges;
    },

    /**
     * The formatted values and data validation rules of one range (spreadsheets.get with grid data,
     * through a field mask that leaves out every other cell property). Keep the range small: Google
     * answers every cell of it.
     */
    async getGridWithRules(spreadsheetId: string, range: string): Promise<GridWithRules> {
      const url = spreadsheetUrl(spreadsheetId);
      url.searchParams.set('ranges', range);
      url.searchParams.set('includeGridData', 'true');
      url.searchParams.set('fields', GRID_RULES_FIELDS);
      const reply = await call('read', 'range', url, GridReplySchema);
      const rowData = reply.sheets[0]?.data[0]?.rowData ?? [];
      return {
        locale: reply.properties.locale,
        rows: rowData.map((row) =>
          row.values.map(({ formattedValue, dataValidation }) => ({
            value: formattedValue,
            ...(dataValidation ? { rule: dataValidation.condition } : {}),
          })),
        ),
      };
    },

    /**
     * Appends rows below the table anchored at A1 of the sheet, inserting rows (never overwriting).
     * RAW keeps every value as typed: '=1+1' stays text, so answers cannot inject formulas.
     */
    async appendValues(
      spreadsheetId: string,
      sheetTitle: string,
      rows: CellInput[][],
    ): Promise<UpdateResult> {
      const range = a1Range(sheetTitle, 'A1');
      const url = spreadsheetUrl(spreadsheetId, `/values/${encodeURIComponent(range)}:append`);
      url.searchParams.set('valueInputOption', 'RAW');
      url.searchParams.set('insertDataOption', 'INSERT_ROWS');
      url.searchParams.set('includeValuesInResponse', 'false');
      const reply = await call('write', 'range-write', url, AppendReplySchema, {
        method: 'POST',
        body: { range, majorDimension: 'ROWS', values: rows },
      });
      return reply.updates;
    },

    /** Overwrites an explicit range with RAW values. */
    async updateValues(spreadsheetId: string, range: string, rows: CellInput[][]): Promise<UpdateResult> {
      const url = spreadsheetUrl(spreadsheetId, `/values/${encodeURIComponent(range)}`);
      url.searchParams.set('valueInputOption', 'RAW');
      return call('write', 'range-write', url, UpdateReplySchema, {
        method: 'PUT',
        body: { range, majorDimension: 'ROWS', values: rows },
      });
    },

    /** Adds a sheet (tab) through batchUpdate. A duplicate title answers INVALID_REQUEST. */
    async addSheet(spreadsheetId: string, title: string): Promise<SpreadsheetSheet> {
      const url = spreadsheetUrl(spreadsheetId, ':batchUpdate');
      const reply = await call('write', 'batch-update', url, AddSheetReplySchema, {
        method: 'POST',
        body: { requests: [{ addSheet: { properties: { title } } }] },
      });
      const added = reply.replies[0]?.addSheet?.properties;
      if (!added) throw new GoogleApiError('UNAVAILABLE', 'Google did not describe the added sheet');
      return added;
    },

    /**
     * Adds empty rows or columns at the end of a sheet's grid (batchUpdate appendDimension). values.update
     * refuses cells past the grid ("exceeds grid limits"), so a header that grows wider needs this first.
     */
    async appendDimension(
      spreadsheetId: string,
      sheetId: number,
      dimension: 'ROWS' | 'COLUMNS',
      length: number,
    ): Promise<void> {
      const url = spreadsheetUrl(spreadsheetId, ':batchUpdate');
      await call('write', 'batch-update', url, BatchUpdateReplySchema, {
        method: 'POST',
        body: { requests: [{ appendDimension: { sheetId, dimension, length } }] },
      });
    },
  };
}

export type SheetsClient = ReturnType<typeof createSheetsClient>;

import { RESPONSES_MESSAGES } from '@sheetforms/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm, insertResponse, strictlyIncreasingClock } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { EXPORT_OTHER_LABEL_COLUMNS } from './response-export.js';

const DOC_URL = 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit';
const JDATA = [
  { label: 'Full Name', type: 'text', required: true },
  { label: 'Old', type: 'text', isRemoved: true },
  { label: 'Notes', type: 'textarea' },
];

type Item = {
  id: string;
  createdAt: string;
  response: Record<string, string>;
  formResponseWithTemplate: any[];
};

describeEachDialect('responses API', (dialect) => {
  let t: TestApp;
  let owner: string;
  let intruder: string;

  const api = (path: string, token?: string) => t.request('GET', `/api/v1${path}`, token ? { token } : {});
  const raw = (path: string, token: string) =>
    fetch(`${t.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const newForm = (name = 'Survey') => createForm(t, owner, { name, jdata: JDATA });

  /** Follows nextCursor to the end; answers the ids in the order the pages gave them. */
  async function walk(formId: string, query: string, limit: number) {
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const cursorQuery: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await api(`/forms/${formId}/responses?limit=${limit}${query}${cursorQuery}`, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.items.length).toBeLessThanOrEqual(limit);
      ids.push(...res.body.data.items.map((item: Item) => item.id));
      totals.add(res.body.data.total);
      cursor = res.body.data.nextCursor;
      if (!cursor) return { ids, totals: [...totals] };
    }
    throw new Error('the cursor never ended');
  }

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { PUBLIC_URL: 'https://forms.example.com' },
      { now: strictlyIncreasingClock() },
    );
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    intruder = (await t.signIn('intruder@example.com', 'Intruder')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('pages', () => {
    let form: { id: string; formId: string };
    const expected: Array<{ id: string; createdAt: string; name: string }> = [];

    beforeAll(async () => {
      form = await newForm();
      // 23 responses over 8 instants: several share a created_at, so order falls back to the id.
      for (let i = 0; i < 23; i++) {
        const createdAt = new Date(Date.UTC(2026, 0, 1 + (i % 8), 12)).toISOString();
        const name = i % 5 === 0 ? `Ada ${i}` : `Grace ${i}`;
        const id = await insertResponse(t.database, form.id, createdAt, {
          'Full Name': name,
          Notes: `note ${i}`,
        });
        expected.push({ id, createdAt, name });
      }
      expected.sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
      );
    });

    it('walks every response once, newest first, with ties broken by id, whatever the page size', async () => {
      for (const limit of [1, 4, 5, 23, 50]) {
        const { ids, totals } = await walk(form.formId, '', limit);
        expect(ids, `limit ${limit}`).toEqual(expected.map((e) => e.id));
        expect(totals).toEqual([23]);
      }
    });

    it('answers the page shape with the default limit', async () => {
      const res = await api(`/forms/${form.formId}/responses`, owner);
      expect(res.status).toBe(200);
      expect(res.body.data.nextCursor).toBeNull();
      expect(res.body.data.total).toBe(23);
      expect(res.body.data.items[0]).toEqual({
        id: expected[0]?.id,
        response: { 'Full Name': expected[0]?.name, Notes: expect.any(String) },
        createdAt: expected[0]?.createdAt,
        respondent: null,
        syncState: 'pending',
        syncError: null,
        formResponseWithTemplate: [],
        deliveries: [],
      });
    });

    it('filters by answers (case-insensitive substring) and by created time (inclusive), counting the matches', async () => {
      const ada = expected.filter((e) => e.name.startsWith('Ada'));
      const byQ = await walk(form.formId, '&q=aDa', 2);
      expect(byQ.ids).toEqual(ada.map((e) => e.id));
      expect(byQ.totals).toEqual([ada.length]);

      const from = '2026-01-03T12:00:00.000Z';
      const to = '2026-01-05T12:00:00Z';
      const inRange = expected.filter(
        (e) => e.createdAt >= from && e.createdAt <= '2026-01-05T12:00:00.000Z',
      );
      const byDate = await walk(
        form.formId,
        `&from=${from}&to=${encodeURIComponent('2026-01-05T13:00:00+01:00')}`,
        3,
      );
      expect(byDate.ids).toEqual(inRange.map((e) => e.id));
      expect(byDate.totals).toEqual([inRange.length]);
      expect(inRange.length).toBeGreaterThan(3);
      expect(to).toBeTruthy();

      const both = await walk(form.formId, `&q=grace&from=${from}&to=${encodeURIComponent(to)}`, 50);
      expect(both.ids).toEqual(inRange.filter((e) => e.name.startsWith('Grace')).map((e) => e.id));

      const none = await api(`/forms/${form.formId}/responses?q=nobody`, owner);
      expect(none.body.data).toEqual({ items: [], nextCursor: null, total: 0 });
    });

    it('takes bounds whose offset carries them past year 9999 or before year 0000', async () => {
      const all = expected.map((e) => e.id);
      const cases: Array<[string, string[]]> = [
        // Year 10000 in UTC: every response is before it, none after it.
        ['&to=9999-12-31T23:59:59-14:00', all],
        ['&from=9999-12-31T23:59:59-14:00', []],
        // Before year 0000 in UTC: every response is after it, none before it.
        ['&from=0000-01-01T00:00:00%2B14:00', all],
        ['&to=0000-01-01T00:00:00%2B14:00', []],
        ['&from=0000-01-01T00:00:00%2B14:00&to=9999-12-31T23:59:59-14:00', all],
      ];
      for (const [query, ids] of cases) {
        const page = await walk(form.formId, query, 50);
        expect(page.ids, query).toEqual(ids);
        expect(page.totals, query).toEqual([ids.length]);
      }
      const csv = await raw(
        `/forms/${form.formId}/responses/export?format=csv&to=9999-12-31T23:59:59-14:00`,
        owner,
      );
      expect(csv.status).toBe(200);
      expect((await csv.text()).trim().split('\r\n')).toHaveLength(all.length + 1);
    });

    it('matches %, _, quotes and backslashes literally', async () => {
      const f = await newForm('Literal');
      const special = await insertResponse(t.database, f.id, '2026-02-01T00:00:00.000Z', {
        'Full Name': '100% "sure" a_b c\\d',
      });
      await insertResponse(t.database, f.id, '2026-02-02T00:00:00.000Z', { 'Full Name': '100 percent, axb' });
      for (const q of ['100%', 'a_b', '"sure"', 'c\\d', '% "SURE" A_B']) {
        const res = await api(`/forms/${f.formId}/responses?q=${encodeURIComponent(q)}`, owner);
        expect(
          res.body.data.items.map((i: Item) => i.id),
          q,
        ).toEqual([special]);
      }
    });

    it('matches answer values only, never field labels or JSON punctuation, and counts only those', async () => {
      const f = await newForm('Labels');
      const plain = await insertResponse(t.database, f.id, '2026-02-03T00:00:00.000Z', {
        'Full Name': 'Ada',
        Notes: 'likes tea',
      });
      const holdsEmail = await insertResponse(t.database, f.id, '2026-02-04T00:00:00.000Z', {
        'Full Name': 'Grace',
        Notes: 'my EMAIL is {grace: yes}',
      });
      for (const q of ['Full Name', 'Notes', 'full', '":"', '","']) {
        const res = await api(`/forms/${f.formId}/responses?q=${encodeURIComponent(q)}`, owner);
        expect(res.body.data, q).toEqual({ items: [], nextCursor: null, total: 0 });
      }
      for (const q of ['email', '{', ':', 'EMAIL IS {GRACE']) {
        const res = await api(`/forms/${f.formId}/responses?q=${encodeURIComponent(q)}`, owner);
        expect(
          res.body.data.items.map((i: Item) => i.id),
          q,
        ).toEqual([holdsEmail]);
        expect(res.body.data.total, q).toBe(1);
      }
      const tea = await api(`/forms/${f.formId}/responses?q=TEA`, owner);
      expect(tea.body.data.items.map((i: Item) => i.id)).toEqual([plain]);
      expect(tea.body.data.total).toBe(1);
      // The export's filtered download follows the same rule.
      const csv = await (await raw(`/forms/${f.formId}/responses/export?format=csv&q=Notes`, owner)).text();
      expect(csv.split('\r\n')).toHaveLength(2);
      const braces = await (await raw(`/forms/${f.formId}/responses/export?format=csv&q=%7B`, owner)).text();
      expect(braces.split('\r\n')[1]).toContain(holdsEmail);
      expect(braces.split('\r\n')).toHaveLength(3);
    });

    it('refuses a tampered or malformed cursor with 400', async () => {
      const first = await api(`/forms/${form.formId}/responses?limit=2`, owner);
      const cursor: string = first.body.data.nextCursor;
      const [payload, mac] = cursor.split('.');
      const forged = Buffer.from(JSON.stringify({ c: '2099-01-01T00:00:00.000Z', i: 'x' })).toString(
        'base64url',
      );
      for (const bad of [`${forged}.${mac}`, `${payload}.${mac?.slice(0, -1)}`, 'garbage', `${payload}`]) {
        const res = await api(`/forms/${form.formId}/responses?cursor=${encodeURIComponent(bad)}`, owner);
        expect(res.status, bad).toBe(400);
        expect(res.body).toMatchObject({ code: 'BAD_CURSOR', detail: RESPONSES_MESSAGES.badCursor });
      }
      for (const query of ['limit=0', 'limit=201', 'limit=abc', 'from=yesterday', 'unknown=1']) {
        expect((await api(`/forms/${form.formId}/responses?${query}`, owner)).status, query).toBe(400);
      }
    });
  });

  it('fills every template with each response: escaped answers, the Response ID and the signature', async () => {
    const form = await newForm('Templated');
    const id = await insertResponse(t.database, form.id, '2026-03-04T05:06:00.000Z', {
      'Full Name': '<b>Ada</b> & co',
    });
    const signature = 'https://forms.example.com/api/v1/uploads/signatures/abc.png';
    await t.database.db
      .updateTable('responses')
      .set({ signature_url: signature })
      .where('id', '=', id)
      .execute();
    const loginId = await insertResponse(t.database, form.id, '2026-03-04T05:07:00.000Z', {
      'Full Name': 'Bo',
    });
    await t.database.db
      .updateTable('responses')
      .set({ respondent_email: 'bo@example.com' })
      .where('id', '=', loginId)
      .execute();
    const added = await t.request('POST', `/api/v1/forms/${form.formId}/templates`, {
      token: owner,
      body: {
        name: 'Certificate',
        googleDocsUrl: DOC_URL,
        content:
          '<p>{{Full Name}}|{{Notes}}|{{Response ID}}|{{Timestamp}}|{{Respondent}}|{{Signature}}|{{Nope}}</p>',
      },
    });
    expect(added.status).toBe(201);

    const res = await api(`/forms/${form.formId}/responses`, owner);
    // Newest first: the login response, then Ada's.
    expect(res.body.data.items[0].formResponseWithTemplate[0].contentWithUserResponse).toBe(
      `<p>Bo||${loginId}|03/04/2026, 05:07 AM|bo@example.com||{{Nope}}</p>`,
    );
    const item = res.body.data.items[1];
    expect(item.response).toEqual({ 'Full Name': '<b>Ada</b> & co', signature });
    expect(item.formResponseWithTemplate).toEqual([
      {
        templateId: added.body.data.id,
        name: 'Certificate',
        content: added.body.data.content,
        contentWithUserResponse: `<p>&lt;b&gt;Ada&lt;/b&gt; &amp; co||${id}|03/04/2026, 05:06 AM||<img src="${signature}" alt="Signature" style="max-width:100%;height:auto">|{{Nope}}</p>`,
      },
    ]);
    const detail = await api(`/forms/${form.formId}`, owner);
    // The detail carries no deliveries (the Responses page's list does).
    expect(detail.body.data.formResponse).toEqual(
      res.body.data.items.map(({ deliveries: _deliveries, ...item }: { deliveries?: unknown }) => item),
    );
  });

  it('makes pages smaller when templates are large, keeping a page under about 4 MB', async () => {
    const form = await newForm('Big templates');
    for (let i = 0; i < 6; i++) await insertResponse(t.database, form.id, `2026-04-0${i + 1}T00:00:00.000Z`);
    const content = `<p>{{Full Name}} ${'x'.repeat(900 * 1024)}</p>`;
    const added = await t.request('POST', `/api/v1/forms/${form.formId}/templates`, {
      token: owner,
      body: { name: 'Big', googleDocsUrl: DOC_URL, content },
    });
    expect(added.status).toBe(201);
    const res = await api(`/forms/${form.formId}/responses?limit=50`, owner);
    expect(res.body.data.items).toHaveLength(2);
    expect(res.body.data.total).toBe(6);
    const { ids } = await walk(form.formId, '', 50);
    expect(new Set(ids).size).toBe(6);
  });

  it('GET /forms/{formId} carries only the newest 50 responses and the total', async () => {
    const form = await newForm('Many');
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: `r-${String(i).padStart(3, '0')}`,
      form_id: form.id,
      answers_json: JSON.stringify({ 'Full Name': `P${i}` }),
      signature_url: null,
      respondent_id: null,
      respondent_email: null,
      consent: null,
      idempotency_key: null,
      created_at: new Date(Date.UTC(2026, 4, 1, 0, i)).toISOString(),
      last_error: null,
      synced_at: null,
      claimed_until: null,
    }));
    await t.database.db.insertInto('responses').values(rows).execute();
    const res = await api(`/forms/${form.formId}`, owner);
    expect(res.body.data.responseCount).toBe(60);
    expect(res.body.data.formResponse).toHaveLength(50);
    expect(res.body.data.formResponse[0].id).toBe('r-059');
    expect(res.body.data.formResponse[49].id).toBe('r-010');
  });

  describe('export', () => {
    let form: { id: string; formId: string };
    let ids: string[];

    beforeAll(async () => {
      form = await createForm(t, owner, { name: 'Café survey', jdata: JDATA });
      ids = [
        await insertResponse(t.database, form.id, '2026-06-01T10:00:00.000Z', {
          'Full Name': '=HYPERLINK("http://evil.example")',
          Old: 'hidden',
          Notes: 'line one\nline "two", three',
        }),
        await insertResponse(t.database, form.id, '2026-06-02T10:00:00.000Z', {
          'Full Name': 'Zoë',
          Notes: '-5',
        }),
        // Excel in a semicolon locale would split a bare `Ada;=1+1` and run `=1+1`.
        await insertResponse(t.database, form.id, '2026-06-03T10:00:00.000Z', { 'Full Name': 'Ada;=1+1' }),
      ];
      await t.database.db
        .updateTable('responses')
        .set({ signature_url: 'https://forms.example.com/s.png', sync_state: 'failed', last_error: 'x' })
        .where('id', '=', ids[1] ?? '')
        .execute();
    });

    it('streams CSV: BOM, header, newest first, guarded cells, every field quoted, attachment name', async () => {
      const res = await raw(`/forms/${form.formId}/responses/export?format=csv`, owner);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Cafe survey-responses.csv"; filename*=UTF-8''Caf%C3%A9%20survey-responses.csv`,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      expect(text).toBe(
        [
          // 'Old' is a removed field: its answer is kept in a column after the current fields.
          '"No.","Timestamp (UTC)","Timestamp (ISO 8601, UTC)","Response ID","Full Name","Notes","Old","Signature","Sync state"',
          `"1","2026-06-03 10:00:00","2026-06-03T10:00:00.000Z","${ids[2]}","Ada;=1+1","","","","Pending"`,
          `"2","2026-06-02 10:00:00","2026-06-02T10:00:00.000Z","${ids[1]}","Zoë","'-5","","https://forms.example.com/s.png","Failed"`,
          `"3","2026-06-01 10:00:00","2026-06-01T10:00:00.000Z","${ids[0]}","'=HYPERLINK(""http://evil.example"")","line one\nline ""two"", three","hidden","","Pending"`,
          '',
        ].join('\r\n'),
      );
    });

    it('exports only the filtered responses', async () => {
      const res = await raw(`/forms/${form.formId}/responses/export?format=csv&q=zO%C3%AB`, owner);
      const lines = (await res.text()).split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(ids[1]);
      const dated = await raw(
        `/forms/${form.formId}/responses/export?format=csv&from=2026-06-02T00:00:00Z&to=2026-06-02T23:59:59Z`,
        owner,
      );
      expect((await dated.text()).split('\r\n')[1]).toMatch(/^"1","2026-06-02 10:00:00","2026-06-02T10/);
    });

    it('streams XLSX that reads back with the same rows (strings never become formulas)', async () => {
      const res = await raw(`/forms/${form.formId}/responses/export?format=xlsx`, owner);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''Caf%C3%A9%20survey-responses.xlsx`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      expect(sheet.name).toBe('Café survey');
      const values = (n: number) =>
        // Empty cells are holes in exceljs's array.
        Array.from((sheet.getRow(n).values as unknown[]).slice(1), (cell) => cell ?? '');
      expect(values(1)).toEqual([
        'No.',
        'Timestamp (UTC)',
        'Timestamp (ISO 8601, UTC)',
        'Response ID',
        'Full Name',
        'Notes',
        'Old',
        'Signature',
        'Sync state',
      ]);
      expect(values(2)).toEqual([
        '1',
        '2026-06-03 10:00:00',
        '2026-06-03T10:00:00.000Z',
        ids[2],
        'Ada;=1+1',
        '',
        '',
        '',
        'Pending',
      ]);
      expect(values(4)).toEqual([
        '3',
        '2026-06-01 10:00:00',
        '2026-06-01T10:00:00.000Z',
        ids[0],
        '=HYPERLINK("http://evil.example")',
        'line one\nline "two", three',
        'hidden',
        '',
        'Pending',
      ]);
      expect(sheet.getRow(4).getCell(5).type).toBe(ExcelJS.ValueType.String);
      expect(sheet.rowCount).toBe(4);
    });

    it('leaves out the characters XML 1.0 forbids, so the XLSX stays well-formed and the CSV matches it', async () => {
      // Each half of a surrogate pair alone in a label (a form's fields are stored as JSON text on both
      // databases); U+FFFE, U+FFFF and C0 controls in the name, a label and an answer. Tab, LF and CR stay.
      // The API refuses unpaired surrogates now, so the labels are written as a form stored before that
      // would hold them: straight into its row.
      const odd = await createForm(t, owner, {
        name: 'Odd\uFFFE characters',
        jdata: [
          { label: 'Note\u0001', type: 'text' },
          { label: 'Half pair', type: 'text' },
        ],
      });
      const stored = await t.database.db
        .selectFrom('forms')
        .select('fields_json')
        .where('id', '=', odd.id)
        .executeTakeFirstOrThrow();
      const fields = JSON.parse(stored.fields_json) as Array<{ label: string }>;
      for (const field of fields) if (field.label === 'Half pair') field.label = 'Half\uD800 pair\uDC00';
      await t.database.db
        .updateTable('forms')
        .set({ fields_json: JSON.stringify(fields) })
        .where('id', '=', odd.id)
        .execute();
      const id = await insertResponse(t.database, odd.id, '2026-06-04T10:00:00.000Z', {
        'Note\u0001': 'a\uFFFEb\u0001c\u001Fd\uFFFFe\tf\ng\rh',
      });
      const res = await raw(`/forms/${odd.formId}/responses/export?format=xlsx`, owner);
      expect(res.status).toBe(200);
      // exceljs reads the sheet with a strict XML parser: a forbidden character is a parse error.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      expect(sheet.name).toBe('Odd characters');
      expect(sheet.getRow(1).getCell(5).value).toBe('Note');
      expect(sheet.getRow(1).getCell(6).value).toBe('Half pair');
      expect(sheet.getRow(2).getCell(4).value).toBe(id);
      // An XML parser reads a CR in text as LF (XML 1.0 section 2.11); the CSV keeps it.
      expect(sheet.getRow(2).getCell(5).value).toBe('abcde\tf\ng\nh');

      const csv = await (await raw(`/forms/${odd.formId}/responses/export?format=csv`, owner)).text();
      expect(csv).toContain('"Note","Half pair"');
      expect(csv).toContain('"abcde\tf\ng\rh"');
    });

    it('streams thousands of rows in batches, each once, in order', async () => {
      const big = await newForm('Big export');
      const count = 1234;
      const rows = Array.from({ length: count }, (_, i) => ({
        id: `e-${String(i).padStart(5, '0')}`,
        form_id: big.id,
        answers_json: JSON.stringify({ 'Full Name': `P${i}` }),
        signature_url: null,
        respondent_id: null,
        respondent_email: null,
        consent: null,
        idempotency_key: null,
        // Pairs share an instant, so batch boundaries fall inside ties too.
        created_at: new Date(Date.UTC(2026, 6, 1) + Math.floor(i / 2) * 1000).toISOString(),
        last_error: null,
        synced_at: null,
        claimed_until: null,
      }));
      for (let i = 0; i < rows.length; i += 200) {
        await t.database.db
          .insertInto('responses')
          .values(rows.slice(i, i + 200))
          .execute();
      }
      const csv = await (await raw(`/forms/${big.formId}/responses/export?format=csv`, owner)).text();
      const lines = csv.split('\r\n').slice(1, -1);
      expect(lines).toHaveLength(count);
      expect(lines.map((line) => line.split(',')[3])).toEqual(rows.map((r) => `"${r.id}"`).reverse());
      expect(lines.map((line) => line.split(',')[0])).toEqual(rows.map((_, i) => `"${i + 1}"`));
    });

    it('keeps answers under removed and renamed fields in columns after the current fields', async () => {
      const renamed = await createForm(t, owner, {
        name: 'Renamed',
        jdata: [
          { label: 'Email address', name: 'Email', type: 'email' },
          { label: 'Phone', type: 'text', isRemoved: true },
          { label: 'City', type: 'text' },
        ],
      });
      const older = await insertResponse(t.database, renamed.id, '2026-08-01T00:00:00.000Z', {
        Email: 'old@example.com',
        Phone: '555',
      });
      const middle = await insertResponse(t.database, renamed.id, '2026-08-02T00:00:00.000Z', {
        'E-mail': 'mid@example.com',
        City: 'Oslo',
      });
      const newest = await insertResponse(t.database, renamed.id, '2026-08-03T00:00:00.000Z', {
        'Email address': 'new@example.com',
      });
      const csv = await (await raw(`/forms/${renamed.formId}/responses/export?format=csv`, owner)).text();
      expect(csv.split('\r\n')).toEqual([
        // Current fields in form order, then stored labels, the newest response holding one first.
        '"No.","Timestamp (UTC)","Timestamp (ISO 8601, UTC)","Response ID","Email address","City","E-mail","Email","Phone","Signature","Sync state"',
        `"1","2026-08-03 00:00:00","2026-08-03T00:00:00.000Z","${newest}","new@example.com","","","","","","Pending"`,
        `"2","2026-08-02 00:00:00","2026-08-02T00:00:00.000Z","${middle}","","Oslo","mid@example.com","","","","Pending"`,
        `"3","2026-08-01 00:00:00","2026-08-01T00:00:00.000Z","${older}","","","","old@example.com","555","","Pending"`,
        '',
      ]);
      // A filtered export names only the labels its own rows hold.
      const filtered = await (
        await raw(`/forms/${renamed.formId}/responses/export?format=csv&q=new%40`, owner)
      ).text();
      expect(filtered.split('\r\n')[0]).toBe(
        '"No.","Timestamp (UTC)","Timestamp (ISO 8601, UTC)","Response ID","Email address","City","Signature","Sync state"',
      );
    });

    it('folds answers under other labels past the bound into one Other answers column, in CSV and XLSX alike', async () => {
      const many = await createForm(t, owner, {
        name: 'Many renames',
        jdata: [{ label: 'Name', type: 'text' }],
      });
      // 202 labels no current field has, all held by one response: ordered by label, the first 200 get
      // columns and the last two share the Other answers column.
      const old = Array.from(
        { length: EXPORT_OTHER_LABEL_COLUMNS + 2 },
        (_, i) => `Old ${String(i).padStart(3, '0')}`,
      );
      const older = await insertResponse(
        t.database,
        many.id,
        '2026-09-01T00:00:00.000Z',
        Object.fromEntries(old.map((label, i) => [label, `v${i}`])),
      );
      const newer = await insertResponse(t.database, many.id, '2026-09-02T00:00:00.000Z', { Name: 'Ada' });
      const header = [
        'No.',
        'Timestamp (UTC)',
        'Timestamp (ISO 8601, UTC)',
        'Response ID',
        'Name',
        ...old.slice(0, EXPORT_OTHER_LABEL_COLUMNS),
        'Other answers',
        'Signature',
        'Sync state',
      ];
      const olderRow = [
        '2',
        '2026-09-01 00:00:00',
        '2026-09-01T00:00:00.000Z',
        older,
        '',
        ...old.slice(0, EXPORT_OTHER_LABEL_COLUMNS).map((_, i) => `v${i}`),
        `Old 200: v200\nOld 201: v201`,
        '',
        'Pending',
      ];
      const newerRow = [
        '1',
        '2026-09-02 00:00:00',
        '2026-09-02T00:00:00.000Z',
        newer,
        'Ada',
        ...old.slice(0, EXPORT_OTHER_LABEL_COLUMNS).map(() => ''),
        '',
        '',
        'Pending',
      ];

      const csv = await (await raw(`/forms/${many.formId}/responses/export?format=csv`, owner)).text();
      // No cell here holds a quote or a comma: a record's cells are what lies between '","'.
      const records = csv.split('\r\n').map((line) => line.slice(1, -1).split('","'));
      expect(records).toEqual([header, newerRow, olderRow, ['']]);

      const res = await raw(`/forms/${many.formId}/responses/export?format=xlsx`, owner);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      const values = (n: number) =>
        Array.from({ length: header.length }, (_, i) => sheet.getRow(n).getCell(i + 1).value ?? '');
      expect([values(1), values(2), values(3)]).toEqual([header, newerRow, olderRow]);
      expect(sheet.rowCount).toBe(3);
    });

    it('refuses format=pdf and a missing format with 400', async () => {
      for (const query of ['format=pdf', '', 'format=CSV']) {
        const res = await api(`/forms/${form.formId}/responses/export?${query}`, owner);
        expect(res.status, query).toBe(400);
        expect(res.body.detail).toBe(RESPONSES_MESSAGES.badFormat);
      }
    });
  });

  it("answers 404 for another owner's form and 401 without a token", async () => {
    const form = await newForm('Private');
    await insertResponse(t.database, form.id, '2026-07-01T00:00:00.000Z');
    for (const path of [
      `/forms/${form.formId}/responses`,
      `/forms/${form.formId}/responses/export?format=csv`,
      `/forms/${form.formId}/responses/export?format=xlsx`,
    ]) {
      const theirs = await api(path, intruder);
      expect(theirs.status, path).toBe(404);
      expect(theirs.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Form not found' });
      expect((await api(path)).status, path).toBe(401);
    }
    expect((await api('/forms/NoSuchForm00/responses', owner)).status).toBe(404);
  });

  it('documents the endpoints in OpenAPI', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/forms/{formId}/responses',
        '/api/v1/forms/{formId}/responses/export',
        '/api/v1/forms/{formId}/templates',
        '/api/v1/forms/{formId}/templates/{templateId}',
      ]),
    );
    expect(Object.keys(res.body.components.schemas)).toEqual(
      expect.arrayContaining(['ResponsesPage', 'ResponseItem', 'TemplateEntry']),
    );
  });
});

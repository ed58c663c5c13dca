import { checkAnswer } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceAccountTokens } from '../../google/service-account.js';
import { createSheetsClient } from '../../google/sheets-client.js';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { stubWebDist } from '../../test/stub-web-dist.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The field types of issue 21 through the real routes: every answer message, answers keyed by id, the
 * no-JavaScript post of ticked boxes and Other, options read from a range of the form's spreadsheet, and
 * how the stored answers read back in the responses and the CSV export.
 */

function pageData(html: string): { nonce: string; view: Record<string, any> } {
  const match = /<script type="application\/json" id="sf-form-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inlined data');
  return JSON.parse(match[1]);
}

const TYPED_FIELDS = [
  { label: 'Full Name', type: 'text', required: true },
  { label: 'Email', type: 'email' },
  { label: 'Seats', type: 'number', min: 1, max: 10 },
  { label: 'Day', type: 'date', min: '2026-01-01', max: '2026-12-31' },
  { label: 'Start', type: 'time' },
  { label: 'Site', type: 'url' },
  { label: 'Phone', type: 'tel' },
  { label: 'Agree', type: 'checkbox' },
  { label: 'Plan', type: 'dropdown', options: ['Free', 'Pro'] },
  { label: 'Size', type: 'radio', options: ['S', 'M'], allowOther: true },
  { label: 'Topics', type: 'checkboxes', options: ['Design', 'Code', 'Ops'], allowOther: true },
];

describeEachDialect('choice fields and typed answers', (dialect) => {
  let t: TestApp;
  let owner: string;
  const ownerEmail = 'choices@example.com';
  /** The app's clock runs ahead of real time by this much (the options cache follows it). */
  let ahead = 0;
  const stored = async (responseId: string) =>
    JSON.parse(
      (
        await t.database.db
          .selectFrom('responses')
          .select('answers_json')
          .where('id', '=', responseId)
          .executeTakeFirstOrThrow()
      ).answers_json,
    );

  let webDist: ReturnType<typeof stubWebDist> | undefined;
  beforeAll(async () => {
    webDist = stubWebDist();
    t = await startTestApp(
      dialect,
      { SERVE_WEB: 'true', WEB_DIST_DIR: webDist.dir },
      { now: () => new Date(Date.now() + ahead) },
    );
    owner = (await t.signIn(ownerEmail, 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
    webDist?.remove();
  });

  describe('answers through POST /forms/{formId}/submit-form', () => {
    let formId: string;
    beforeAll(async () => {
      formId = (await createForm(t, owner, { jdata: TYPED_FIELDS })).formId;
    });

    const refusals: Array<[string, Record<string, string | string[]>, string]> = [
      ['Email', { Email: 'a@b' }, 'Email must be a valid email'],
      ['Seats', { Seats: 'many' }, 'Seats must be a number'],
      ['Seats', { Seats: '0' }, 'Seats must be at least 1'],
      ['Seats', { Seats: '11' }, 'Seats must be at most 10'],
      ['Seats', { Seats: ['2', '3'] }, 'Seats takes one answer'],
      ['Day', { Day: '2026-02-30' }, 'Day must be a valid date'],
      ['Day', { Day: '2025-12-31' }, 'Day must be on or after 2026-01-01'],
      ['Day', { Day: '2027-01-01' }, 'Day must be on or before 2026-12-31'],
      ['Start', { Start: '25:00' }, 'Start must be a valid time'],
      ['Site', { Site: 'ftp://example.com' }, 'Site must be a valid URL'],
      ['Phone', { Phone: '12' }, 'Phone must be a valid phone number'],
      ['Agree', { Agree: 'maybe' }, 'Agree must be checked or left unchecked'],
      ['Plan', { Plan: 'Gold' }, 'Plan must be one of the listed options'],
      ['Plan', { Plan: ['Free', 'Pro'] }, 'Plan takes one answer'],
      ['Size', { Size: ['S', 'M'] }, 'Size takes one answer'],
      ['Topics', { Topics: ['Design', 'Robots', 'Cats'] }, 'Topics must be one of the listed options'],
    ];
    it.each(refusals)('refuses %s: %j with its message', async (label, answer, message) => {
      const res = await submit(t, formId, { response: { 'Full Name': 'Ada', ...answer } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message });
      expect(res.body.errors).toEqual([{ path: `response.${label}`, message }]);
    });

    it('stores every type as text: trimmed, checkbox Yes/No, checkboxes in the options order then Other', async () => {
      const res = await submit(t, formId, {
        response: {
          'Full Name': ' Ada ',
          Email: ' ada@example.com ',
          Seats: '10',
          Day: '2026-03-07',
          Start: '09:30',
          Site: 'https://ada.example.com',
          Phone: '+44 20 7946 0958',
          Agree: 'on',
          Plan: 'Pro',
          Size: 'XL',
          Topics: ['Ops', 'Robots', 'Design'],
        },
      });
      expect(res.status).toBe(201);
      expect(await stored(res.body.data.responseId)).toEqual({
        'Full Name': ' Ada ',
        Email: 'ada@example.com',
        Seats: '10',
        Day: '2026-03-07',
        Start: '09:30',
        Site: 'https://ada.example.com',
        Phone: '+44 20 7946 0958',
        Agree: 'Yes',
        Plan: 'Pro',
        Size: 'XL',
        Topics: 'Design, Ops, Robots',
      });
    });

    it("holds a checkboxes 'Other' to the page's limit: taken up to a whole answer, refused under the field", async () => {
      // The form's Topics field, as the page's check reads it.
      const topics = {
        label: 'Topics',
        type: 'checkboxes' as const,
        required: false,
        options: ['Design', 'Code', 'Ops'],
        allowOther: true,
      };
      // 'Code, ' and the Other text: 5000 characters in all is the most an answer may have.
      const longest = ['Code', 'x'.repeat(4994)];
      const res = await submit(t, formId, { response: { 'Full Name': 'Ada', Topics: longest } });
      expect(res.status).toBe(201);
      expect((await stored(res.body.data.responseId)).Topics).toBe(`Code, ${'x'.repeat(4994)}`);
      // The page checks with the contract's checkAnswer: it takes the same answer.
      expect(checkAnswer(topics, longest)).toMatchObject({ ok: true });

      const message = 'Topics must be at most 5000 characters';
      for (const tooLong of [
        ['Code', 'x'.repeat(4995)],
        ['Design', 'Code', 'x'.repeat(4987)],
      ]) {
        const refused = await submit(t, formId, { response: { 'Full Name': 'Ada', Topics: tooLong } });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([{ path: 'response.Topics', message }]);
        expect(checkAnswer(topics, tooLong)).toEqual({ ok: false, message });
      }
    });

    it('takes answers keyed by field id, and refuses one field answered by label and id', async () => {
      const jdata = (await t.request('GET', `/api/v1/forms/validate-form?formId=${formId}`)).body.data.jdata;
      const idOf = (label: string) => jdata.find((field: { label: string }) => field.label === label).id;
      const res = await submit(t, formId, {
        response: { [idOf('Full Name')]: 'Grace', [idOf('Topics')]: ['Code'], Plan: 'Free' },
      });
      expect(res.status).toBe(201);
      expect(await stored(res.body.data.responseId)).toEqual({
        'Full Name': 'Grace',
        Topics: 'Code',
        Plan: 'Free',
        Agree: 'No',
      });
      const twice = await submit(t, formId, {
        response: { 'Full Name': 'Grace', [idOf('Full Name')]: 'Ada' },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.errors).toEqual([
        { path: 'response.Full Name', message: 'Full Name was answered twice (by its label and by its id)' },
      ]);
    });

    it('an unchecked optional checkbox is no answer by itself; required choice types say so', async () => {
      const optional = await createForm(t, owner, {
        jdata: [
          { label: 'Agree', type: 'checkbox' },
          { label: 'Plan', type: 'dropdown', options: ['Free'] },
        ],
      });
      const empty = await submit(t, optional.formId, { response: { Agree: 'no' } });
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toBe('Please fill in at least one field');
      const required = await createForm(t, owner, {
        jdata: [
          { label: 'Terms', type: 'checkbox', required: true },
          { label: 'Topics', type: 'checkboxes', options: ['A'], required: true },
          { label: 'Size', type: 'radio', options: ['S'], required: true },
        ],
      });
      const res = await submit(t, required.formId, { response: { Terms: 'no', Topics: [] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'response.Terms', message: 'Terms is required' },
        { path: 'response.Topics', message: 'Topics is required' },
        { path: 'response.Size', message: 'Size is required' },
      ]);
    });

    it('the responses and the CSV export read checkboxes and a checkbox as stored: "A, B" and Yes/No', async () => {
      const form = await createForm(t, owner, {
        jdata: [
          { label: 'Name', type: 'text' },
          { label: 'Agree', type: 'checkbox' },
          { label: 'Topics', type: 'checkboxes', options: ['Design', 'Code', 'Ops'] },
        ],
      });
      expect(
        (
          await submit(t, form.formId, {
            response: { Name: 'Ada', Agree: 'true', Topics: ['Ops', 'Design'] },
          })
        ).status,
      ).toBe(201);
      expect((await submit(t, form.formId, { response: { Name: 'Bo' } })).status).toBe(201);
      const list = await t.request('GET', `/api/v1/forms/${form.formId}/responses`, { token: owner });
      expect(list.status).toBe(200);
      const text = JSON.stringify(list.body.data);
      expect(text).toContain('"Topics":"Design, Ops"');
      expect(text).toContain('"Agree":"Yes"');
      expect(text).toContain('"Agree":"No"');
      const csv = await fetch(`${t.url}/api/v1/forms/${form.formId}/responses/export?format=csv`, {
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(csv.status).toBe(200);
      const body = await csv.text();
      expect(body).toContain('"Name","Agree","Topics"');
      expect(body).toContain('"Ada","Yes","Design, Ops"');
      expect(body).toContain('"Bo","No",""');
    });
  });

  describe('the no-JavaScript POST /form/{formId}', () => {
    it('sends ticked boxes as one checkboxes answer and the Other text in place of Other', async () => {
      const form = await createForm(t, owner, {
        jdata: [
          { label: 'Name', type: 'text' },
          { label: 'Topics', type: 'checkboxes', options: ['Design', 'Code', 'Ops'], allowOther: true },
          { label: 'Size', type: 'radio', options: ['S', 'M'], allowOther: true },
          { label: 'Agree', type: 'checkbox' },
        ],
      });
      const page = await fetch(`${t.url}/form/${form.formId}`);
      const { nonce, view } = pageData(await page.text());
      expect(view.form.jdata[1]).toMatchObject({ options: ['Design', 'Code', 'Ops'], allowOther: true });
      const body = new URLSearchParams([
        ['submission', nonce],
        ['answer:Name', 'Ada'],
        ['answer:Topics', 'Ops'],
        ['answer:Topics', '__other__'],
        ['answer:Topics', 'Design'],
        ['other:Topics', 'Robots'],
        ['answer:Size', '__other__'],
        ['other:Size', 'XXL'],
        ['answer:Agree', 'Yes'],
      ]);
      const send = () =>
        fetch(`${t.url}/form/${form.formId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        });
      expect((await send()).status).toBe(200);
      // The same page sent again with the same answers stores once.
      expect((await send()).status).toBe(200);
      const rows = await t.database.db
        .selectFrom('responses')
        .innerJoin('forms', 'forms.id', 'responses.form_id')
        .select('responses.answers_json')
        .where('forms.form_id', '=', form.formId)
        .execute();
      expect(rows.map((row) => JSON.parse(row.answers_json))).toEqual([
        { Name: 'Ada', Topics: 'Design, Ops, Robots', Size: 'XXL', Agree: 'Yes' },
      ]);
    });

    it('a blank Other text is no Other answer: a required radio left so is refused on the page', async () => {
      const form = await createForm(t, owner, {
        jdata: [{ label: 'Size', type: 'radio', options: ['S', 'M'], allowOther: true, required: true }],
      });
      const { nonce } = pageData(await (await fetch(`${t.url}/form/${form.formId}`)).text());
      const res = await fetch(`${t.url}/form/${form.formId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([
          ['submission', nonce],
          ['answer:Size', '__other__'],
          ['other:Size', '   '],
        ]).toString(),
      });
      expect(res.status).toBe(400);
      expect(pageData(await res.text()).view.errors).toEqual({ Size: 'Size is required' });
    });
  });

  describe('options read from a range of the form’s spreadsheet', () => {
    let spreadsheetId: string;
    let formId: string;
    const sheets = () =>
      createSheetsClient({
        sheetsApiUrl: t.config.googleApis.sheetsUrl,
        credentials: {
          serviceAccount: createServiceAccountTokens({
            source: t.config.googleApis.serviceAccount as { file: string },
            timeoutMs: 5_000,
          }),
        },
        timeoutMs: 5_000,
      });
    const publicForm = async () =>
      (await t.request('GET', `/api/v1/forms/validate-form?formId=${formId}`)).body.data;

    beforeAll(async () => {
      const created = await t.emulatorControl('POST', '/spreadsheets', {
        title: 'Plans',
        ownerEmail,
        sheets: [
          { title: 'Responses', rows: [['Name', 'Plan']] },
          { title: 'Lists', rows: [['Plan'], ['Free'], [' Pro '], [''], ['Free'], ['Team']] },
        ],
        sharing: { link: 'edit', people: [] },
      });
      spreadsheetId = created.spreadsheetId;
      formId = (
        await createForm(t, owner, {
          googleSheetsUrl: `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`,
          sheetName: 'Responses',
          jdata: [
            { label: 'Name', type: 'text' },
            { label: 'Plan', type: 'dropdown', optionsFrom: { range: 'Lists!A2:A' }, required: true },
          ],
        })
      ).formId;
    });

    it('stores the list read when the form is saved, and shows respondents the range’s options', async () => {
      const detail = await t.request('GET', `/api/v1/forms/${formId}`, { token: owner });
      expect(detail.body.data.form.jdata[1]).toMatchObject({
        optionsFrom: { range: 'Lists!A2:A' },
        options: ['Free', 'Pro', 'Team'],
      });
      expect(detail.body.data.fieldWarnings).toEqual([]);
      const form = await publicForm();
      expect(form.jdata[1]).toEqual({
        id: expect.any(String),
        label: 'Plan',
        type: 'dropdown',
        required: true,
        placeHolder: '',
        options: ['Free', 'Pro', 'Team'],
      });
      // Where the options come from stays with the owner.
      expect(JSON.stringify(form)).not.toContain('Lists!A2:A');
      expect((await submit(t, formId, { response: { Plan: 'Team' } })).status).toBe(201);
    });

    it('reads the range again after at most 60 s, and checks answers against the list as it is now', async () => {
      await publicForm();
      await sheets().updateValues(spreadsheetId, 'Lists!A2:A6', [['Gold'], ['Silver'], [''], [''], ['']]);
      ahead += 59_000;
      // Still within 60 s of the last read: the old list, for the form and for the answers.
      expect((await publicForm()).jdata[1].options).toEqual(['Free', 'Pro', 'Team']);
      expect((await submit(t, formId, { response: { Plan: 'Gold' } })).status).toBe(400);
      ahead += 1_000;
      expect((await publicForm()).jdata[1].options).toEqual(['Gold', 'Silver']);
      expect((await submit(t, formId, { response: { Plan: 'Gold' } })).status).toBe(201);
      const refused = await submit(t, formId, { response: { Plan: 'Team' } });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe('Plan must be one of the listed options');
    });

    it('keeps the last good list when the range cannot be read, and warns only the owner', async () => {
      // A binding proven as the sheet sync proves it before its first write.
      await t.database.db
        .updateTable('forms')
        .set({ edit_access_proven_for: spreadsheetId })
        .where('form_id', '=', formId)
        .execute();
      await t.request('PUT', `/api/v1/forms/${formId}`, { token: owner, body: { name: 'Plans form' } });
      ahead += 61_000;
      expect((await publicForm()).jdata[1].options).toEqual(['Gold', 'Silver']);
      await t.emulatorControl('PUT', '/faults', { errorRate: 1, errorStatus: 503, target: 'reads' });
      try {
        ahead += 61_000;
        const form = await publicForm();
        expect(form.jdata[1].options).toEqual(['Gold', 'Silver']);
        expect(JSON.stringify(form)).not.toMatch(/could not be read|Lists!A2:A/);
        expect((await submit(t, formId, { response: { Plan: 'Silver' } })).status).toBe(201);
        const detail = await t.request('GET', `/api/v1/forms/${formId}`, { token: owner });
        expect(detail.status).toBe(200);
        expect(detail.body.data.fieldWarnings).toEqual([
          {
            fieldId: form.jdata[1].id,
            label: 'Plan',
            message:
              'Options could not be read from Lists!A2:A: Google Sheets did not answer. Respondents see the last list read.',
          },
        ]);
      } finally {
        await t.emulatorControl('DELETE', '/faults');
      }
    });

    it('a range never read falls back to the list saved with the field, and the owner is told why', async () => {
      const detail = await t.request('GET', `/api/v1/forms/${formId}`, { token: owner });
      const jdata = detail.body.data.form.jdata;
      // The editor sends the form back as it read it, with the range changed to a tab that does not exist.
      const saved = await t.request('PUT', `/api/v1/forms/${formId}`, {
        token: owner,
        body: { jdata: [jdata[0], { ...jdata[1], optionsFrom: { range: "'No such tab'!A2:A" } }] },
      });
      expect(saved.status).toBe(200);
      const form = await publicForm();
      expect(form.jdata[1].options).toEqual(jdata[1].options);
      const after = await t.request('GET', `/api/v1/forms/${formId}`, { token: owner });
      expect(after.body.data.fieldWarnings).toEqual([
        {
          fieldId: jdata[1].id,
          label: 'Plan',
          message:
            "Options could not be read from 'No such tab'!A2:A: Google Sheets could not find that range (check the sheet name). Respondents see the last list read.",
        },
      ]);
    });
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const sheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;
const rule = (type: string, ...values: string[]) => ({
  condition: {
    type,
    ...(values.length > 0 ? { values: values.map((userEnteredValue) => ({ userEnteredValue })) } : {}),
  },
  strict: true,
});

/** The preview's suggested types, through the real route, from rules the emulator keeps as Google does. */
describeEachDialect('Sheet preview type suggestions', (dialect) => {
  let t: TestApp;
  let token: string;
  let spreadsheetId: string;

  const preview = (sheet: string) =>
    t.request(
      'GET',
      `/api/v1/sheets/preview?url=${encodeURIComponent(sheetUrl(spreadsheetId))}&sheet=${encodeURIComponent(sheet)}`,
      { token },
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = (await t.signIn('owner@example.com')).accessToken;
    const header = [
      'Name',
      'Email',
      'Size',
      'Plan',
      'Qty',
      'Start',
      'Agree',
      'Website',
      'Notes',
      'Colour',
      'Timestamp',
    ];
    const row = (i: number) => [
      `Person ${i}`,
      `p${i}@example.com`,
      ['S', 'M', 'L'][i % 3] ?? '',
      ['Basic', 'Pro'][i % 2] ?? '',
      String(i + 1),
      '2026-02-01',
      i % 2 === 0,
      `https://example.com/${i}`,
      `note ${i}`,
      ['Red', 'Blue'][i % 2] ?? '',
      '2026-01-15 10:00:00',
    ];
    spreadsheetId = (
      await t.emulatorControl('POST', '/spreadsheets', {
        title: 'Shop orders',
        sharing: { link: 'edit', people: [] },
        sheets: [
          {
            title: 'Orders',
            rows: [header, ...Array.from({ length: 8 }, (_, i) => row(i))],
            dataValidation: [
              // Usually set on the column below its header.
              { range: 'B2:B', rule: rule('TEXT_IS_EMAIL') },
              { range: 'C2:C', rule: rule('ONE_OF_LIST', 'S', 'M', 'L', ' M ') },
              { range: 'D2:D', rule: rule('ONE_OF_RANGE', '=Lists!$A$2:$A') },
              { range: 'E2:E', rule: rule('NUMBER_BETWEEN', '1', '10') },
              { range: 'F2:F', rule: rule('DATE_ON_OR_AFTER', '1/15/2026') },
              { range: 'G2:G', rule: rule('BOOLEAN') },
              { range: 'I2:I', rule: rule('CUSTOM_FORMULA', '=LEN(I2)<100') },
              // A stray rule on one cell does not outweigh the column's own.
              { range: 'K2', rule: rule('TEXT_IS_URL') },
            ],
          },
          { title: 'Lists', rows: [['Plans'], ['Basic'], ['Pro'], [''], ['Basic'], ['Team']] },
          {
            title: 'Loose',
            rows: [
              ['Amount', 'Day', 'Choice'],
              ...Array.from({ length: 7 }, (_, i) => [String(i * 10), '1/2/2026', i % 2 ? 'Yes' : 'No']),
            ],
          },
        ],
      })
    ).spreadsheetId;
  });
  afterAll(async () => {
    await t.close();
  });

  it("suggests each column's type from the sheet's own rules", async () => {
    const res = await preview('Orders');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(
      (res.body.data.headers as { name: string }[]).map(({ name, ...rest }) => [name, rest]),
    );
    expect(byName.Email).toMatchObject({ suggestedType: 'email', typeReason: 'rule' });
    expect(byName.Size).toMatchObject({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      options: ['S', 'M', 'L'],
    });
    expect(byName.Plan).toMatchObject({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      optionsFrom: { range: 'Lists!A2:A' },
      options: ['Basic', 'Pro', 'Team'],
    });
    expect(byName.Qty).toMatchObject({ suggestedType: 'number', typeReason: 'rule', min: 1, max: 10 });
    expect(byName.Start).toMatchObject({ suggestedType: 'date', typeReason: 'rule', min: '2026-01-15' });
    expect(byName.Start).not.toHaveProperty('max');
    expect(byName.Agree).toMatchObject({ suggestedType: 'checkbox', typeReason: 'rule' });
    expect(byName.Notes).toMatchObject({ suggestedType: 'text', typeReason: 'unsupported-rule' });
    expect(byName.Website).toMatchObject({ suggestedType: 'url', typeReason: 'data' });
    expect(byName.Colour).toMatchObject({
      suggestedType: 'dropdown',
      typeReason: 'data',
      options: ['Red', 'Blue'],
    });
    expect(byName.Name).toMatchObject({ suggestedType: 'text', typeReason: 'data' });
    expect(byName.Timestamp).toMatchObject({ suggestedType: 'text', typeReason: 'default' });
    // The preview itself is as before: 5 rows, 3 samples.
    expect(res.body.data.rows).toHaveLength(5);
    expect(byName.Size).toMatchObject({ sampleData: ['S', 'M', 'L'] });
  });

  it('suggests from the data where the sheet has no rules', async () => {
    const res = await preview('Loose');
    expect(res.status).toBe(200);
    expect(res.body.data.headers).toEqual([
      {
        index: 0,
        name: 'Amount',
        sampleData: ['0', '10', '20'],
        suggestedType: 'number',
        typeReason: 'data',
      },
      {
        index: 1,
        name: 'Day',
        sampleData: ['1/2/2026', '1/2/2026', '1/2/2026'],
        suggestedType: 'date',
        typeReason: 'data',
      },
      {
        index: 2,
        name: 'Choice',
        sampleData: ['No', 'Yes', 'No'],
        suggestedType: 'dropdown',
        typeReason: 'data',
        options: ['No', 'Yes'],
      },
    ]);
  });

  it("still answers the preview, suggesting from its 5 rows, when Google's quota refuses the rules", async () => {
    // One read a minute: the preview's own read passes, the rules request is refused (429).
    await t.emulatorControl('PUT', '/quota', { enabled: true, readsPerMinutePerUser: 1 });
    try {
      const res = await preview('Orders');
      expect(res.status).toBe(200);
      expect(res.body.data.rows).toHaveLength(5);
      const byName = Object.fromEntries(
        (res.body.data.headers as { name: string; suggestedType: string; typeReason: string }[]).map(
          ({ name, suggestedType, typeReason }) => [name, `${suggestedType} ${typeReason}`],
        ),
      );
      expect(byName).toMatchObject({
        Email: 'email data',
        Size: 'text data',
        Qty: 'number data',
        Agree: 'checkbox data',
        Timestamp: 'text default',
      });
    } finally {
      await t.emulatorControl('PUT', '/quota', { enabled: false });
    }
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm, insertResponse, strictlyIncreasingClock } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/** The server's clock stands in the middle of March 2026 (UTC). */
const NOW = Date.parse('2026-03-15T12:00:00.000Z');

describeEachDialect('dashboard stats API', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { now: strictlyIncreasingClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts forms, active forms, responses and responses of this UTC calendar month', async () => {
    const { accessToken: token } = await t.signIn('stats@example.com');
    const busy = await createForm(t, token, { name: 'Busy' });
    const quiet = await createForm(t, token, { name: 'Quiet', status: 'Inactive' });
    const empty = await createForm(t, token, { name: 'Empty' });
    const stranger = await t.signIn('stranger@example.com');
    const theirs = await createForm(t, stranger.accessToken, { name: 'Theirs' });

    for (const at of [
      '2026-02-28T23:59:59.999Z', // last month
      '2026-03-01T00:00:00.000Z', // first instant of this month
      '2026-03-14T08:00:00.000Z',
      '2026-03-31T23:59:59.999Z', // last instant of this month
    ]) {
      await insertResponse(t.database, busy.id, at);
    }
    await insertResponse(t.database, quiet.id, '2025-12-31T10:00:00.000Z');
    await insertResponse(t.database, quiet.id, '2026-04-01T00:00:00.000Z'); // next month
    await insertResponse(t.database, theirs.id, '2026-03-10T00:00:00.000Z');

    const res = await t.request('GET', '/api/v1/users/dashboard-stats', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      totalForms: 3,
      activeForms: 2,
      totalResponses: 6,
      responsesThisMonth: 3,
      forms: [
        { formId: empty.formId, name: 'Empty', responses: 0, responsesThisMonth: 0, lastResponseAt: null },
        {
          formId: quiet.formId,
          name: 'Quiet',
          responses: 2,
          responsesThisMonth: 0,
          lastResponseAt: '2026-04-01T00:00:00.000Z',
        },
        {
          formId: busy.formId,
          name: 'Busy',
          responses: 4,
          responsesThisMonth: 3,
          lastResponseAt: '2026-03-31T23:59:59.999Z',
        },
      ],
    });
  });

  it('answers zeros for an owner without forms', async () => {
    const { accessToken } = await t.signIn('newcomer@example.com');
    const res = await t.request('GET', '/api/v1/users/dashboard-stats', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      totalForms: 0,
      activeForms: 0,
      totalResponses: 0,
      responsesThisMonth: 0,
      forms: [],
    });
  });
});

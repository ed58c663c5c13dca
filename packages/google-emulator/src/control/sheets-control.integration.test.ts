import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_API_KEY } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  makeTempDataDir,
  rangePath,
  removeDataDir,
  SHEETS_SCOPE,
} from '../testing/emulator-test-kit.js';

interface Listed {
  spreadsheetId: string;
  title: string;
  spreadsheetUrl: string;
  sharing: { link: string };
  sheets: Array<{ sheetId: number; title: string; index: number; rowCount: number }>;
}

describe('control API, quotas, faults and persistence', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;
  let token: string;

  async function start(options: { seed?: boolean } = {}) {
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: options.seed ?? false });
    api = apiClient(emulator.url);
    token = (
      await emulator.identity.issueAccessToken({
        email: 'me@example.com',
        name: 'Me',
        clientId: 'test',
        scopes: [SHEETS_SCOPE],
      })
    ).accessToken;
  }
  async function list(): Promise<Listed[]> {
    return ((await (await api.call('GET', '/__emulator/spreadsheets')).json()) as { spreadsheets: Listed[] })
      .spreadsheets;
  }
  const append = (id: string, values: unknown[][]) =>
    api.call(
      'POST',
      `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A1')}:append?valueInputOption=RAW&insertDataOption=INSERT_ROWS`,
      {
        auth: token,
        body: { values },
      },
    );

  beforeEach(async () => {
    dataDir = await makeTempDataDir();
  });
  afterEach(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  it('seeds the demo data on first start, quickly, and lists it', async () => {
    const started = Date.now();
    await start({ seed: true });
    expect(Date.now() - started).toBeLessThan(5000);
    const spreadsheets = await list();
    expect(spreadsheets.map((s) => [s.title, s.sharing.link])).toEqual([
      ['Event Registration', 'edit'],
      ['Private Budget', 'none'],
      ['Empty Sheet', 'edit'],
      ['Large Dataset', 'edit'],
      ['SheetForms Assistant Questions', 'view'],
      ['Workshop Sign-ups', 'edit'],
    ]);
    const byTitle = Object.fromEntries(spreadsheets.map((s) => [s.title, s]));
    const registrations = await api.sheetValues(
      byTitle['Event Registration']?.spreadsheetId ?? '',
      'Registrations',
    );
    expect(registrations[0]).toEqual([
      'Full Name',
      'Email',
      'Phone',
      'Company',
      'Ticket Type',
      'Dietary Requirements',
    ]);
    expect(registrations).toHaveLength(6);
    expect(await api.sheetValues(byTitle['Empty Sheet']?.spreadsheetId ?? '', 'Sheet1')).toEqual([]);
    const questions = await api.sheetValues(
      byTitle['SheetForms Assistant Questions']?.spreadsheetId ?? '',
      'Questions',
    );
    expect(questions[0]).toEqual([
      'Questions',
      'Answer',
      'Sr. No.',
      'Website link',
      'Google sheet link',
      'Youtube link',
      'Type',
    ]);
    expect(questions.length - 1).toBeGreaterThanOrEqual(12);
    expect(questions.filter((row) => row[6] === 'button').length).toBeGreaterThanOrEqual(4);

    const large = byTitle['Large Dataset'];
    expect(large?.sheets[0]).toMatchObject({ title: 'Data', rowCount: 100_001 });
    const readStarted = Date.now();
    const preview = await api.call(
      'GET',
      `/v4/spreadsheets/${large?.spreadsheetId}/values/${rangePath('Data!A1:Z6')}`,
      { auth: { key: LOCAL_API_KEY } },
    );
    const body = (await preview.json()) as { values: unknown[][] };
    expect(body.values).toHaveLength(6);
    expect(body.values[1]?.[0]).toBe('1');
    expect(Date.now() - readStarted).toBeLessThan(3000);
    const documents = (await (await api.call('GET', '/__emulator/documents')).json()) as {
      documents: Array<{ title: string }>;
    };
    expect(documents.documents.map((d) => d.title)).toEqual([
      'Certificate Template',
      'Registration Confirmation',
    ]);
  });

  it('keeps spreadsheets, appended rows and added sheets across a restart', async () => {
    await start();
    const { spreadsheetId } = await api.createSpreadsheet({
      title: 'Keep me',
      sheets: [{ title: 'Sheet1', rows: [['h']] }],
      sharing: { link: 'edit', people: [] },
    });
    expect((await append(spreadsheetId, [['a'], ['b']])).status).toBe(200);
    await api.call('POST', `/v4/spreadsheets/${spreadsheetId}:batchUpdate`, {
      auth: token,
      body: { requests: [{ addSheet: { properties: { title: 'Second' } } }] },
    });
    await api.call(
      'PUT',
      `/v4/spreadsheets/${spreadsheetId}/values/${rangePath('Sheet1!A2')}?valueInputOption=RAW`,
      { auth: token, body: { values: [['A!']] } },
    );
    await emulator.close();
    await start();
    expect(await api.sheetValues(spreadsheetId, 'Sheet1')).toEqual([['h'], ['A!'], ['b']]);
    expect((await list())[0]?.sheets.map((s) => s.title)).toEqual(['Sheet1', 'Second']);
    expect((await list())[0]?.sheets[0]?.rowCount).toBe(1002);
  });

  it('changes sharing, deletes, resets and seeds', async () => {
    await start();
    const { spreadsheetId } = await api.createSpreadsheet({ title: 'Shared' });
    expect((await list())[0]).toMatchObject({
      title: 'Shared',
      spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`,
      sharing: { link: 'none', people: [] },
    });
    const read = () =>
      api.call('GET', `/v4/spreadsheets/${spreadsheetId}/values/Sheet1`, { auth: { key: LOCAL_API_KEY } });
    expect((await read()).status).toBe(403);
    const patched = await api.call('PATCH', `/__emulator/spreadsheets/${spreadsheetId}`, {
      body: { sharing: { link: 'view', people: [] } },
    });
    expect(patched.status).toBe(200);
    expect((await read()).status).toBe(200);
    expect((await api.call('DELETE', `/__emulator/spreadsheets/${spreadsheetId}`)).status).toBe(204);
    expect((await read()).status).toBe(404);
    await api.createSpreadsheet({ title: 'Gone after reset' });
    await api.call('POST', '/__emulator/reset', { body: { seed: false } });
    expect(await list()).toEqual([]);
    const seeded = (await (await api.call('POST', '/__emulator/seed', { body: {} })).json()) as {
      seeded: string[];
    };
    expect(seeded.seeded).toContain('Large Dataset');
    expect((await list()).map((s) => s.title)).toContain('Event Registration');
    const again = (await (await api.call('POST', '/__emulator/seed', { body: {} })).json()) as {
      seeded: string[];
    };
    expect(again.seeded).toEqual([]);
  });

  it('sets and removes a spreadsheet’s owner, and shares with people and domains, which Drive then lists', async () => {
    await start();
    const { spreadsheetId } = await api.createSpreadsheet({ title: 'Owned' });
    const permissions = async (as: string) => {
      const grant = await emulator.identity.issueAccessToken({
        email: as,
        name: 'Someone',
        clientId: 'test',
        scopes: ['https://www.googleapis.com/auth/drive.readonly'],
      });
      const reply = await api.call(
        'GET',
        `/drive/v3/files/${spreadsheetId}/permissions?fields=${encodeURIComponent('permissions(type,emailAddress,domain,role)')}`,
        { auth: grant.accessToken },
      );
      return { status: reply.status, body: (await reply.json()) as { permissions?: unknown[] } };
    };
    expect((await permissions('boss@example.com')).status).toBe(404);
    const patched = await api.call('PATCH', `/__emulator/spreadsheets/${spreadsheetId}`, {
      body: {
        ownerEmail: 'Boss@Example.com',
        sharing: {
          link: 'view',
          people: [{ email: 'pat@example.com', role: 'view' }],
          domains: [{ domain: 'corp.example', role: 'edit' }],
        },
      },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ ownerEmail: 'boss@example.com' });
    expect((await permissions('boss@example.com')).body.permissions).toEqual([
      { type: 'user', emailAddress: 'boss@example.com', role: 'owner' },
      { type: 'user', emailAddress: 'pat@example.com', role: 'reader' },
      { type: 'domain', domain: 'corp.example', role: 'writer' },
      { type: 'anyone', role: 'reader' },
    ]);
    // A domain share lets everyone at the domain write.
    const writer = await emulator.identity.issueAccessToken({
      email: 'lee@corp.example',
      name: 'Lee',
      clientId: 'test',
      scopes: [SHEETS_SCOPE],
    });
    const write = await api.call(
      'PUT',
      `/v4/spreadsheets/${spreadsheetId}/values/${rangePath('Sheet1!A1')}?valueInputOption=RAW`,
      { auth: writer.accessToken, body: { values: [['x']] } },
    );
    expect(write.status).toBe(200);
    const removed = await api.call('PATCH', `/__emulator/spreadsheets/${spreadsheetId}`, {
      body: { ownerEmail: null },
    });
    expect(await removed.json()).not.toHaveProperty('ownerEmail');
    const bad = await api.call('PATCH', `/__emulator/spreadsheets/${spreadsheetId}`, { body: {} });
    expect(bad.status).toBe(400);
  });

  it('shares as viewer, commenter or editor, by person and by link: Drive lists the roles and files.get tells the caller whether they can edit', async () => {
    await start();
    const { spreadsheetId } = await api.createSpreadsheet({ title: 'Roles' });
    const tokenFor = async (email: string) =>
      (
        await emulator.identity.issueAccessToken({
          email,
          name: 'Someone',
          clientId: 'test',
          scopes: ['https://www.googleapis.com/auth/drive.readonly', SHEETS_SCOPE],
        })
      ).accessToken;
    const share = (sharing: unknown) =>
      api.call('PATCH', `/__emulator/spreadsheets/${spreadsheetId}`, {
        body: { ownerEmail: 'boss@example.com', sharing },
      });
    const capabilities = async (email: string) => {
      const reply = await api.call(
        'GET',
        `/drive/v3/files/${spreadsheetId}?fields=${encodeURIComponent('capabilities(canEdit,canComment)')}`,
        { auth: await tokenFor(email) },
      );
      return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
    };
    const write = async (email: string) =>
      (
        await api.call(
          'PUT',
          `/v4/spreadsheets/${spreadsheetId}/values/${rangePath('Sheet1!A1')}?valueInputOption=RAW`,
          { auth: await tokenFor(email), body: { values: [['x']] } },
        )
      ).status;

    const shared = await share({
      link: 'none',
      people: [
        { email: 'vi@example.com', role: 'view' },
        { email: 'co@example.com', role: 'comment' },
        { email: 'ed@example.com', role: 'edit' },
      ],
    });
    expect(shared.status).toBe(200);
    const listed = await api.call(
      'GET',
      `/drive/v3/files/${spreadsheetId}/permissions?fields=${encodeURIComponent('permissions(type,emailAddress,role)')}`,
      { auth: await tokenFor('boss@example.com') },
    );
    expect(((await listed.json()) as { permissions: unknown[] }).permissions).toEqual([
      { type: 'user', emailAddress: 'boss@example.com', role: 'owner' },
      { type: 'user', emailAddress: 'vi@example.com', role: 'reader' },
      { type: 'user', emailAddress: 'co@example.com', role: 'commenter' },
      { type: 'user', emailAddress: 'ed@example.com', role: 'writer' },
    ]);
    expect((await capabilities('boss@example.com')).body).toEqual({
      capabilities: { canEdit: true, canComment: true },
    });
    expect((await capabilities('ed@example.com')).body).toEqual({
      capabilities: { canEdit: true, canComment: true },
    });
    expect((await capabilities('co@example.com')).body).toEqual({
      capabilities: { canEdit: false, canComment: true },
    });
    expect((await capabilities('vi@example.com')).body).toEqual({
      capabilities: { canEdit: false, canComment: false },
    });
    expect((await capabilities('stranger@example.com')).status).toBe(404);
    expect(await write('co@example.com')).toBe(403);
    expect(await write('vi@example.com')).toBe(403);
    expect(await write('ed@example.com')).toBe(200);

    // Link sharing is the permission of type 'anyone', with the link's role.
    for (const [link, role, canEdit] of [
      ['view', 'reader', false],
      ['comment', 'commenter', false],
      ['edit', 'writer', true],
    ] as const) {
      expect((await share({ link, people: [] })).status).toBe(200);
      const anyone = await api.call(
        'GET',
        `/drive/v3/files/${spreadsheetId}/permissions?fields=${encodeURIComponent('permissions(id,type,role)')}`,
        { auth: await tokenFor('boss@example.com') },
      );
      expect(((await anyone.json()) as { permissions: unknown[] }).permissions).toContainEqual({
        id: 'anyoneWithLink',
        type: 'anyone',
        role,
      });
      expect((await capabilities('passer-by@example.com')).body).toMatchObject({
        capabilities: { canEdit },
      });
    }
    const bad = await share({ link: 'none', people: [{ email: 'x@example.com', role: 'owner' }] });
    expect(bad.status).toBe(400);
  });

  it('enforces quotas when switched on, with Google’s 429 body', async () => {
    await start();
    const { spreadsheetId } = await api.createSpreadsheet({
      title: 'Q',
      sharing: { link: 'edit', people: [] },
    });
    const read = () => api.call('GET', `/v4/spreadsheets/${spreadsheetId}/values/Sheet1`, { auth: token });
    for (let i = 0; i < 5; i++) expect((await read()).status).toBe(200);
    const put = await api.call('PUT', '/__emulator/quota', {
      body: { enabled: true, readsPerMinutePerUser: 2 },
    });
    expect(put.status).toBe(200);
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: {
        code: 429,
        message:
          "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user' of service 'sheets.googleapis.com' for consumer 'project_number:424242424242'.",
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'RATE_LIMIT_EXCEEDED',
            domain: 'googleapis.com',
            metadata: {
              quota_metric: 'sheets.googleapis.com/read_requests',
              quota_limit: 'ReadRequestsPerMinutePerUser',
              quota_limit_value: '2',
              consumer: 'projects/424242424242',
              service: 'sheets.googleapis.com',
              quota_location: 'global',
            },
          },
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [
              {
                description: 'Request a higher quota limit.',
                url: 'https://cloud.google.com/docs/quotas/help/request_increase',
              },
            ],
          },
        ],
      },
    });
    // Writes have their own bucket.
    expect((await append(spreadsheetId, [['w']])).status).toBe(200);
    await api.call('PUT', '/__emulator/quota', { body: { enabled: false } });
    expect((await read()).status).toBe(200);
  });

  it('injects errors and latency, and can store a write then drop its reply', async () => {
    await start();
    const { spreadsheetId } = await api.createSpreadsheet({
      title: 'F',
      sheets: [{ title: 'Sheet1', rows: [['h']] }],
      sharing: { link: 'edit', people: [] },
    });
    await api.call('PUT', '/__emulator/faults', {
      body: { errorRate: 1, errorStatus: 503, target: 'writes' },
    });
    const failed = await append(spreadsheetId, [['never']]);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({
      error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
    });
    expect(
      (await api.call('GET', `/v4/spreadsheets/${spreadsheetId}/values/Sheet1`, { auth: token })).status,
    ).toBe(200);

    await api.call('PUT', '/__emulator/faults', { body: { latencyMs: 200, replyLostWrites: 1 } });
    const started = Date.now();
    await expect(append(spreadsheetId, [['stored']])).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await api.sheetValues(spreadsheetId, 'Sheet1')).toEqual([['h'], ['stored']]);
    expect((await append(spreadsheetId, [['next']])).status).toBe(200);
    await api.call('DELETE', '/__emulator/faults');
    expect(await api.sheetValues(spreadsheetId, 'Sheet1')).toEqual([['h'], ['stored'], ['next']]);
  });
});

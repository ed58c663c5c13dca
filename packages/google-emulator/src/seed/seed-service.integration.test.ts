import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import { apiClient, makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';
import { EVENT_REGISTRATION } from './demo-data.js';

describe('the demo documents', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;

  beforeEach(async () => {
    dataDir = await makeTempDataDir();
    // A data directory seeded before seed.json listed titles (its demo files since deleted by its owner).
    await mkdir(path.join(dataDir, 'google-emulator'), { recursive: true });
    await writeFile(path.join(dataDir, 'google-emulator', 'seed.json'), '{"version":1,"seeded":true}');
    emulator = await startStandaloneEmulator({ port: 0, dataDir });
  });
  afterEach(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  const documents = async () =>
    (
      (await (await apiClient(emulator.url).call('GET', '/__emulator/documents')).json()) as {
        documents: Array<{ documentId: string; title: string; sharing: unknown }>;
      }
    ).documents;

  it('adds demo files that are new to an existing data directory, and only those', async () => {
    expect((await documents()).map((document) => document.title)).toEqual(['Registration Confirmation']);
    // Spreadsheets too: only the demo added after this directory was seeded.
    const spreadsheets = await apiClient(emulator.url).call('GET', '/__emulator/spreadsheets');
    const listed = ((await spreadsheets.json()) as { spreadsheets: Array<{ title: string }> }).spreadsheets;
    expect(listed.map((spreadsheet) => spreadsheet.title)).toEqual(['Workshop Sign-ups']);
    await emulator.close();
    emulator = await startStandaloneEmulator({ port: 0, dataDir });
    expect((await documents()).map((document) => document.title)).toEqual(['Registration Confirmation']);
  });

  it('gives any signed-in account a confirmation whose placeholders are the registration sheet’s headers', async () => {
    const confirmation = (await documents())[0];
    expect(confirmation?.sharing).toEqual({ link: 'view', people: [] });
    const token = (
      await emulator.identity.issueAccessToken({
        email: 'anyone@example.com',
        name: 'Anyone',
        clientId: 'sheetforms-local.apps.googleusercontent.com',
        scopes: [
          'https://www.googleapis.com/auth/documents.readonly',
          'https://www.googleapis.com/auth/drive.readonly',
        ],
      })
    ).accessToken;
    const api = apiClient(emulator.url);
    const text = await (
      await api.call('GET', `/drive/v3/files/${confirmation?.documentId}/export?mimeType=text/plain`, {
        auth: token,
      })
    ).text();
    const placeholders = [...new Set([...text.matchAll(/\{\{([^}]+)\}\}/g)].map((match) => match[1]))].sort();
    const headers = EVENT_REGISTRATION.sheets?.[0]?.rows?.[0] ?? [];
    expect(placeholders).toEqual([...headers.map(String), 'Response ID', 'date'].sort());

    const reply = await api.call('GET', `/v1/documents/${confirmation?.documentId}`, { auth: token });
    expect(reply.status).toBe(200);
    const document = (await reply.json()) as {
      body: {
        content: Array<{ paragraph?: Record<string, any>; table?: { rows: number; columns: number } }>;
      };
    };
    const paragraphs = document.body.content.flatMap((element) =>
      element.paragraph ? [element.paragraph] : [],
    );
    expect(paragraphs[0]?.paragraphStyle.namedStyleType).toBe('HEADING_1');
    expect(
      paragraphs.some((paragraph) =>
        paragraph.elements.some(
          (part: any) => part.textRun?.textStyle.bold && part.textRun.content.includes('confirmed'),
        ),
      ),
    ).toBe(true);
    expect(paragraphs.filter((paragraph) => paragraph.bullet).length).toBe(5);
    expect(document.body.content.find((element) => element.table)?.table).toMatchObject({
      rows: 5,
      columns: 2,
    });
  });
});

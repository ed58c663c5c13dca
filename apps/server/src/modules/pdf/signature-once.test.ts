import { afterAll, describe, expect, it } from 'vitest';
import { createHtmlPool } from '../../html-work/html-pool.js';
import { createHtmlWork } from '../../html-work/html-work.js';
import { createPdfService } from './pdf.service.js';
import type { PdfRenderer } from './pdf-renderer.js';

/** Review finding 3: forty {{Signature}} sent the signature's data URI forty times (27 MB of HTML). */
const KEY = 'a1'.repeat(16);
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(400_000, 7)]);
const pool = createHtmlPool({ size: 1, queueLimit: 4, timeoutMs: 30_000 });
afterAll(() => pool.close());

function serviceRendering(into: string[]) {
  const renderer = {
    async render(html: string) {
      into.push(html);
      return Buffer.from('%PDF');
    },
  } as unknown as PdfRenderer;
  const form = { id: 'form-row', name: 'Form', fields: [] };
  return createPdfService({
    renderer,
    html: createHtmlWork(pool),
    forms: { requireOwned: async () => form } as never,
    templates: {
      getForOwner: async () => ({
        form,
        template: {
          id: 't',
          name: 'Signed',
          googleDocsUrl: '',
          content: `<p>${'{{Signature}}'.repeat(40)}</p>`,
        },
      }),
    } as never,
    responses: {
      getForOwner: async () => ({
        response: {
          id: 'r',
          answers: {},
          createdAt: '2026-01-01T00:00:00.000Z',
          signatureUrl: `https://forms.example/uploads/signatures/${KEY}.png`,
        },
      }),
    } as never,
    responsesByIds: { listByIds: async () => [] },
    signatures: { read: async () => PNG, isIssuedFor: async () => true },
    timeZone: 'UTC',
  });
}

describe('a signature shown many times', () => {
  it('is in the rendered document once, shown by every {{Signature}}', async () => {
    const rendered: string[] = [];
    await serviceRendering(rendered).responsePdf(
      'owner',
      { formId: 'f', responseId: 'r', templateId: 't' },
      'A4',
    );
    const html = rendered[0] ?? '';
    const base64 = PNG.toString('base64');
    expect(html.split(base64).length - 1).toBe(1);
    expect(html.match(/<img class="sf-signature-0"/g)).toHaveLength(40);
    expect(html.length).toBeLessThan(base64.length + 10_000);
  });

  it('html-to-pdf: forty images of one signature URL carry its picture once', async () => {
    const rendered: string[] = [];
    const url = `https://forms.example/uploads/signatures/${KEY}.png`;
    await serviceRendering(rendered).htmlToPdf(
      'owner',
      { html: `<p>Signed</p>${`<img src="${url}" alt="Signature">`.repeat(40)}`, fileName: 'x', formId: 'f' },
      'A4',
    );
    const html = rendered[0] ?? '';
    expect(html.split(PNG.toString('base64')).length - 1).toBe(1);
    expect(html).not.toContain(url);
    expect(html.match(/<img[^>]*class="sf-signature-0"/g)).toHaveLength(40);
  });
});

import { TEMPLATE_LIMITS } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import type { DocsDocument } from './docs-document';
import { inlineImages } from './inline-images';
import { documentHtmlWithinLimit, TemplateTooLargeError } from './template-size';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('inlineImages', () => {
  it('turns fetched images into data URIs and skips failures, non-images and oversized images', async () => {
    const blobs: Record<string, Blob> = {
      'https://img/ok': new Blob([PNG_BYTES], { type: 'image/png' }),
      'https://img/svg': new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }),
      'https://img/big': new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }),
    };
    const fetched: string[] = [];
    const result = await inlineImages(
      [
        { objectId: 'kix.ok', contentUri: 'https://img/ok' },
        { objectId: 'kix.svg', contentUri: 'https://img/svg' },
        { objectId: 'kix.big', contentUri: 'https://img/big' },
        { objectId: 'kix.gone', contentUri: 'https://img/gone' },
      ],
      async (uri) => {
        fetched.push(uri);
        const blob = blobs[uri];
        if (!blob) throw new Error('404');
        return blob;
      },
      1024,
    );
    expect(result.sources).toEqual(new Map([['kix.ok', 'data:image/png;base64,iVBORw0KGgo=']]));
    expect(result.skipped).toBe(3);
    expect(fetched).toHaveLength(4);
  });
});

describe('documentHtmlWithinLimit', () => {
  const withImages = (ids: string[]): DocsDocument => ({
    body: {
      content: [
        {
          paragraph: {
            elements: [
              ...ids.map((id) => ({ inlineObjectElement: { inlineObjectId: id } })),
              { textRun: { content: 'Text\n' } },
            ],
          },
        },
      ],
    },
  });

  it('keeps every image when the template fits', () => {
    const { html, dropped } = documentHtmlWithinLimit(
      withImages(['a']),
      new Map([['a', 'data:image/png;base64,AAAA']]),
    );
    expect(html).toBe('<p><img src="data:image/png;base64,AAAA" alt="">Text</p>');
    expect(dropped).toBe(0);
  });

  it('leaves out the largest images until the template fits in 1 MB', () => {
    const large = `data:image/png;base64,${'A'.repeat(TEMPLATE_LIMITS.contentMaxBytes - 100)}`;
    const medium = `data:image/png;base64,${'B'.repeat(1000)}`;
    const { html, dropped } = documentHtmlWithinLimit(
      withImages(['large', 'medium']),
      new Map([
        ['large', large],
        ['medium', medium],
      ]),
    );
    expect(dropped).toBe(1);
    expect(html).toContain(medium);
    expect(html).not.toContain('AAAA');
  });

  it('refuses a document whose text alone is over the limit', () => {
    const document: DocsDocument = {
      body: { content: [{ paragraph: { elements: [{ textRun: { content: 'x'.repeat(1024 * 1024) } }] } }] },
    };
    expect(() => documentHtmlWithinLimit(document, new Map())).toThrow(TemplateTooLargeError);
  });
});

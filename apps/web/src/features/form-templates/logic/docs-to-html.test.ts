// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DocsDocument, DocsStructuralElement } from './docs-document';
import { documentImages, documentToHtml } from './docs-to-html';

/** Shaped as documents.get answers (indexes, section break first, Docs' default styles on every run). */
const certificate: DocsDocument = {
  title: 'Certificate',
  documentId: '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  body: {
    content: [
      {
        endIndex: 1,
        sectionBreak: { sectionStyle: { columnSeparatorStyle: 'NONE', contentDirection: 'LEFT_TO_RIGHT' } },
      },
      {
        startIndex: 1,
        endIndex: 13,
        paragraph: {
          elements: [
            {
              startIndex: 1,
              endIndex: 13,
              textRun: { content: 'Certificate\n', textStyle: { bold: true } },
            },
          ],
          paragraphStyle: {
            namedStyleType: 'TITLE',
            alignment: 'CENTER',
            direction: 'LEFT_TO_RIGHT',
          } as never,
        },
      },
      {
        startIndex: 13,
        endIndex: 50,
        paragraph: {
          elements: [
            { startIndex: 13, endIndex: 29, textRun: { content: 'This certifies ', textStyle: {} } },
            {
              startIndex: 29,
              endIndex: 33,
              textRun: { content: 'that', textStyle: { italic: true } },
            },
            {
              startIndex: 33,
              endIndex: 34,
              textRun: { content: ' ', textStyle: {} },
            },
            {
              startIndex: 34,
              endIndex: 50,
              textRun: { content: '{{Full Name}}\n', textStyle: { underline: true } },
            },
          ],
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT' },
        },
      },
      {
        startIndex: 50,
        endIndex: 70,
        paragraph: {
          elements: [
            {
              startIndex: 50,
              endIndex: 58,
              textRun: {
                content: 'Website',
                textStyle: {
                  underline: true,
                  link: { url: 'https://example.org/about?a=1&b=2' },
                },
              },
            },
            { startIndex: 58, endIndex: 60, textRun: { content: ' \n', textStyle: {} } },
          ],
          paragraphStyle: { namedStyleType: 'HEADING_2' },
        },
      },
    ],
  },
};

function paragraph(text: string, extra: Partial<NonNullable<DocsStructuralElement['paragraph']>> = {}) {
  return {
    paragraph: {
      elements: [{ textRun: { content: `${text}\n`, textStyle: {} } }],
      paragraphStyle: { namedStyleType: 'NORMAL_TEXT' },
      ...extra,
    },
  } satisfies DocsStructuralElement;
}

function bullet(text: string, listId: string, nestingLevel?: number) {
  return paragraph(text, { bullet: nestingLevel === undefined ? { listId } : { listId, nestingLevel } });
}

describe('documentToHtml', () => {
  it('renders a title, styled runs, a heading and a safe link', () => {
    expect(documentToHtml(certificate)).toBe(
      '<h1 style="text-align: center"><b>Certificate</b></h1>' +
        '<p>This certifies <i>that</i> <u>{{Full Name}}</u></p>' +
        '<h2><a href="https://example.org/about?a=1&amp;b=2">Website</a> </h2>',
    );
  });

  it('maps every named style to its heading level', () => {
    const styles = [
      'HEADING_1',
      'HEADING_3',
      'HEADING_4',
      'HEADING_5',
      'HEADING_6',
      'SUBTITLE',
      'NORMAL_TEXT',
    ];
    const document: DocsDocument = {
      body: {
        content: styles.map((style) => paragraph(style, { paragraphStyle: { namedStyleType: style } })),
      },
    };
    expect(documentToHtml(document)).toBe(
      '<h1>HEADING_1</h1><h3>HEADING_3</h3><h4>HEADING_4</h4><h5>HEADING_5</h5><h6>HEADING_6</h6>' +
        '<h2>SUBTITLE</h2><p>NORMAL_TEXT</p>',
    );
  });

  it('merges runs that differ only in font, size or colour, as Google-exported documents have them', () => {
    // A document created from Google's HTML export: every span has its own class, so every run its own style.
    const document: DocsDocument = {
      body: {
        content: [
          {
            paragraph: {
              elements: [
                {
                  textRun: {
                    content: 'Certificate for {{Full ',
                    textStyle: { fontSize: { magnitude: 11, unit: 'PT' } } as never,
                  },
                },
                {
                  textRun: {
                    content: 'Name}}',
                    textStyle: { weightedFontFamily: { fontFamily: 'Arial', weight: 400 } } as never,
                  },
                },
                { textRun: { content: ', dated {{date}}\n', textStyle: {} } },
              ],
              paragraphStyle: { namedStyleType: 'NORMAL_TEXT' },
            },
          },
        ],
      },
    };
    expect(documentToHtml(document)).toBe('<p>Certificate for {{Full Name}}, dated {{date}}</p>');
  });

  it('keeps a placeholder whole when only part of it was made bold', () => {
    const document: DocsDocument = {
      body: {
        content: [
          {
            paragraph: {
              elements: [
                { textRun: { content: 'Dear ', textStyle: {} } },
                { textRun: { content: '{{First', textStyle: { bold: true } } },
                { textRun: { content: ' Name}}, welcome\n', textStyle: {} } },
              ],
            },
          },
        ],
      },
    };
    expect(documentToHtml(document)).toBe('<p>Dear <b>{{First Name}}</b>, welcome</p>');
  });

  it('escapes text, so a document that contains markup shows it as text', () => {
    const document: DocsDocument = {
      body: {
        content: [
          paragraph('<script>alert("x")</script> & <img src=x onerror=alert(1)>'),
          {
            paragraph: {
              elements: [
                { textRun: { content: 'click', textStyle: { link: { url: 'javascript:alert(1)' } } } },
                { textRun: { content: ' mail', textStyle: { link: { url: 'mailto:ann@example.org' } } } },
                { textRun: { content: '\n', textStyle: {} } },
              ],
            },
          },
        ],
      },
    };
    const html = documentToHtml(document);
    expect(html).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>' +
        '<p>click<a href="mailto:ann@example.org"> mail</a></p>',
    );
    expect(html).not.toContain('<script');
  });

  it('turns empty paragraphs into <p><br></p> and soft line breaks into <br>', () => {
    const document: DocsDocument = {
      body: { content: [paragraph('Line one\u000bLine two'), paragraph(''), paragraph('End')] },
    };
    expect(documentToHtml(document)).toBe('<p>Line one<br>Line two</p><p><br></p><p>End</p>');
  });

  it('keeps strikethrough, superscript and repeated spaces', () => {
    const document: DocsDocument = {
      body: {
        content: [
          {
            paragraph: {
              elements: [
                { textRun: { content: 'old', textStyle: { strikethrough: true } } },
                { textRun: { content: ' m', textStyle: {} } },
                { textRun: { content: '2', textStyle: { baselineOffset: 'SUPERSCRIPT' } } },
                { textRun: { content: '  total\n', textStyle: {} } },
              ],
            },
          },
        ],
      },
    };
    expect(documentToHtml(document)).toBe('<p><s>old</s> m<sup>2</sup>\u00a0 total</p>');
  });

  it('nests bulleted and numbered lists by nesting level, one list element per run of items', () => {
    const document: DocsDocument = {
      lists: {
        'kix.bullets': {
          listProperties: {
            nestingLevels: [
              { glyphSymbol: '●' },
              { glyphSymbol: '○' },
              { glyphType: 'DECIMAL', startNumber: 1 },
            ],
          },
        },
        'kix.numbers': {
          listProperties: {
            nestingLevels: [{ glyphType: 'DECIMAL' }, { glyphType: 'ALPHA' }, { glyphType: 'ROMAN' }],
          },
        },
      },
      body: {
        content: [
          paragraph('Before'),
          bullet('Apples', 'kix.bullets'),
          bullet('Green', 'kix.bullets', 1),
          bullet('Granny Smith', 'kix.bullets', 2),
          bullet('Red', 'kix.bullets', 1),
          bullet('Pears', 'kix.bullets', 0),
          paragraph('Between'),
          bullet('First', 'kix.numbers'),
          bullet('Detail', 'kix.numbers', 1),
          bullet('Second', 'kix.numbers'),
          bullet('Other list', 'kix.bullets'),
        ],
      },
    };
    expect(documentToHtml(document)).toBe(
      '<p>Before</p>' +
        '<ul><li>Apples<ul><li>Green<ol><li>Granny Smith</li></ol></li><li>Red</li></ul></li><li>Pears</li></ul>' +
        '<p>Between</p>' +
        '<ol><li>First<ol><li>Detail</li></ol></li><li>Second</li></ol>' +
        '<ul><li>Other list</li></ul>',
    );
  });

  it('renders a table with its cells, merged cells spanning', () => {
    const cell = (text: string, style?: { rowSpan?: number; columnSpan?: number }) => ({
      content: [paragraph(text)],
      tableCellStyle: { rowSpan: 1, columnSpan: 1, ...style },
    });
    const document: DocsDocument = {
      body: {
        content: [
          {
            table: {
              rows: 3,
              columns: 2,
              tableRows: [
                { tableCells: [cell('Field'), cell('Answer')] },
                { tableCells: [cell('Name', { rowSpan: 2 }), cell('{{Name}}')] },
                { tableCells: [cell(''), cell('{{Email}}')] },
                { tableCells: [cell('Signed', { columnSpan: 2 }), cell('')] },
              ],
            },
          },
          paragraph('After'),
        ],
      },
    };
    const td = '<td style="border: 1pt solid #000000; padding: 5pt"';
    expect(documentToHtml(document)).toBe(
      '<table style="border-collapse: collapse"><tbody>' +
        `<tr>${td}><p>Field</p></td>${td}><p>Answer</p></td></tr>` +
        `<tr><td rowspan="2" style="border: 1pt solid #000000; padding: 5pt"><p>Name</p></td>${td}><p>{{Name}}</p></td></tr>` +
        `<tr>${td}><p>{{Email}}</p></td></tr>` +
        '<tr><td colspan="2" style="border: 1pt solid #000000; padding: 5pt"><p>Signed</p></td></tr>' +
        '</tbody></table><p>After</p>',
    );
  });

  it('leaves out the borders of a layout table whose borders were removed', () => {
    const none = { width: { magnitude: 0, unit: 'PT' } };
    const document: DocsDocument = {
      body: {
        content: [
          {
            table: {
              tableRows: [
                {
                  tableCells: [
                    {
                      content: [paragraph('Logo')],
                      tableCellStyle: {
                        borderTop: none,
                        borderBottom: none,
                        borderLeft: none,
                        borderRight: none,
                      },
                    },
                  ],
                },
              ],
            },
          },
        ],
      },
    };
    expect(documentToHtml(document)).toBe(
      '<table style="border-collapse: collapse"><tbody><tr><td style="padding: 5pt"><p>Logo</p></td></tr></tbody></table>',
    );
  });

  it('inlines images from the map of data URIs and leaves out the ones it lacks', () => {
    const document: DocsDocument = {
      inlineObjects: {
        'kix.logo': {
          objectId: 'kix.logo',
          inlineObjectProperties: {
            embeddedObject: {
              title: 'Logo',
              description: 'Company "logo"',
              imageProperties: { contentUri: 'https://lh7-rt.googleusercontent.com/docsz/AD_4nX' },
              size: { width: { magnitude: 150, unit: 'PT' }, height: { magnitude: 75, unit: 'PT' } },
            },
          },
        },
        'kix.missing': {
          inlineObjectProperties: {
            embeddedObject: { imageProperties: { contentUri: 'https://lh7-rt.googleusercontent.com/x' } },
          },
        },
      },
      body: {
        content: [
          {
            paragraph: {
              elements: [
                { inlineObjectElement: { inlineObjectId: 'kix.logo' } },
                { textRun: { content: ' Header', textStyle: {} } },
                { inlineObjectElement: { inlineObjectId: 'kix.missing' } },
                { textRun: { content: '\n', textStyle: {} } },
              ],
            },
          },
        ],
      },
    };
    const html = documentToHtml(document, {
      images: new Map([['kix.logo', 'data:image/png;base64,iVBORw0KGgo=']]),
    });
    expect(html).toBe(
      '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Company &quot;logo&quot;" width="200" height="100"> Header</p>',
    );
    expect(html).not.toContain('googleusercontent');
    expect(documentImages(document)).toEqual([
      { objectId: 'kix.logo', contentUri: 'https://lh7-rt.googleusercontent.com/docsz/AD_4nX' },
      { objectId: 'kix.missing', contentUri: 'https://lh7-rt.googleusercontent.com/x' },
    ]);
  });

  it('finds images inside table cells, each once', () => {
    const image = { inlineObjectElement: { inlineObjectId: 'kix.a' } };
    const document: DocsDocument = {
      inlineObjects: {
        'kix.a': {
          inlineObjectProperties: { embeddedObject: { imageProperties: { contentUri: 'https://x/a' } } },
        },
        'kix.unused': {
          inlineObjectProperties: { embeddedObject: { imageProperties: { contentUri: 'https://x/u' } } },
        },
      },
      body: {
        content: [
          { paragraph: { elements: [image] } },
          { table: { tableRows: [{ tableCells: [{ content: [{ paragraph: { elements: [image] } }] }] }] } },
        ],
      },
    };
    expect(documentImages(document)).toEqual([{ objectId: 'kix.a', contentUri: 'https://x/a' }]);
  });

  it('puts a horizontal rule after its paragraph and ignores section breaks', () => {
    const document: DocsDocument = {
      body: {
        content: [
          { sectionBreak: {} },
          { paragraph: { elements: [{ horizontalRule: {} }, { textRun: { content: '\n' } }] } },
          paragraph('Below'),
        ],
      },
    };
    expect(documentToHtml(document)).toBe('<p><br></p><hr><p>Below</p>');
  });

  it('answers an empty string for a document without a body', () => {
    expect(documentToHtml({ title: 'Empty' })).toBe('');
  });
});

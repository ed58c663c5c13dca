import { describe, expect, it } from 'vitest';
import { documentLines } from './document-lines.js';
import type { Block, ParagraphBlock } from './document-model.js';
import { htmlToDocumentModel } from './html-to-model.js';

const paragraphs = (blocks: Block[]) =>
  blocks.filter((block): block is ParagraphBlock => block.kind === 'paragraph');
const texts = (html: string) =>
  paragraphs(htmlToDocumentModel(html).blocks).map((block) =>
    block.inlines.map((inline) => (inline.kind === 'text' ? inline.text : '[image]')).join(''),
  );

describe('htmlToDocumentModel', () => {
  it('collapses whitespace as a browser does, across inline elements and around line breaks', () => {
    expect(texts('<p>  <b>Bold</b>\n   text <i> and </i> more  </p><p>one <br>\n two</p>')).toEqual([
      'Bold text and more',
      'one\u000btwo',
    ]);
  });

  it('keeps loose text in its own paragraphs and drops blank text between blocks', () => {
    expect(
      texts('<body>Loose text\n<div>In a div</div>\n  <div><span>Nested</span> span</div>tail</body>'),
    ).toEqual(['Loose text', 'In a div', 'Nested span', 'tail']);
  });

  it('lets CSS win over the tag, as in Google’s clipboard wrapper <b style="font-weight:normal">', () => {
    const [block] = paragraphs(
      htmlToDocumentModel(
        '<style>.s{text-decoration:line-through}</style><b style="font-weight:normal"><p>plain <span style="font-weight:bold">bold</span> <span class="s">gone</span></p></b>',
      ).blocks,
    );
    expect(block?.inlines).toEqual([
      { kind: 'text', text: 'plain ', style: {} },
      { kind: 'text', text: 'bold', style: { bold: true } },
      { kind: 'text', text: ' ', style: {} },
      { kind: 'text', text: 'gone', style: { strikethrough: true } },
    ]);
  });

  it('reads Google’s flat nested lists by their lst-kix classes, and list items wrapping paragraphs', () => {
    const model = htmlToDocumentModel(
      '<ul class="lst-kix_abc-0 start"><li>top</li></ul><ul class="lst-kix_abc-1 start"><li>inner</li></ul><ul class="lst-kix_abc-0"><li>again</li></ul><ol><li><p>wrapped</p></li></ol>',
    );
    expect(paragraphs(model.blocks).map((block) => block.bullet)).toEqual([
      { listId: 'kix.abc', level: 0 },
      { listId: 'kix.abc', level: 1 },
      { listId: 'kix.abc', level: 0 },
      { listId: expect.stringMatching(/^kix\./), level: 0 },
    ]);
    expect(model.lists.map((list) => list.levels[0])).toEqual([
      { ordered: false, glyphSymbol: '●' },
      { ordered: true, glyphType: 'DECIMAL', startNumber: 1 },
    ]);
  });

  it('gives Docs’ body shape: a paragraph before a leading table, between tables and at the end', () => {
    const model = htmlToDocumentModel(
      '<table><tr><td>a</td></tr></table><table><tr><td>b</td><td></td></tr><tr><td><table><tr><td>deep</td></tr></table></td></tr></table>',
    );
    expect(model.blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'table',
      'paragraph',
      'table',
      'paragraph',
    ]);
    const second = model.blocks[3];
    if (second?.kind !== 'table') throw new Error('expected a table');
    // Rows are padded to the widest row, and every cell ends with a paragraph (after a nested table too).
    expect(second.rows.map((row) => row.length)).toEqual([2, 2]);
    expect(second.rows[0]?.[1]).toEqual([{ kind: 'paragraph', namedStyle: 'NORMAL_TEXT', inlines: [] }]);
    expect(second.rows[1]?.[0]?.map((block) => block.kind)).toEqual(['table', 'paragraph']);
    expect(documentLines(model).filter((line) => line.kind === 'row')).toEqual([
      { kind: 'row', cells: ['a'] },
      { kind: 'row', cells: ['b', ''] },
      { kind: 'row', cells: ['deep', ''] },
    ]);
  });

  it('makes an empty document one empty paragraph, and keeps explicit empty paragraphs', () => {
    expect(htmlToDocumentModel('').blocks).toEqual([
      { kind: 'paragraph', namedStyle: 'NORMAL_TEXT', inlines: [] },
    ]);
    expect(texts('<p>a</p><p></p><p>  </p><p>b</p>')).toEqual(['a', '', '', 'b']);
  });

  it('numbers ordered items per list and level, restarting deeper levels and honouring start', () => {
    const lines = documentLines(
      htmlToDocumentModel(
        '<ol start="3"><li>c<ol type="i"><li>c.i</li><li>c.ii</li></ol></li><li>d<ol type="i"><li>d.i</li></ol></li></ol>',
      ),
    );
    expect(
      lines.map((line) => (line.kind === 'paragraph' ? `${line.bullet?.label} ${line.text}` : '')),
    ).toEqual(['3. c', 'i. c.i', 'ii. c.ii', '4. d', 'i. d.i']);
  });
});

import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { parseStyleSheet, type StyleSheet } from './css-rules.js';
import type { Block, DocumentModel, NamedStyleType, RunStyle } from './document-model.js';
import { alignmentOf, classNames, declarationsOf, lengthInPoints, runStyleOf } from './html-styles.js';
import { ListRegistry, stableId } from './list-registry.js';
import { type ParagraphProps, ParagraphWriter } from './paragraph-writer.js';

type HtmlNode = ReturnType<typeof parseDocument>['children'][number];
type HtmlElement = Extract<HtmlNode, { attribs: Record<string, string> }>;

/** What the nodes below an element inherit. */
interface Context {
  style: RunStyle;
  paragraph: ParagraphProps;
}

/** Elements whose content is never document text. */
const SKIPPED = new Set(['head', 'script', 'style', 'title', 'meta', 'link', 'template', 'noscript', 'svg']);
/** Elements that are paragraphs themselves: they are kept even when empty (Google's blank lines). */
const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'pre']);
/** Containers: they end the paragraph before and after them, but make none of their own. */
const CONTAINERS = new Set([
  'html',
  'body',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'blockquote',
  'figure',
  'figcaption',
  'address',
  'center',
  'form',
  'fieldset',
  'details',
  'summary',
  'dl',
  'hr',
  'caption',
]);

/**
 * Reads stored HTML (Google's HTML export, or any HTML a person typed) into the document model, with
 * htmlparser2: the style sheet's simple classes decide bold, italic, underline and alignment, lists keep
 * their ids and levels, and every piece of text ends up in some paragraph, including table cells.
 */
export function htmlToDocumentModel(html: string): DocumentModel {
  const dom = parseDocument(html);
  const css = DomUtils.getElementsByTagName('style', dom, true)
    .map((style) => DomUtils.textContent(style))
    .join('\n');
  const reader = new HtmlReader(parseStyleSheet(css));
  const blocks = reader.blocks(dom.children, { style: {}, paragraph: { namedStyle: 'NORMAL_TEXT' } });
  return { blocks: reader.finishHeadings(withDocsBodyShape(blocks)), lists: reader.lists.lists() };
}

/**
 * Docs never starts or ends a body with a table, never puts two tables side by side, and never has an
 * empty body: an empty paragraph fills each of those places, as in a real document.
 */
function withDocsBodyShape(blocks: Block[]): Block[] {
  const shaped: Block[] = [];
  for (const block of blocks) {
    if (block.kind === 'table' && shaped.at(-1)?.kind !== 'paragraph') shaped.push(emptyParagraph());
    shaped.push(block);
  }
  if (shaped.at(-1)?.kind !== 'paragraph') shaped.push(emptyParagraph());
  return shaped;
}

function emptyParagraph(): Block {
  return { kind: 'paragraph', namedStyle: 'NORMAL_TEXT', inlines: [] };
}

class HtmlReader {
  readonly lists: ListRegistry;
  #images = 0;
  #headings = 0;
  readonly #usedHeadingIds = new Set<string>();

  constructor(private readonly sheet: StyleSheet) {
    this.lists = new ListRegistry(sheet);
  }

  blocks(nodes: readonly HtmlNode[], context: Context): Block[] {
    const writer = new ParagraphWriter();
    for (const node of nodes) this.#visit(node, context, writer);
    writer.close();
    return writer.blocks;
  }

  /** Headings, the title and the subtitle get Google's `h.` ids: the export's own when it has one. */
  finishHeadings(blocks: Block[]): Block[] {
    for (const block of blocks) {
      if (block.kind === 'table') {
        for (const cell of block.rows.flat()) this.finishHeadings(cell);
        continue;
      }
      if (block.namedStyle === 'NORMAL_TEXT') {
        delete block.headingId;
        continue;
      }
      if (!block.headingId || this.#usedHeadingIds.has(block.headingId)) {
        this.#headings += 1;
        block.headingId = `h.${stableId(`heading-${this.#headings}`)}`;
      }
      this.#usedHeadingIds.add(block.headingId);
    }
    return blocks;
  }

  #visit(node: HtmlNode, context: Context, writer: ParagraphWriter) {
    if (node.type === ElementType.Text) {
      writer.text((node as Extract<HtmlNode, { data: string }>).data, context.style, context.paragraph);
      return;
    }
    if (!('attribs' in node)) return;
    const element = node as HtmlElement;
    const tag = element.name.toLowerCase();
    if (SKIPPED.has(tag)) return;
    const declarations = declarationsOf(element.attribs, this.sheet);
    const style = runStyleOf(tag, element.attribs, declarations, context.style);
    const alignment = alignmentOf(element.attribs, declarations) ?? context.paragraph.alignment;

    if (tag === 'br') return writer.lineBreak(context.style, context.paragraph);
    if (tag === 'img') return this.#image(element, context, writer);
    if (tag === 'table') {
      const table = this.#table(element, style, alignment, writer);
      if (table.rows.length > 0) writer.table(table);
      return;
    }
    if (tag === 'ul' || tag === 'ol') {
      writer.close();
      const list = this.lists.enter(tag, element.attribs, declarations, context.paragraph.bullet);
      const inner: Context = { style, paragraph: { ...context.paragraph, ...withAlignment(alignment) } };
      for (const child of element.children) {
        const isItem = 'attribs' in child && (child as HtmlElement).name.toLowerCase() === 'li';
        this.#visit(
          child,
          isItem ? { ...inner, paragraph: { ...inner.paragraph, bullet: list } } : inner,
          writer,
        );
      }
      writer.close();
      return;
    }
    if (PARAGRAPHS.has(tag)) {
      writer.close();
      const props: ParagraphProps = {
        namedStyle: namedStyleOf(tag, element.attribs),
        ...withAlignment(alignment),
        // Google's export names headings `h.xxxx`; other ids are not heading ids.
        ...(/^h\.[\w-]+$/.test(element.attribs.id ?? '') ? { headingId: element.attribs.id } : {}),
        ...(context.paragraph.bullet ? { bullet: context.paragraph.bullet } : {}),
      };
      const before = writer.blocks.length;
      for (const child of element.children) this.#visit(child, { style, paragraph: props }, writer);
      writer.close();
      if (writer.blocks.length === before) writer.emptyParagraph(props);
      return;
    }
    if (CONTAINERS.has(tag)) {
      writer.close();
      const props = { ...context.paragraph, ...withAlignment(alignment) };
      for (const child of element.children) this.#visit(child, { style, paragraph: props }, writer);
      writer.close();
      return;
    }
    // Anything else is inline (span, a, b, font, …): its text joins the open paragraph.
    for (const child of element.children) this.#visit(child, { style, paragraph: context.paragraph }, writer);
  }

  #image(element: HtmlElement, context: Context, writer: ParagraphWriter) {
    const src = element.attribs.src?.trim();
    if (!src) return;
    const declarations = declarationsOf(element.attribs, this.sheet);
    this.#images += 1;
    const width = lengthInPoints(declarations.get('width') ?? element.attribs.width);
    const height = lengthInPoints(declarations.get('height') ?? element.attribs.height);
    writer.image(
      {
        objectId: `kix.${stableId(`image-${this.#images}`)}`,
        src,
        ...(element.attribs.alt ? { alt: element.attribs.alt } : {}),
        ...(element.attribs.title ? { title: element.attribs.title } : {}),
        ...(width ? { widthPt: width } : {}),
        ...(height ? { heightPt: height } : {}),
      },
      context.paragraph,
    );
  }

  #table(
    element: HtmlElement,
    style: RunStyle,
    alignment: ParagraphProps['alignment'],
    writer: ParagraphWriter,
  ) {
    const rows: Block[][][] = [];
    for (const child of element.children) {
      if (!('attribs' in child)) continue;
      const part = child as HtmlElement;
      const name = part.name.toLowerCase();
      if (name === 'caption') {
        // A caption is text of the document too; Docs has no captions, so it becomes a paragraph before the table.
        this.#visit(part, { style, paragraph: { namedStyle: 'NORMAL_TEXT' } }, writer);
      } else if (name === 'tr') rows.push(this.#row(part, style, alignment));
      else if (name === 'thead' || name === 'tbody' || name === 'tfoot') {
        for (const row of part.children) {
          if ('attribs' in row && (row as HtmlElement).name.toLowerCase() === 'tr') {
            rows.push(this.#row(row as HtmlElement, style, alignment));
          }
        }
      }
    }
    writer.close();
    const columns = Math.max(1, ...rows.map((row) => row.length));
    return {
      kind: 'table' as const,
      rows: rows
        .filter((row) => row.length > 0)
        .map((row) => [...row, ...Array.from({ length: columns - row.length }, (): Block[] => [])])
        .map((row) => row.map(endWithParagraph)),
    };
  }

  #row(row: HtmlElement, style: RunStyle, alignment: ParagraphProps['alignment']): Block[][] {
    const cells: Block[][] = [];
    for (const child of row.children) {
      if (!('attribs' in child)) continue;
      const cell = child as HtmlElement;
      const tag = cell.name.toLowerCase();
      if (tag !== 'td' && tag !== 'th') continue;
      const declarations = declarationsOf(cell.attribs, this.sheet);
      const cellAlignment = alignmentOf(cell.attribs, declarations) ?? alignment;
      // A cell starts afresh: no bullet and normal text, whatever surrounds the table.
      cells.push(
        this.blocks(cell.children, {
          style: runStyleOf(tag, cell.attribs, declarations, style),
          paragraph: { namedStyle: 'NORMAL_TEXT', ...withAlignment(cellAlignment) },
        }),
      );
    }
    return cells;
  }
}

/** Docs ends every cell with a paragraph (an empty cell holds one empty paragraph). */
function endWithParagraph(blocks: Block[]): Block[] {
  if (blocks.at(-1)?.kind === 'paragraph') return blocks;
  return [...blocks, emptyParagraph()];
}

function namedStyleOf(tag: string, attributes: Record<string, string>): NamedStyleType {
  const heading = /^h([1-6])$/.exec(tag)?.[1];
  if (heading) return `HEADING_${heading}` as NamedStyleType;
  const classes = classNames(attributes);
  if (classes.includes('title')) return 'TITLE';
  if (classes.includes('subtitle')) return 'SUBTITLE';
  return 'NORMAL_TEXT';
}

function withAlignment(alignment: ParagraphProps['alignment']): Pick<ParagraphProps, 'alignment'> {
  return alignment ? { alignment } : {};
}

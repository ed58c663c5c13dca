import { escapeHtml } from '@sheetforms/contract';
import type {
  DocsDocument,
  DocsInlineObject,
  DocsParagraph,
  DocsParagraphElement,
  DocsStructuralElement,
  DocsTable,
  DocsTextStyle,
} from './docs-document';
import { CELL_STYLE, CELL_STYLE_BORDERLESS, TABLE_STYLE } from './table-style';

/**
 * Google Docs `Document` (documents.get) → clean template HTML: h1-h6, p, b/i/u/s, sup/sub, a, ul/ol,
 * table, img. Only structure and the four text styles are kept (fonts, colours and sizes are not), so
 * the server's sanitizer has nothing to strip and placeholders stay in one piece.
 */

export interface DocsToHtmlOptions {
  /**
   * Inline object id → `data:` URI of its image. Images are fetched before conversion (with the owner's
   * token) so the HTML names no external address; an image missing here is left out.
   */
  images?: ReadonlyMap<string, string>;
}

export function documentToHtml(document: DocsDocument, options: DocsToHtmlOptions = {}): string {
  const context: RenderContext = {
    document,
    images: options.images ?? new Map(),
  };
  return renderContent(document.body?.content ?? [], context);
}

/** An image the body shows: its inline object id and the short-lived address of its bytes. */
export interface DocumentImage {
  objectId: string;
  contentUri: string;
}

/** The images the body (tables included) really shows, each once, in document order. */
export function documentImages(document: DocsDocument): DocumentImage[] {
  const seen = new Set<string>();
  const images: DocumentImage[] = [];
  const visit = (content: DocsStructuralElement[] | undefined) => {
    for (const element of content ?? []) {
      for (const part of element.paragraph?.elements ?? []) {
        const id = part.inlineObjectElement?.inlineObjectId;
        if (id === undefined || seen.has(id)) continue;
        seen.add(id);
        const contentUri = imageOf(document.inlineObjects?.[id])?.imageProperties?.contentUri;
        if (contentUri) images.push({ objectId: id, contentUri });
      }
      for (const row of element.table?.tableRows ?? []) {
        for (const cell of row.tableCells ?? []) visit(cell.content);
      }
      visit(element.tableOfContents?.content);
    }
  };
  visit(document.body?.content);
  return images;
}

interface RenderContext {
  document: DocsDocument;
  images: ReadonlyMap<string, string>;
}

function imageOf(object: DocsInlineObject | undefined) {
  return object?.inlineObjectProperties?.embeddedObject;
}

function renderContent(content: readonly DocsStructuralElement[], context: RenderContext): string {
  const out: string[] = [];
  const lists = new ListWriter(out);
  for (const element of content) {
    const { paragraph } = element;
    if (paragraph?.bullet) {
      const level = clampLevel(paragraph.bullet.nestingLevel);
      const listId = paragraph.bullet.listId ?? '';
      const { inner, trailing } = renderInline(paragraph, context);
      lists.item(listId, level, listTag(context.document, listId, level), inner || '<br>');
      if (trailing) {
        lists.closeAll();
        out.push(trailing);
      }
      continue;
    }
    lists.closeAll();
    if (paragraph) out.push(renderParagraph(paragraph, context));
    else if (element.table) out.push(renderTable(element.table, context));
    else if (element.tableOfContents) out.push(renderContent(element.tableOfContents.content ?? [], context));
    // Section breaks (and anything newer) carry no content of their own.
  }
  lists.closeAll();
  return out.join('');
}

function clampLevel(level: number | undefined): number {
  return Number.isInteger(level) && level !== undefined && level > 0 ? Math.min(level, 8) : 0;
}

const HEADING_TAGS: Record<string, string> = {
  TITLE: 'h1',
  SUBTITLE: 'h2',
  HEADING_1: 'h1',
  HEADING_2: 'h2',
  HEADING_3: 'h3',
  HEADING_4: 'h4',
  HEADING_5: 'h5',
  HEADING_6: 'h6',
};

const ALIGNMENTS: Record<string, string> = { CENTER: 'center', END: 'right', JUSTIFIED: 'justify' };

function renderParagraph(paragraph: DocsParagraph, context: RenderContext): string {
  const { inner, trailing } = renderInline(paragraph, context);
  if (inner === '') return `<p><br></p>${trailing}`;
  const tag = HEADING_TAGS[paragraph.paragraphStyle?.namedStyleType ?? ''] ?? 'p';
  const alignment = ALIGNMENTS[paragraph.paragraphStyle?.alignment ?? ''];
  const style = alignment ? ` style="text-align: ${alignment}"` : '';
  return `<${tag}${style}>${inner}</${tag}>${trailing}`;
}

function renderTable(table: DocsTable, context: RenderContext): string {
  // Cells covered by a merged cell above (rowSpan) are skipped by their column position.
  const covered = new Set<string>();
  const rows: string[] = [];
  (table.tableRows ?? []).forEach((row, rowIndex) => {
    const cells: string[] = [];
    let column = 0;
    let skipColumns = 0;
    for (const cell of row.tableCells ?? []) {
      const position = column;
      column += 1;
      if (skipColumns > 0) {
        skipColumns -= 1;
        continue;
      }
      if (covered.has(`${rowIndex}:${position}`)) continue;
      const rowSpan = spanOf(cell.tableCellStyle?.rowSpan);
      const columnSpan = spanOf(cell.tableCellStyle?.columnSpan);
      skipColumns = columnSpan - 1;
      for (let r = 1; r < rowSpan; r += 1) {
        for (let c = 0; c < columnSpan; c += 1) covered.add(`${rowIndex + r}:${position + c}`);
      }
      const spans =
        (rowSpan > 1 ? ` rowspan="${rowSpan}"` : '') + (columnSpan > 1 ? ` colspan="${columnSpan}"` : '');
      const style = hasNoBorders(cell.tableCellStyle) ? CELL_STYLE_BORDERLESS : CELL_STYLE;
      cells.push(`<td${spans} style="${style}">${renderContent(cell.content ?? [], context)}</td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  });
  return `<table style="${TABLE_STYLE}"><tbody>${rows.join('')}</tbody></table>`;
}

type CellStyle = NonNullable<
  NonNullable<NonNullable<DocsTable['tableRows']>[number]['tableCells']>[number]['tableCellStyle']
>;

function hasNoBorders(style: CellStyle | undefined): boolean {
  const borders = [style?.borderTop, style?.borderBottom, style?.borderLeft, style?.borderRight];
  return borders.every((border) => border?.width?.magnitude === 0);
}

function spanOf(value: number | undefined): number {
  return value !== undefined && Number.isInteger(value) && value > 1 ? Math.min(value, 100) : 1;
}

const NUMBERED_GLYPHS = new Set(['DECIMAL', 'ZERO_DECIMAL', 'ALPHA', 'UPPER_ALPHA', 'ROMAN', 'UPPER_ROMAN']);

/** `<ol>` for a numbered level (its glyphType is a number system), `<ul>` for bullets. */
function listTag(document: DocsDocument, listId: string, level: number): 'ol' | 'ul' {
  const glyphType = document.lists?.[listId]?.listProperties?.nestingLevels?.[level]?.glyphType ?? '';
  return NUMBERED_GLYPHS.has(glyphType) ? 'ol' : 'ul';
}

/**
 * Writes list items with real nesting: a deeper item opens a list inside the open <li>; consecutive
 * items of one list at one level share one list element.
 */
class ListWriter {
  private readonly open: { listId: string; level: number; tag: string }[] = [];

  constructor(private readonly out: string[]) {}

  item(listId: string, level: number, tag: string, inner: string): void {
    let top = this.open.at(-1);
    while (top && top.level > level) {
      this.closeTop();
      top = this.open.at(-1);
    }
    if (top && top.level === level && (top.listId !== listId || top.tag !== tag)) {
      this.closeTop();
      top = this.open.at(-1);
    }
    if (top && top.level === level) {
      this.out.push('</li>');
    } else {
      this.out.push(`<${tag}>`);
      this.open.push({ listId, level, tag });
    }
    this.out.push(`<li>${inner}`);
  }

  closeAll(): void {
    while (this.open.length > 0) this.closeTop();
  }

  private closeTop(): void {
    const list = this.open.pop();
    if (list) this.out.push(`</li></${list.tag}>`);
  }
}

interface RunStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  baseline: '' | 'sup' | 'sub';
  href: string | null;
}

type Piece = { kind: 'text'; text: string; style: RunStyle } | { kind: 'html'; html: string };

/**
 * A paragraph's inline HTML, plus what must follow the block (a horizontal rule cannot sit inside a
 * <p>). Empty when the paragraph has no text and no image.
 */
function renderInline(paragraph: DocsParagraph, context: RenderContext): { inner: string; trailing: string } {
  const pieces: Piece[] = [];
  let trailing = '';
  for (const element of paragraph.elements ?? []) {
    if (element.horizontalRule) {
      trailing += '<hr>';
      continue;
    }
    const piece = pieceOf(element, context);
    if (piece) pieces.push(piece);
  }
  dropParagraphEnd(pieces);

  const html: string[] = [];
  let segment: { text: string; style: RunStyle }[] = [];
  const flush = () => {
    for (const run of keepPlaceholdersWhole(segment)) html.push(renderRun(run.text, run.style));
    segment = [];
  };
  for (const piece of pieces) {
    if (piece.kind === 'text') {
      segment.push(piece);
    } else {
      flush();
      html.push(piece.html);
    }
  }
  flush();
  return { inner: html.join(''), trailing };
}

function pieceOf(element: DocsParagraphElement, context: RenderContext): Piece | null {
  if (element.textRun) {
    return { kind: 'text', text: element.textRun.content ?? '', style: runStyle(element.textRun.textStyle) };
  }
  if (element.inlineObjectElement) {
    const id = element.inlineObjectElement.inlineObjectId ?? '';
    const source = context.images.get(id);
    return source
      ? { kind: 'html', html: imageTag(source, imageOf(context.document.inlineObjects?.[id])) }
      : null;
  }
  if (element.person) {
    const { name, email } = element.person.personProperties ?? {};
    const text = name || email || '';
    const href = email ? safeHref(`mailto:${email}`) : null;
    return { kind: 'text', text, style: { ...runStyle(undefined), href } };
  }
  if (element.richLink) {
    const { title, uri } = element.richLink.richLinkProperties ?? {};
    return { kind: 'text', text: title || uri || '', style: { ...runStyle(undefined), href: safeHref(uri) } };
  }
  return null;
}

/** Every paragraph's text ends with '\n'; it is the paragraph's end, not a line break. */
function dropParagraphEnd(pieces: Piece[]): void {
  const last = pieces.findLastIndex((piece) => piece.kind === 'text');
  const piece = pieces[last];
  if (piece?.kind === 'text' && piece.text.endsWith('\n')) {
    piece.text = piece.text.slice(0, -1);
  }
}

function runStyle(style: DocsTextStyle | undefined): RunStyle {
  const href = safeHref(style?.link?.url);
  const offset = style?.baselineOffset;
  return {
    bold: style?.bold === true,
    italic: style?.italic === true,
    // Docs underlines every link; the <a> already says it.
    underline: style?.underline === true && href === null,
    strikethrough: style?.strikethrough === true,
    baseline: offset === 'SUPERSCRIPT' ? 'sup' : offset === 'SUBSCRIPT' ? 'sub' : '',
    href,
  };
}

/** Only web and mail links survive; anything else (javascript:, data:, relative) becomes plain text. */
function safeHref(url: string | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

function sameStyle(a: RunStyle, b: RunStyle): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strikethrough === b.strikethrough &&
    a.baseline === b.baseline &&
    a.href === b.href
  );
}

const PLACEHOLDER = /\{\{[^{}\n]{1,200}\}\}/g;

/**
 * Merges neighbouring runs of one style, and gives every {{placeholder}} the style of its first
 * character: Docs often splits a run where the author retyped or restyled part of it, and a
 * placeholder cut by a tag could no longer be found when the template is filled.
 */
function keepPlaceholdersWhole(runs: readonly { text: string; style: RunStyle }[]) {
  const text = runs.map((run) => run.text).join('');
  const styles: RunStyle[] = [];
  for (const run of runs) for (let i = 0; i < run.text.length; i += 1) styles.push(run.style);
  for (const match of text.matchAll(PLACEHOLDER)) {
    const first = styles[match.index];
    if (!first) continue;
    for (let i = match.index; i < match.index + match[0].length; i += 1) styles[i] = first;
  }
  const merged: { text: string; style: RunStyle }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const style = styles[i] as RunStyle;
    const last = merged.at(-1);
    if (last && sameStyle(last.style, style)) last.text += text[i];
    else merged.push({ text: text[i] as string, style });
  }
  return merged;
}

function renderRun(text: string, style: RunStyle): string {
  let html = textHtml(text);
  if (html === '') return '';
  if (style.baseline) html = `<${style.baseline}>${html}</${style.baseline}>`;
  if (style.strikethrough) html = `<s>${html}</s>`;
  if (style.underline) html = `<u>${html}</u>`;
  if (style.italic) html = `<i>${html}</i>`;
  if (style.bold) html = `<b>${html}</b>`;
  if (style.href) html = `<a href="${escapeHtml(style.href)}">${html}</a>`;
  return html;
}

/**
 * Escaped text with Docs' own whitespace kept: a vertical tab is a line break (Shift+Enter), runs of
 * spaces and tabs keep their width.
 */
function textHtml(text: string): string {
  const spaced = text
    .replace(/\t/g, '\u00a0\u00a0\u00a0\u00a0')
    .replace(/ (?= )/g, '\u00a0')
    .replace(/[\r\n]/g, '\u000b');
  return spaced
    .split('\u000b')
    .map((line) => escapeHtml(line))
    .join('<br>');
}

const POINTS_TO_PIXELS = 4 / 3;

function imageTag(source: string, image: ReturnType<typeof imageOf>): string {
  const alt = image?.description || image?.title || '';
  const attributes = [`src="${escapeHtml(source)}"`, `alt="${escapeHtml(alt)}"`];
  const width = pixels(image?.size?.width);
  const height = pixels(image?.size?.height);
  if (width) attributes.push(`width="${width}"`);
  if (height) attributes.push(`height="${height}"`);
  return `<img ${attributes.join(' ')}>`;
}

function pixels(dimension: { magnitude?: number; unit?: string } | undefined): number | null {
  const magnitude = dimension?.magnitude;
  if (magnitude === undefined || !Number.isFinite(magnitude) || magnitude <= 0) return null;
  return Math.round(dimension?.unit === 'PT' ? magnitude * POINTS_TO_PIXELS : magnitude);
}

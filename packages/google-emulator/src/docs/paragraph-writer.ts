import type {
  Alignment,
  Block,
  ImageModel,
  Inline,
  NamedStyleType,
  ParagraphBlock,
  RunStyle,
  TableBlock,
} from './document-model.js';
import { sameRunStyle } from './html-styles.js';

/** What a paragraph opened in some part of the HTML gets: its style, alignment and bullet. */
export interface ParagraphProps {
  namedStyle: NamedStyleType;
  alignment?: Alignment;
  headingId?: string;
  bullet?: { listId: string; level: number };
}

/** A soft line break inside a paragraph, as Docs stores it. */
export const LINE_BREAK = '\u000b';

/**
 * Collects blocks, keeping one paragraph open while inline content arrives. Whitespace collapses as a
 * browser collapses it: runs of spaces and newlines become one space, and none at the start or end of a
 * paragraph or around a line break.
 */
export class ParagraphWriter {
  readonly blocks: Block[] = [];
  #open: { props: ParagraphProps; inlines: Inline[] } | undefined;

  text(text: string, style: RunStyle, props: ParagraphProps) {
    let collapsed = text.replace(/[\t\n\r\f ]+/g, ' ');
    if (!this.#open && collapsed.trim() === '') return;
    const open = this.#ensure(props);
    const last = open.inlines.at(-1);
    const lastText = last?.kind === 'text' ? last.text : undefined;
    if (last === undefined || lastText?.endsWith(' ') || lastText?.endsWith(LINE_BREAK)) {
      collapsed = collapsed.replace(/^ /, '');
    }
    if (collapsed === '') return;
    if (last?.kind === 'text' && sameRunStyle(last.style, style)) last.text += collapsed;
    else open.inlines.push({ kind: 'text', text: collapsed, style });
  }

  lineBreak(style: RunStyle, props: ParagraphProps) {
    const open = this.#ensure(props);
    this.#trimEnd(open.inlines);
    const last = open.inlines.at(-1);
    if (last?.kind === 'text' && sameRunStyle(last.style, style)) last.text += LINE_BREAK;
    else open.inlines.push({ kind: 'text', text: LINE_BREAK, style });
  }

  image(image: ImageModel, props: ParagraphProps) {
    this.#ensure(props).inlines.push({ kind: 'image', image });
  }

  /** Ends the open paragraph; an empty one is dropped (blank HTML between blocks is not a paragraph). */
  close() {
    const open = this.#open;
    this.#open = undefined;
    if (!open) return;
    this.#trimEnd(open.inlines);
    if (open.inlines.length > 0) this.blocks.push(paragraph(open.props, open.inlines));
  }

  /** An explicit empty paragraph (`<p></p>`, Google's blank line). */
  emptyParagraph(props: ParagraphProps) {
    this.close();
    this.blocks.push(paragraph(props, []));
  }

  table(table: TableBlock) {
    this.close();
    this.blocks.push(table);
  }

  #ensure(props: ParagraphProps) {
    this.#open ??= { props, inlines: [] };
    return this.#open;
  }

  #trimEnd(inlines: Inline[]) {
    for (let last = inlines.at(-1); last?.kind === 'text'; last = inlines.at(-1)) {
      last.text = last.text.replace(/ +$/, '');
      if (last.text !== '') return;
      inlines.pop();
    }
  }
}

function paragraph(props: ParagraphProps, inlines: Inline[]): ParagraphBlock {
  return {
    kind: 'paragraph',
    namedStyle: props.namedStyle,
    ...(props.alignment ? { alignment: props.alignment } : {}),
    ...(props.headingId ? { headingId: props.headingId } : {}),
    ...(props.bullet ? { bullet: props.bullet } : {}),
    inlines,
  };
}

import type {
  Block,
  ImageModel,
  ListLevel,
  ListModel,
  ParagraphBlock,
  RunStyle,
  TableBlock,
} from './document-model.js';

type Json = Record<string, unknown>;

const PT = (magnitude: number) => ({ magnitude, unit: 'PT' });
/** The colour Docs gives links (#1155cc). */
const LINK_COLOUR = { color: { rgbColor: { red: 0.06666667, green: 0.33333334, blue: 0.8 } } };

/**
 * Builds Docs' `body.content` from the model, counting indexes as Docs does: in UTF-16 code units, the
 * section break taking index 0, every paragraph ending in "\n", an inline image taking one index, and a
 * table taking one index at its start and end and one at the start of each row and cell.
 */
export class StructuralElementsBuilder {
  readonly inlineObjects: Record<string, Json> = {};
  #index = 1;

  constructor(
    private readonly lists: ReadonlyMap<string, ListModel>,
    /** Where clients download an image (Docs' `contentUri`). */
    private readonly contentUri: (image: ImageModel) => string,
  ) {}

  body(blocks: Block[]): Json[] {
    return [
      {
        endIndex: 1,
        sectionBreak: {
          sectionStyle: {
            columnSeparatorStyle: 'NONE',
            contentDirection: 'LEFT_TO_RIGHT',
            sectionType: 'CONTINUOUS',
          },
        },
      },
      ...this.#content(blocks),
    ];
  }

  #content(blocks: Block[]): Json[] {
    return blocks.map((block) => (block.kind === 'paragraph' ? this.#paragraph(block) : this.#table(block)));
  }

  #paragraph(block: ParagraphBlock): Json {
    const startIndex = this.#index;
    const elements: Json[] = [];
    for (const inline of block.inlines) {
      const start = this.#index;
      if (inline.kind === 'text') {
        this.#index += inline.text.length;
        elements.push({
          startIndex: start,
          endIndex: this.#index,
          textRun: { content: inline.text, textStyle: textStyle(inline.style) },
        });
      } else {
        this.#index += 1;
        this.inlineObjects[inline.image.objectId] = inlineObject(inline.image, this.contentUri(inline.image));
        elements.push({
          startIndex: start,
          endIndex: this.#index,
          inlineObjectElement: { inlineObjectId: inline.image.objectId, textStyle: {} },
        });
      }
    }
    // The paragraph's closing newline joins its last text run, or stands alone after an image.
    const last = elements.at(-1);
    const lastRun = last?.textRun as { content: string } | undefined;
    this.#index += 1;
    if (last && lastRun) {
      lastRun.content += '\n';
      last.endIndex = this.#index;
    } else {
      elements.push({
        startIndex: this.#index - 1,
        endIndex: this.#index,
        textRun: { content: '\n', textStyle: {} },
      });
    }
    const level = block.bullet ? this.#listLevel(block.bullet.listId, block.bullet.level) : undefined;
    const indents = block.bullet ? listIndents(block.bullet.level) : {};
    return {
      startIndex,
      endIndex: this.#index,
      paragraph: {
        elements,
        paragraphStyle: {
          ...(block.headingId ? { headingId: block.headingId } : {}),
          namedStyleType: block.namedStyle,
          ...(block.alignment ? { alignment: block.alignment } : {}),
          direction: 'LEFT_TO_RIGHT',
          ...(level ? indents : {}),
        },
        ...(block.bullet
          ? {
              bullet: {
                listId: block.bullet.listId,
                // Docs' JSON leaves out zero values, so level 0 has no nestingLevel.
                ...(block.bullet.level > 0 ? { nestingLevel: block.bullet.level } : {}),
                textStyle: {},
              },
            }
          : {}),
      },
    };
  }

  #table(block: TableBlock): Json {
    const startIndex = this.#index;
    this.#index += 1;
    const columns = block.rows[0]?.length ?? 0;
    const tableRows = block.rows.map((row) => {
      const rowStart = this.#index;
      this.#index += 1;
      const tableCells = row.map((cell) => {
        const cellStart = this.#index;
        this.#index += 1;
        const content = this.#content(cell);
        return {
          startIndex: cellStart,
          endIndex: this.#index,
          content,
          tableCellStyle: {
            rowSpan: 1,
            columnSpan: 1,
            backgroundColor: {},
            paddingLeft: PT(5),
            paddingRight: PT(5),
            paddingTop: PT(5),
            paddingBottom: PT(5),
            contentAlignment: 'TOP',
          },
        };
      });
      return {
        startIndex: rowStart,
        endIndex: this.#index,
        tableCells,
        tableRowStyle: { minRowHeight: { unit: 'PT' } },
      };
    });
    this.#index += 1;
    return {
      startIndex,
      endIndex: this.#index,
      table: {
        rows: block.rows.length,
        columns,
        tableRows,
        tableStyle: {
          tableColumnProperties: Array.from({ length: columns }, () => ({ widthType: 'EVENLY_DISTRIBUTED' })),
        },
      },
    };
  }

  #listLevel(listId: string, level: number): ListLevel | undefined {
    return this.lists.get(listId)?.levels[level];
  }
}

/** Docs' `lists` map: every list with its nine nesting levels. */
export function listsResource(lists: ListModel[]): Record<string, Json> {
  return Object.fromEntries(
    lists.map((list) => [
      list.listId,
      {
        listProperties: {
          nestingLevels: list.levels.map((level, n) => ({
            bulletAlignment: 'START',
            ...(level.ordered
              ? { glyphType: level.glyphType, glyphFormat: `%${n}.` }
              : { glyphSymbol: level.glyphSymbol, glyphFormat: `%${n}` }),
            ...listIndents(n),
            textStyle: { underline: false },
            startNumber: level.ordered ? level.startNumber : 1,
          })),
        },
      },
    ]),
  );
}

function listIndents(level: number) {
  return { indentFirstLine: PT(18 + 36 * level), indentStart: PT(36 + 36 * level) };
}

function textStyle(style: RunStyle): Json {
  const link = style.link;
  return {
    ...(style.bold ? { bold: true } : {}),
    ...(style.italic ? { italic: true } : {}),
    ...(style.underline ? { underline: true } : {}),
    ...(style.strikethrough ? { strikethrough: true } : {}),
    ...(link ? { foregroundColor: LINK_COLOUR } : {}),
    // A link to a heading of the document (`#h.abc`) is a heading link, anything else a URL.
    ...(link ? { link: /^#h\./.test(link) ? { headingId: link.slice(1) } : { url: link } } : {}),
  };
}

function inlineObject(image: ImageModel, contentUri: string): Json {
  return {
    objectId: image.objectId,
    inlineObjectProperties: {
      embeddedObject: {
        ...(image.title ? { title: image.title } : {}),
        ...(image.alt ? { description: image.alt } : {}),
        imageProperties: { contentUri, cropProperties: {} },
        embeddedObjectBorder: {
          color: { color: { rgbColor: {} } },
          width: { unit: 'PT' },
          dashStyle: 'SOLID',
          propertyState: 'NOT_RENDERED',
        },
        ...(image.widthPt && image.heightPt
          ? { size: { height: PT(image.heightPt), width: PT(image.widthPt) } }
          : {}),
        marginTop: PT(9),
        marginBottom: PT(9),
        marginRight: PT(9),
        marginLeft: PT(9),
      },
    },
  };
}

/**
 * The parts of a Google Docs API `Document` (documents.get, v1) that the template import reads. Every
 * property is optional because Google omits defaults and empty collections.
 */
export interface DocsDocument {
  documentId?: string;
  title?: string;
  body?: { content?: DocsStructuralElement[] };
  lists?: Record<string, DocsList | undefined>;
  inlineObjects?: Record<string, DocsInlineObject | undefined>;
}

export interface DocsStructuralElement {
  startIndex?: number;
  endIndex?: number;
  paragraph?: DocsParagraph;
  table?: DocsTable;
  sectionBreak?: object;
  tableOfContents?: { content?: DocsStructuralElement[] };
}

export type DocsNamedStyleType =
  | 'NORMAL_TEXT'
  | 'TITLE'
  | 'SUBTITLE'
  | 'HEADING_1'
  | 'HEADING_2'
  | 'HEADING_3'
  | 'HEADING_4'
  | 'HEADING_5'
  | 'HEADING_6'
  | 'NAMED_STYLE_TYPE_UNSPECIFIED';

export interface DocsParagraph {
  elements?: DocsParagraphElement[];
  paragraphStyle?: {
    namedStyleType?: DocsNamedStyleType | (string & {});
    /** START, CENTER, END or JUSTIFIED. */
    alignment?: string;
  };
  bullet?: { listId?: string; nestingLevel?: number };
}

export interface DocsParagraphElement {
  startIndex?: number;
  endIndex?: number;
  textRun?: { content?: string; textStyle?: DocsTextStyle };
  inlineObjectElement?: { inlineObjectId?: string; textStyle?: DocsTextStyle };
  horizontalRule?: object;
  pageBreak?: object;
  person?: { personProperties?: { name?: string; email?: string } };
  richLink?: { richLinkProperties?: { title?: string; uri?: string } };
}

export interface DocsTextStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  /** SUPERSCRIPT, SUBSCRIPT or NONE. */
  baselineOffset?: string;
  link?: { url?: string; bookmarkId?: string; headingId?: string };
}

export interface DocsTable {
  rows?: number;
  columns?: number;
  tableRows?: {
    tableCells?: {
      content?: DocsStructuralElement[];
      tableCellStyle?: {
        rowSpan?: number;
        columnSpan?: number;
        borderTop?: DocsTableCellBorder;
        borderBottom?: DocsTableCellBorder;
        borderLeft?: DocsTableCellBorder;
        borderRight?: DocsTableCellBorder;
      };
    }[];
  }[];
}

export interface DocsTableCellBorder {
  width?: { magnitude?: number; unit?: string };
}

export interface DocsList {
  listProperties?: {
    /** One entry per nesting level (0-8). Numbered levels have a glyphType; bulleted ones a glyphSymbol. */
    nestingLevels?: { glyphType?: string; glyphSymbol?: string; startNumber?: number }[];
  };
}

export interface DocsInlineObject {
  objectId?: string;
  inlineObjectProperties?: {
    embeddedObject?: {
      title?: string;
      description?: string;
      imageProperties?: { contentUri?: string; sourceUri?: string };
      size?: {
        width?: { magnitude?: number; unit?: string };
        height?: { magnitude?: number; unit?: string };
      };
    };
  };
}

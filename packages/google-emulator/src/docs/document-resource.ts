import type { DocumentModel, ImageModel } from './document-model.js';
import type { StoredDocument } from './document-store.js';
import { listsResource, StructuralElementsBuilder } from './structural-elements.js';

/** How documents.get was asked for the document, and what the caller may do with it. */
export interface DocumentResourceOptions {
  /** `includeTabsContent=true`: the content goes in `tabs[0].documentTab` instead of `body` and friends. */
  includeTabsContent: boolean;
  suggestionsViewMode: string;
  /** Docs gives `revisionId` only to callers who may edit the document. */
  canEdit: boolean;
  /** The emulator's public URL, where images stored inline (`data:` URIs) are served. */
  issuer: string;
}

const PT = (magnitude: number) => ({ magnitude, unit: 'PT' });

/**
 * Docs' `contentUri`: an https address that serves the image's bytes (Google's googleusercontent.com, here
 * `{issuer}/docs-images/{documentId}/{objectId}` for images stored inline as `data:` URIs). Images stored
 * by URL keep that URL.
 */
export function imageContentUri(issuer: string, documentId: string, image: ImageModel): string {
  return image.src.startsWith('data:')
    ? `${issuer}/docs-images/${encodeURIComponent(documentId)}/${encodeURIComponent(image.objectId)}`
    : image.src;
}

/**
 * Docs v1's `Document` resource for a stored document: the body's structural elements with their indexes,
 * the lists its bullets use, its inline images, and the default document and named styles.
 */
export function documentResource(
  document: StoredDocument,
  model: DocumentModel,
  options: DocumentResourceOptions,
) {
  const builder = new StructuralElementsBuilder(
    new Map(model.lists.map((list) => [list.listId, list])),
    (image) => imageContentUri(options.issuer, document.documentId, image),
  );
  const content = builder.body(model.blocks);
  const lists = model.lists.length > 0 ? { lists: listsResource(model.lists) } : {};
  const inlineObjects =
    Object.keys(builder.inlineObjects).length > 0 ? { inlineObjects: builder.inlineObjects } : {};
  const revision = options.canEdit
    ? { revisionId: `emu-${Buffer.from(document.createdAt).toString('base64url')}` }
    : {};
  if (options.includeTabsContent) {
    return {
      title: document.title,
      ...revision,
      suggestionsViewMode: options.suggestionsViewMode,
      documentId: document.documentId,
      // Docs' JSON leaves out zero values: the first tab's index 0 does not appear.
      tabs: [
        {
          tabProperties: { tabId: 't.0', title: 'Tab 1' },
          documentTab: {
            body: { content },
            documentStyle: DOCUMENT_STYLE,
            namedStyles: NAMED_STYLES,
            ...lists,
            ...inlineObjects,
          },
        },
      ],
    };
  }
  return {
    title: document.title,
    body: { content },
    documentStyle: DOCUMENT_STYLE,
    namedStyles: NAMED_STYLES,
    ...lists,
    ...revision,
    suggestionsViewMode: options.suggestionsViewMode,
    ...inlineObjects,
    documentId: document.documentId,
  };
}

const DOCUMENT_STYLE = {
  background: { color: {} },
  pageNumberStart: 1,
  marginTop: PT(72),
  marginBottom: PT(72),
  marginRight: PT(72),
  marginLeft: PT(72),
  pageSize: { height: PT(792), width: PT(612) },
  marginHeader: PT(36),
  marginFooter: PT(36),
  useCustomHeaderFooterMargins: true,
  documentFormat: { documentMode: 'PAGES' },
};

/** Docs' default named styles (font sizes as in a new document); paragraphs inherit from these. */
const NAMED_STYLES = {
  styles: (
    [
      ['NORMAL_TEXT', 11, 0, 0],
      ['TITLE', 26, 0, 3],
      ['SUBTITLE', 15, 0, 16],
      ['HEADING_1', 20, 20, 6],
      ['HEADING_2', 16, 18, 6],
      ['HEADING_3', 14, 16, 4],
      ['HEADING_4', 12, 14, 4],
      ['HEADING_5', 11, 12, 4],
      ['HEADING_6', 11, 12, 4],
    ] as const
  ).map(([namedStyleType, size, above, below]) => ({
    namedStyleType,
    textStyle:
      namedStyleType === 'NORMAL_TEXT'
        ? {
            bold: false,
            italic: false,
            underline: false,
            strikethrough: false,
            smallCaps: false,
            backgroundColor: {},
            foregroundColor: { color: { rgbColor: {} } },
            fontSize: PT(size),
            weightedFontFamily: { fontFamily: 'Arial', weight: 400 },
            baselineOffset: 'NONE',
          }
        : { fontSize: PT(size) },
    paragraphStyle: {
      namedStyleType,
      direction: 'LEFT_TO_RIGHT',
      ...(namedStyleType === 'NORMAL_TEXT'
        ? { alignment: 'START', lineSpacing: 115, spacingMode: 'COLLAPSE_LISTS' }
        : { keepLinesTogether: true, keepWithNext: true }),
      spaceAbove: above > 0 ? PT(above) : { unit: 'PT' },
      spaceBelow: below > 0 ? PT(below) : { unit: 'PT' },
    },
  })),
};

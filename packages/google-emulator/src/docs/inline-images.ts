import type { Block, DocumentModel, ImageModel } from './document-model.js';

/** Image types a browser shows; anything else is served as bytes to download. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** The bytes and type of an image stored inline (`data:` URI) in the document, by its object id. */
export function imageBytes(
  model: DocumentModel,
  objectId: string,
): { bytes: Buffer; contentType: string } | undefined {
  const image = findImage(model.blocks, objectId);
  const match = image ? /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(image.src) : null;
  if (!match) return undefined;
  const type = (match[1] || 'text/plain').toLowerCase();
  const base64 = (match[2] ?? '').split(';').includes('base64');
  const data = match[3] ?? '';
  let bytes: Buffer;
  try {
    bytes = base64 ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data), 'utf8');
  } catch {
    return undefined;
  }
  // SVG and HTML can carry scripts: only plain raster types are served as what they claim to be.
  return { bytes, contentType: IMAGE_TYPES.has(type) ? type : 'application/octet-stream' };
}

function findImage(blocks: Block[], objectId: string): ImageModel | undefined {
  for (const block of blocks) {
    if (block.kind === 'table') {
      for (const cell of block.rows.flat()) {
        const found = findImage(cell, objectId);
        if (found) return found;
      }
      continue;
    }
    for (const inline of block.inlines) {
      if (inline.kind === 'image' && inline.image.objectId === objectId) return inline.image;
    }
  }
  return undefined;
}

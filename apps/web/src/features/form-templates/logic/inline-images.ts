import type { DocumentImage } from './docs-to-html';

/**
 * The largest image inlined into a template. A template holds at most 1 MB of HTML and base64 grows
 * bytes by a third, so a bigger image could never be stored anyway.
 */
export const IMAGE_MAX_BYTES = 700 * 1024;

/** The raster formats the server's sanitizer keeps (an SVG is a document that can carry script). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Fetches an image's bytes (with the owner's Google token); rejects when it cannot. */
export type FetchImage = (contentUri: string) => Promise<Blob>;

export interface InlinedImages {
  /** Inline object id → data: URI. */
  sources: Map<string, string>;
  /** How many images could not be fetched, were too large or not an image; they are left out. */
  skipped: number;
}

/**
 * Turns the document's images into data: URIs in the browser, so the stored template names no external
 * address and the server (and the PDF renderer) never fetch anything a template points at.
 */
export async function inlineImages(
  images: readonly DocumentImage[],
  fetchImage: FetchImage,
  maxBytes = IMAGE_MAX_BYTES,
): Promise<InlinedImages> {
  const results = await Promise.allSettled(
    images.map(async (image) => {
      const blob = await fetchImage(image.contentUri);
      const type = blob.type.split(';')[0]?.trim().toLowerCase() ?? '';
      if (!IMAGE_TYPES.has(type)) throw new Error(`Not an image: ${type || 'unknown type'}`);
      if (blob.size > maxBytes) throw new Error(`Image too large: ${blob.size} bytes`);
      return [image.objectId, await toDataUri(blob, type)] as const;
    }),
  );
  const sources = new Map<string, string>();
  let skipped = 0;
  for (const result of results) {
    if (result.status === 'fulfilled') sources.set(result.value[0], result.value[1]);
    else skipped += 1;
  }
  return { sources, skipped };
}

/** FileReader rather than Blob.arrayBuffer: every browser (and jsdom) has it, and it base64-encodes natively. */
function toDataUri(blob: Blob, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      const comma = url.indexOf(',');
      if (comma === -1) reject(new Error('Unreadable image'));
      else resolve(`data:${type};base64,${url.slice(comma + 1)}`);
    };
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable image'));
    reader.readAsDataURL(blob);
  });
}

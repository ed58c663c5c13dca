import { signatureClass } from '../templates/signature-class.js';
import { isPng } from '../uploads/png.js';
import type { SignatureStorage } from '../uploads/signature-storage.js';
import { signatureKeyOf } from '../uploads/signature-url.js';

/**
 * The signature of a stored response as a data: URI, read from the signature storage: the renderer
 * fetches nothing, so {{Signature}} can not be a URL. The host of the stored URL is not compared (it is
 * PUBLIC_URL at the time of the submission, which was checked then); only the key in its path matters.
 * Undefined when the URL is not one of ours, the file is gone, or it is not a PNG.
 */
export async function signatureDataUri(
  signatureUrl: string | null,
  storage: Pick<SignatureStorage, 'read'>,
): Promise<string | undefined> {
  const key = signatureUrl ? signatureKeyOf(signatureUrl) : undefined;
  if (!key) return undefined;
  const png = await storage.read(key);
  return png && isPng(png) ? `data:image/png;base64,${png.toString('base64')}` : undefined;
}

/**
 * The pictures of a document's signature images, once each: `<img class="sf-signature-N">` (filled
 * {{Signature}} placeholders, or html-to-pdf's signature URLs, see sanitizeWithSignatures) shows the N-th
 * data URI; an image without one is hidden. A data URI per placeholder made forty {{Signature}} send 27 MB
 * of HTML to the browser; here the image is in the document once, however many times it is shown.
 * The data URIs are ours (base64 of a stored PNG), so they need no escaping inside the quotes.
 */
export function signatureStyleSheet(dataUris: readonly (string | undefined)[]): string {
  if (dataUris.length === 0) return '';
  const rules = dataUris.map((dataUri, index) =>
    dataUri
      ? `img.${signatureClass(index)}{content:url("${dataUri}")}`
      : `img.${signatureClass(index)}{display:none}`,
  );
  return `<style>${rules.join('')}</style>`;
}

import { isSignatureKey } from './signature-storage.js';
import { SIGNATURE_PATH } from './uploads.service.js';

/**
 * The storage key of one of our signature URLs (`{PUBLIC_URL}/uploads/signatures/{key}.png`), or
 * undefined for any other source. The host is not compared; only the key in the path matters.
 */
export function signatureKeyOf(url: string): string | undefined {
  // Most image sources are not ours: answered without building (and failing) a URL, which costs an
  // exception each, and html-to-pdf may name 90,000 images.
  if (!url.includes(SIGNATURE_PATH)) return undefined;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(SIGNATURE_PATH) || !pathname.endsWith('.png')) return undefined;
  const key = pathname.slice(SIGNATURE_PATH.length, -'.png'.length);
  return isSignatureKey(key) ? key : undefined;
}

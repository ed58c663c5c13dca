import { isPng } from '../uploads/png.js';
import { isSignatureKey, type SignatureStorage } from '../uploads/signature-storage.js';
import { SIGNATURE_PATH } from '../uploads/uploads.service.js';

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

export function signatureKeyOf(url: string): string | undefined {
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

/** `<img … src="…">`: the attribute's value, whatever quotes it uses. */
const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])([^"'<>]*)\2/gi;
/** A page of HTML has one or two signatures; more distinct URLs than this are not looked up. */
const MAX_SIGNATURES = 20;

/**
 * For html-to-pdf, whose HTML is the page's filled template: {{Signature}} arrives there as the image's
 * URL, which the sanitizer would drop (the renderer fetches nothing). A URL that is a signature stored for
 * this form becomes its data: URI; any other image URL is left for the sanitizer to remove.
 */
export async function inlineFormSignatures(
  html: string,
  formRowId: string,
  uploads: { isIssuedFor(formRowId: string, url: string): Promise<boolean> } & Pick<SignatureStorage, 'read'>,
): Promise<string> {
  const urls = [...new Set([...html.matchAll(IMG_SRC)].map((match) => match[3] ?? ''))]
    .filter((url) => signatureKeyOf(url) !== undefined)
    .slice(0, MAX_SIGNATURES);
  const inlined = new Map<string, string>();
  for (const url of urls) {
    if (!(await uploads.isIssuedFor(formRowId, url))) continue;
    const dataUri = await signatureDataUri(url, uploads);
    if (dataUri) inlined.set(url, dataUri);
  }
  if (inlined.size === 0) return html;
  return html.replace(IMG_SRC, (whole, start: string, quote: string, url: string) => {
    const dataUri = inlined.get(url);
    return dataUri ? `${start}${quote}${dataUri}${quote}` : whole;
  });
}

import { GoogleApiError } from './google-request';

/**
 * The bytes of a document image (its contentUri, valid about 30 minutes). The owner's token goes with
 * it; when the image host refuses a request that carries one (a CORS failure shows as a network error),
 * it is asked once more without.
 */
export async function fetchImage(contentUri: string, accessToken: string): Promise<Blob> {
  if (!/^https?:\/\//i.test(contentUri)) throw new GoogleApiError(0, 'Not a web address');
  let response: Response;
  try {
    response = await fetch(contentUri, { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch {
    response = await fetch(contentUri, { credentials: 'omit' });
  }
  if (!response.ok) throw new GoogleApiError(response.status, `${response.status} ${response.statusText}`);
  return response.blob();
}

/**
 * How long a signature upload that no response uses may still be submitted. The browser uploads the
 * signature a moment before it submits the form, so an hour is generous; after it the upload no longer
 * counts as issued for its form (uploads.service.ts, isIssuedFor) and the sweep removes it.
 */
export const UNUSED_UPLOAD_LIFETIME_MS = 60 * 60 * 1000;

/**
 * How much longer the sweep waits before removing an unused upload. A submission checks its signature
 * (within the lifetime) and commits its response a moment later; the sweep, reading the committed
 * responses, would miss one still in flight. It can only take an upload that is older than the lifetime
 * plus this, so a submission would have to take more than 10 minutes between its check and its commit
 * (or the instances' clocks be that far apart) for its signature to be lost.
 */
export const UNUSED_UPLOAD_GRACE_MS = 10 * 60 * 1000;

/**
 * Signature uploads one form takes in an hour, from everyone together. Counted over the `uploads` rows in
 * the database, so it holds across instances; concurrent uploads may pass it by as many as arrive at once.
 */
export const SIGNATURE_UPLOADS_PER_FORM_PER_HOUR = 200;
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

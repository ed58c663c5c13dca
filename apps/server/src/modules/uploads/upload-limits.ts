/**
 * How long a signature upload that no response uses may still be submitted. The browser uploads the
 * signature a moment before it submits the form, so an hour is generous; after it the upload can no longer
 * be attached to a response (uploads.service.ts, isUnusedFor) and the sweep removes it.
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
 * How much earlier than its upload a response that uses it may say it was stored, when the instances that
 * took the two have clocks this far apart. The reads on the request paths (whether a submission's signature
 * is already used, uploads.service.ts isUnusedFor; which uploads responses used, when a cap is met) look at
 * the form's responses from the upload's time less this. They have no index on the signature, so they read
 * every response of the form in that span, on SQLite on the main thread: at 6,000 responses an hour, ten
 * minutes of them took 0.85 ms a check, a minute 0.28 ms. If the clocks differ by more than this, a used
 * signature may be taken again until it expires (an hour).
 */
export const RESPONSE_CLOCK_MARGIN_MS = 60 * 1000;

/**
 * Signature uploads of the last hour that one form holds unused, from everyone together: what bounds the
 * images a form's public page lets anyone store. An upload stops counting once a stored response uses it,
 * so a busy form takes any number of signed responses an hour; only uploads nobody submitted fill it.
 * Counted over the `uploads` rows in the database, so it holds across instances.
 */
export const SIGNATURE_UPLOADS_PER_FORM_PER_HOUR = 200;

/**
 * Of those, what one client address (an IPv4 address or an IPv6 /64, client-address-key.ts) may hold for
 * one form, so that nobody alone fills the form's cap and turns every other respondent away: it takes ten
 * addresses to fill it. A respondent needs one upload per signed response, and the public form reuses its
 * upload when a submit fails, so even many people behind one shared address (an office, a school) seldom
 * hold more than a few unused uploads at once.
 */
export const SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR = 20;

export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

// The class a sanitized document gives its n-th distinct signature image (template-sanitizer.ts's
// sanitizeWithSignatures), in a module of its own: the PDF service on the main thread names the class,
// while sanitize-html itself is loaded only by the HTML worker threads (decision 0039).

/** The class of the n-th distinct signature image of a document (see sanitizeWithSignatures). */
export const signatureClass = (index: number) => `sf-signature-${index}`;

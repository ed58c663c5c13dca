/** Texts of the Document Templates section beyond the spec's TEMPLATE_MESSAGES. */
export const TEMPLATES_TEXT = {
  signInButton: 'Sign in with Google',
  signInWhy:
    'Sign in with the Google account that owns your templates. SheetForms reads your Google Docs with your permission to import them; it never changes them.',
  signOutButton: 'Sign out of Google',
  /** The button's visible text; its accessible name is signOutButton. */
  signOutShort: 'Sign out',
  signedInAs: 'Signed in to Google',
  loadingGoogle: 'Loading Google sign-in...',
  googleUnavailable: 'Google sign-in is not available right now, so templates cannot be imported.',
  emptyTitle: 'No templates yet',
  emptyHint: 'Add a Google Docs URL below; its {{Field label}} placeholders are filled with each response.',
  addHeading: 'Add template',
  nameLabel: 'Template name',
  urlLabel: 'Google Docs URL',
  urlHint:
    'A Google Doc, or a Google Sheet to import as a table. {{Field label}}, {{date}}, {{Timestamp}}, {{Response ID}}, {{Respondent}} and {{Signature}} are filled in.',
  addButton: 'Add template',
  adding: 'Adding...',
  saving: 'Saving...',
  deleting: 'Deleting...',
  emptyDocument: 'The document is empty',
  emptySheet: 'The first sheet is empty',
  unknownError: 'Unknown error',
  unmatchedHeading: 'Placeholders that match no field',
  allMatched: 'Every placeholder matches a field.',
  noPlaceholders: 'No placeholders yet.',
  previewFromLatest: 'Filled with the latest response.',
  previewFromSample: "No responses yet: filled with 'Sample answer' for every field.",
} as const;

export function imagesSkippedText(count: number): string {
  return count === 1
    ? '1 image could not be imported and was left out'
    : `${count} images could not be imported and were left out`;
}

export function deleteConfirmText(name: string): string {
  return `"${name}" will be removed from this form. Collected responses and the Google document itself are not changed.`;
}

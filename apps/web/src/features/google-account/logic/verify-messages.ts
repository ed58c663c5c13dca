/** Texts of Verify with Google (decision 0044; the spec has none for this case). */
export const VERIFY_MESSAGES = {
  hint: 'Edit it through a Google group, your organization or a shared drive? Verify with the Google account that can edit it.',
  /** The same question where a table cell has little room (the Sheet Status). */
  shortHint: 'Edit it through a Google group or your organization?',
  button: 'Verify with Google',
  verified: 'Verified: you can edit this spreadsheet.',
  stillRefused:
    'The Google account you chose cannot edit this spreadsheet either. Ask its owner for edit access, or verify with another account.',
  failedPrefix: 'Could not verify with Google: ',
} as const;

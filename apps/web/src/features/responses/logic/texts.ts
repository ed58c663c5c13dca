/** Texts of the responses page beyond the contract's spec messages (those live in RESPONSES_MESSAGES). */
export const FORMS_PATH = '/dashboard/forms';

export const RESPONSES_TEXT = {
  backToForms: 'Back to Forms',
  manageForms: 'Manage Forms',
  title: 'Responses',
  loading: 'Loading responses...',
  exportTemplate: 'Export Template',
  exportTemplateDescription: 'Choose a template to fill with this response and download as a PDF.',
  zipAllDialogTitle: 'Download all as PDF',
  zipAllDialogDescription: (count: number, filtered: boolean) =>
    `Choose a template: ${count === 1 ? 'the response' : `each of the ${count.toLocaleString()} responses`}${filtered ? ' matching the search and dates' : ''} becomes a PDF, all in one ZIP file.`,
  zipDialogTitle: 'Download selected as PDF',
  zipDialogDescription: (count: number) =>
    `Choose a template: each of the ${count === 1 ? 'selected response' : `${count.toLocaleString()} selected responses`} becomes a PDF, all in one ZIP file.`,
  noMatchTitle: 'No matching responses',
  noMatchText: 'No response matches this search and date range.',
  loadMore: 'Load more',
  tryAgain: 'Try again',
  responseIdCopied: 'Response ID copied to clipboard!',
  responseIdCopyFailed: 'Could not copy the Response ID',
  zipTooMany: 'Select at most 500 responses for one ZIP',
} as const;

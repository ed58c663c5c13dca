import { isValidSheetUrlForInlineEdit, SHEET_URL_MESSAGES } from '@sheetforms/contract';

export interface SheetSettings {
  googleSheetsUrl: string;
  sheetName: string;
}

/** Spec 000 section 4: values are trimmed before saving. */
export function trimSheetSettings(settings: SheetSettings): SheetSettings {
  return { googleSheetsUrl: settings.googleSheetsUrl.trim(), sheetName: settings.sheetName.trim() };
}

export type UrlValidation = { valid: true } | { valid: false; message: string };

/**
 * Spec 000 section 5: empty is allowed; otherwise the URL must begin with Google's spreadsheets address,
 * /d/ and an id. An invalid URL shows the message, a red border, and disables Save.
 */
export function validateSheetUrl(url: string): UrlValidation {
  return isValidSheetUrlForInlineEdit(url)
    ? { valid: true }
    : { valid: false, message: SHEET_URL_MESSAGES.inlineInvalid };
}

/** Whether saving these settings should be followed by a recheck (both values present). */
export function needsRecheckAfterSave(settings: SheetSettings): boolean {
  const trimmed = trimSheetSettings(settings);
  return trimmed.googleSheetsUrl !== '' && trimmed.sheetName !== '';
}

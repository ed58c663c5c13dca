import { SHEET_URL_MESSAGES, type SheetAccessError } from '@sheetforms/contract';
import type { GoogleErrorCode } from '../../google/google-api-error.js';
import { HttpError } from '../../http/http-error.js';

/**
 * How to make a spreadsheet reachable. With a service account the user may share with it (private
 * sheets stay private); without one only link sharing works, because an API key reads public sheets only.
 */
export function sharingAdvice(serviceAccountEmail: string | undefined): string {
  return serviceAccountEmail
    ? `Share the spreadsheet with ${serviceAccountEmail} as Editor or make it "Anyone with the link" can edit`
    : 'Make the spreadsheet "Anyone with the link" can edit';
}

/**
 * The signed-in owner cannot edit the spreadsheet themselves: how to get edit access. `canView`: they
 * may open it (a viewer or commenter, or a link that only views), so only edit access is missing. Binding
 * answers it as a 403; the Sheet Status shows it for a form already bound.
 */
export function noOwnerAccessMessage(ownerEmail: string | undefined, canView = false): string {
  const who = ownerEmail ?? 'your Google account';
  return canView
    ? `You can only view this spreadsheet as ${who}. Ask its owner for edit access (Share > Editor), then try again.`
    : `You do not have access to this spreadsheet as ${who}. Ask its owner to share it with ${who} as Editor, or to set it to "Anyone with the link" can edit, then try again.`;
}

export function noOwnerAccessProblem(ownerEmail: string | undefined, canView = false): HttpError {
  return new HttpError(403, 'NO_OWNER_ACCESS', noOwnerAccessMessage(ownerEmail, canView));
}

/** A Google failure as the problem the metadata and preview endpoints answer with. */
export function sheetsProblem(
  code: GoogleErrorCode,
  context: { sheetName?: string; serviceAccountEmail?: string | undefined },
): HttpError {
  switch (code) {
    case 'INVALID_URL':
      return new HttpError(400, 'INVALID_URL', SHEET_URL_MESSAGES.generatorInvalid);
    case 'NOT_FOUND':
      return new HttpError(404, 'NOT_FOUND', 'Spreadsheet not found');
    case 'PERMISSION_DENIED':
      return new HttpError(
        403,
        'PERMISSION_DENIED',
        `SheetForms cannot open this spreadsheet. ${sharingAdvice(context.serviceAccountEmail)}.`,
      );
    case 'SHEET_NOT_FOUND':
      return new HttpError(
        404,
        'SHEET_NOT_FOUND',
        context.sheetName
          ? `Sheet "${context.sheetName}" was not found in this spreadsheet`
          : 'Sheet not found in this spreadsheet',
      );
    case 'RATE_LIMITED':
      return new HttpError(
        429,
        'RATE_LIMITED',
        'Google Sheets is receiving too many requests. Please try again in a minute.',
      );
    case 'UNAVAILABLE':
    case 'INVALID_REQUEST':
      return new HttpError(503, 'UNAVAILABLE', 'Google Sheets is unavailable right now. Please try again.');
  }
}

/** Spec 000: the check's error kinds; anything but "not found" and "not shared" is CHECK_FAILED. */
export function accessErrorFor(code: GoogleErrorCode): SheetAccessError {
  if (code === 'NOT_FOUND' || code === 'INVALID_URL') return 'NOT_FOUND';
  if (code === 'PERMISSION_DENIED') return 'PERMISSION_DENIED';
  return 'CHECK_FAILED';
}

export const ACCESS_MESSAGES = {
  invalidUrl: 'Invalid Google Sheets URL',
  notFound: 'Spreadsheet not found',
  checkFailed: 'Failed to check spreadsheet access',
  connected: (title: string, sheetName: string) =>
    `Connected to "${title}". Responses go to sheet "${sheetName}".`,
  sheetMissing: (title: string, sheetName: string) =>
    `Connected to "${title}". Sheet "${sheetName}" does not exist yet; it will be created automatically with the first response.`,
} as const;

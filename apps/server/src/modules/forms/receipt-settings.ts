import { type FormSettings, RECEIPT_MESSAGES } from '@sheetforms/contract';
import { badRequest } from '../../http/http-error.js';
import type { StoredField } from './field-ids.js';

const invalid = (message: string) =>
  badRequest('VALIDATION_FAILED', message, [{ path: 'body.settings.respondentReceipt', message }]);

/**
 * A receipt that is on must name one of the form's email fields (never an address of its own: receipts
 * go only to what a respondent typed), and its template, when one is chosen, must be one of the form's.
 * Checked when settings are saved, so the owner hears of it then rather than through a failed delivery.
 */
export function requireReceiptTargets(
  settings: Partial<FormSettings>,
  fields: readonly StoredField[],
  templateIds: readonly string[],
): void {
  const receipt = settings.respondentReceipt;
  if (!receipt?.enabled) return;
  const field = fields.find((candidate) => candidate.id === receipt.emailFieldId);
  if (field?.type !== 'email' || field.isRemoved) throw invalid(RECEIPT_MESSAGES.emailFieldRequired);
  if (receipt.templateId && !templateIds.includes(receipt.templateId)) {
    throw invalid(RECEIPT_MESSAGES.templateNotFound);
  }
}

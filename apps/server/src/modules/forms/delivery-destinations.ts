import type { FormSettings } from '@sheetforms/contract';

/**
 * Whether a response to a form can have any destination beside the sheet, as the deliveries planner
 * (deliveries.worker.ts, destinationsOf) would find them: an enabled webhook, or, where this deployment
 * sends mail, the owner's e-mail (instant or a digest) or a receipt to the respondent. When none can, a
 * submission is stored with nothing left to plan (responses.plan_deliveries 0): the planner would plan
 * nothing for it, so it never reads or marks it.
 *
 * Cautious on purpose: it does not ask whether the respondent gave an address for a receipt (the planner
 * decides that); it only answers false where the planner's answer is certainly none.
 */
export function formHasDestinations(
  settings: Pick<FormSettings, 'notifyOwner' | 'respondentReceipt'>,
  enabledWebhooks: number,
  /** The deployment sends mail (SMTP, or logged in local mode): config.deliveries.mail is set. */
  mailConfigured: boolean,
): boolean {
  if (enabledWebhooks > 0) return true;
  return mailConfigured && (settings.notifyOwner === 1 || settings.respondentReceipt?.enabled === true);
}

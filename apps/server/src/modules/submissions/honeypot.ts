import { HONEYPOT_FIELD } from '@sheetforms/contract';

/**
 * The public form has a hidden input (`website`) that people never see and bots often fill. A filled
 * one marks the submission as a bot's: it is answered like a success and not stored, so the bot learns
 * nothing to adapt to.
 */
export function isHoneypotFilled(body: Readonly<Record<string, unknown>>): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}

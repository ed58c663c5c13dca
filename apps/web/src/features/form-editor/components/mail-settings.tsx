import { type FormTemplate, type OwnerDigest, RECEIPT_MESSAGES } from '@sheetforms/contract';
import { useId } from 'react';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import type { EditorField } from '../logic/editor-field';
import { browserTimeZone, type EditorSettings } from '../logic/settings';

export const MAIL_SETTINGS_TEXT = {
  digestLabel: 'Send',
  digestChoices: {
    instant: 'A mail for each response',
    hourly: 'One mail an hour (digest)',
    daily: 'One mail a day (digest)',
  } satisfies Record<OwnerDigest, string>,
  /** `saved`: the zone the form's digest follows now, when that is not the browser's. */
  digestHint: (timeZone: string, saved?: string) =>
    saved !== undefined && saved !== timeZone
      ? `Digests cover each hour or day of ${saved} until you update the form, then of your time zone (${timeZone}), and list up to 25 responses in full.`
      : `Digests cover each hour or day of your time zone (${timeZone}) and list up to 25 responses in full.`,
  emailFieldLabel: 'Send to the address typed in',
  chooseField: 'Choose an email field',
  noEmailField: 'Add an Email field to the form to send receipts.',
  templateLabel: 'Attach as PDF',
  noAttachment: 'No attachment',
  limitHint: 'At most 5 receipts an hour reach one address.',
} as const;

/** Under 'Email Notifications': one mail per response, or an hourly or daily digest. */
export function DigestChoice({
  value,
  onChange,
  timeZone = browserTimeZone(),
  savedTimeZone,
}: {
  value: OwnerDigest;
  onChange: (value: OwnerDigest) => void;
  /** The zone a save stores with a digest (settings.ts, buildSettings). */
  timeZone?: string;
  /** The zone the form's saved digest follows (UTC for one saved before zones), if it has one. */
  savedTimeZone?: string;
}) {
  const id = useId();
  return (
    <div className="mt-3 max-w-sm">
      <label htmlFor={id} className={labelClasses}>
        {MAIL_SETTINGS_TEXT.digestLabel}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as OwnerDigest)}
        aria-describedby={`${id}-hint`}
        className={inputClasses}
      >
        {(Object.keys(MAIL_SETTINGS_TEXT.digestChoices) as OwnerDigest[]).map((choice) => (
          <option key={choice} value={choice}>
            {MAIL_SETTINGS_TEXT.digestChoices[choice]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-slate-500 text-xs">
        {MAIL_SETTINGS_TEXT.digestHint(timeZone, savedTimeZone)}
      </p>
    </div>
  );
}

/** The email fields a receipt can go to: saved under an id, of type email, not removed. */
export function receiptFieldChoices(fields: readonly EditorField[]) {
  return fields.flatMap((field) =>
    field.id && field.settings.type === 'email' && !field.isRemoved
      ? [{ id: field.id, label: field.label }]
      : [],
  );
}

/**
 * Under 'Respondent Receipt': which email field's answer the copy goes to (never an address of the owner's
 * choosing) and which template, if any, is attached as a PDF.
 */
export function ReceiptSettings({
  value,
  fields,
  templates,
  onChange,
}: {
  value: EditorSettings['receipt'];
  fields: readonly EditorField[];
  templates: readonly FormTemplate[];
  onChange: (value: EditorSettings['receipt']) => void;
}) {
  const id = useId();
  const choices = receiptFieldChoices(fields);
  if (choices.length === 0) {
    return (
      <p role="alert" className="mt-3 text-amber-700 text-sm">
        {MAIL_SETTINGS_TEXT.noEmailField}
      </p>
    );
  }
  const chosen = choices.some((choice) => choice.id === value.emailFieldId);
  // A template deleted since it was chosen is shown as no attachment (the server sends none either).
  const templateId = templates.some((template) => template.id === value.templateId) ? value.templateId : '';
  return (
    <div className="mt-3 grid max-w-xl gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-field`} className={labelClasses}>
          {MAIL_SETTINGS_TEXT.emailFieldLabel}
        </label>
        <select
          id={`${id}-field`}
          value={chosen ? value.emailFieldId : ''}
          onChange={(event) => onChange({ ...value, emailFieldId: event.target.value })}
          aria-invalid={!chosen}
          aria-describedby={chosen ? undefined : `${id}-field-error`}
          className={inputClasses}
        >
          {chosen ? null : <option value="">{MAIL_SETTINGS_TEXT.chooseField}</option>}
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
        {chosen ? null : (
          <p id={`${id}-field-error`} className="mt-1 text-red-600 text-xs">
            {RECEIPT_MESSAGES.emailFieldRequired}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-template`} className={labelClasses}>
          {MAIL_SETTINGS_TEXT.templateLabel}
        </label>
        <select
          id={`${id}-template`}
          value={templateId}
          onChange={(event) => onChange({ ...value, templateId: event.target.value })}
          className={inputClasses}
        >
          <option value="">{MAIL_SETTINGS_TEXT.noAttachment}</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      </div>
      <p className="text-slate-500 text-xs sm:col-span-2">{MAIL_SETTINGS_TEXT.limitHint}</p>
    </div>
  );
}

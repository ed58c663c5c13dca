import type { PublicFormField } from '@sheetforms/contract';
import type { Answer } from '../logic/answers';

/** The pieces every field shares: its props, the required marker and the error line under the field. */

/** What each kind of field's control is given. Controls are uncontrolled (see the form). */
export interface FieldControlProps {
  field: PublicFormField;
  /** The id of the field's (first) control: its label points there, and focus goes there on an error. */
  id: string;
  /** What the control starts with (the server's copy of a refused submission). */
  defaultValue: Answer | undefined;
  error: string | undefined;
  disabled: boolean;
  /** Set by the owner's signed prefilled link: shown read-only, its value posted as it is. */
  locked?: boolean;
  /** Called on every edit, so the field's error can go. */
  onChange(label: string): void;
}

/** The ids a control's aria-describedby lists: the locked hint, then the error. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

export function RequiredMark() {
  return (
    <span className="ml-0.5 text-red-600" aria-hidden="true">
      *
    </span>
  );
}

/** The field's error, announced through the aria-describedby of its control or group. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-red-600 text-sm [overflow-wrap:anywhere]">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M10 18a8 8 0 100-16 8 8 0 000 16zm-.75-11.5a.75.75 0 011.5 0v4a.75.75 0 01-1.5 0v-4zM10 14.75a1 1 0 110-2 1 1 0 010 2z" />
      </svg>
      <span className="min-w-0">{message}</span>
    </p>
  );
}

export const labelStyles = 'mb-1.5 block font-medium text-slate-800 text-sm [overflow-wrap:anywhere]';

/** A radio or checkbox beside its text: the whole row is the click target, long texts wrap. */
export const optionRowStyles =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 ' +
  'text-[15px] text-slate-800 transition-colors hover:bg-slate-50 has-checked:border-emerald-600 ' +
  'has-checked:bg-emerald-50/60 has-focus-visible:ring-3 has-focus-visible:ring-emerald-600/20 ' +
  'has-disabled:cursor-not-allowed has-disabled:opacity-70';

export const optionInputStyles = 'mt-0.5 size-4 shrink-0 accent-emerald-700';

export const optionTextStyles = 'min-w-0 [overflow-wrap:anywhere]';

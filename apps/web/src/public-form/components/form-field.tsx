import type { PublicFormField } from '@sheetforms/contract';
import { ANSWER_MAX } from '../lib/constants';
import { answerName } from '../logic/page-data';
import { inputStyles } from './shell';

export function fieldId(index: number): string {
  return `field-${index}`;
}

const inputTypes: Record<PublicFormField['type'], string> = {
  text: 'text',
  email: 'email',
  number: 'number',
  date: 'date',
  textarea: 'textarea',
};

export interface FormFieldProps {
  field: PublicFormField;
  index: number;
  /** Uncontrolled: what the input starts with (the server's copy of a refused submission). */
  defaultValue: string;
  error: string | undefined;
  disabled: boolean;
  /** Called on every edit, so the field's error can go. */
  onChange(label: string): void;
}

/** One field by type, its label tied to it and its error announced through aria-describedby. */
export function FormField({ field, index, defaultValue, error, disabled, onChange }: FormFieldProps) {
  const id = fieldId(index);
  const errorId = `${id}-error`;
  const common = {
    id,
    name: answerName(field.label),
    defaultValue,
    disabled,
    placeholder: field.placeHolder || undefined,
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    maxLength: ANSWER_MAX,
    className: inputStyles,
  } as const;

  return (
    <div className="pf-field">
      <label htmlFor={id} className="mb-1.5 block font-medium text-slate-800 text-sm">
        {field.label}
        {field.required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {field.type === 'textarea' ? (
        <textarea
          {...common}
          rows={4}
          className={`${inputStyles} min-h-28 resize-y`}
          onChange={() => onChange(field.label)}
        />
      ) : (
        <input
          {...common}
          type={inputTypes[field.type]}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          step={field.type === 'number' ? 'any' : undefined}
          autoComplete={field.type === 'email' ? 'email' : undefined}
          onChange={() => onChange(field.label)}
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-center gap-1.5 text-red-600 text-sm">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
            <path d="M10 18a8 8 0 100-16 8 8 0 000 16zm-.75-11.5a.75.75 0 011.5 0v4a.75.75 0 01-1.5 0v-4zM10 14.75a1 1 0 110-2 1 1 0 010 2z" />
          </svg>
          {error}
        </p>
      ) : null}
    </div>
  );
}

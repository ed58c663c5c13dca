import { EDITOR_FIELD_TYPES, type FieldType, FORM_LIMITS } from '@sheetforms/contract';
import { useId } from 'react';
import { TrashIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import type { EditorField, FieldChange } from '../logic/editor-fields';
import { EDITOR_TEXT } from '../logic/messages';

export const UNTITLED_FIELD = 'Untitled field';

const TYPE_NAMES: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  date: 'Date',
  textarea: 'Textarea',
};

export interface FieldEditorProps {
  field: EditorField;
  position: number;
  showErrors: boolean;
  /** Why this label is refused (used by another field, or a system column's name), if it is. */
  labelProblem?: string | undefined;
  onChange: (change: FieldChange) => void;
  onRemove: () => void;
}

/** One field of the form, grouped in a fieldset whose legend is its label. */
export function FieldEditor({
  field,
  position,
  showErrors,
  labelProblem,
  onChange,
  onRemove,
}: FieldEditorProps) {
  const id = useId();
  const title = field.label.trim() || UNTITLED_FIELD;
  const labelError = !showErrors
    ? null
    : field.label.trim() === ''
      ? EDITOR_TEXT.fieldLabelRequired
      : (labelProblem ?? null);

  return (
    <fieldset className="relative rounded-xl border border-slate-200 bg-white p-4 transition-shadow focus-within:border-emerald-300 focus-within:shadow-sm sm:p-5">
      <legend className="float-left mb-4 flex w-full min-w-0 items-center gap-2.5 pr-24 font-semibold text-slate-900 text-sm">
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-600 text-xs"
        >
          {position}
        </span>
        <span className="truncate">{title}</span>
        {field.required ? (
          <span
            aria-hidden="true"
            className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 text-xs"
          >
            Required
          </span>
        ) : null}
      </legend>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${title}`}
        className="absolute top-3 right-3 inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 font-medium text-slate-500 text-sm transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 sm:top-4 sm:right-4"
      >
        <TrashIcon className="size-4" />
        <span className="hidden sm:inline">Remove</span>
      </button>

      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-label`} className={labelClasses}>
            Label
          </label>
          <input
            id={`${id}-label`}
            data-field-label
            type="text"
            value={field.label}
            maxLength={FORM_LIMITS.labelMax}
            onChange={(event) => onChange({ label: event.target.value })}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? `${id}-label-error` : undefined}
            className={inputClasses}
          />
          {labelError ? (
            <p id={`${id}-label-error`} className="mt-1.5 text-red-600 text-sm">
              {labelError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-type`} className={labelClasses}>
            Type
          </label>
          <select
            id={`${id}-type`}
            value={field.type}
            onChange={(event) => onChange({ type: event.target.value as FieldType })}
            className={inputClasses}
          >
            {EDITOR_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-placeholder`} className={labelClasses}>
            Placeholder
          </label>
          <input
            id={`${id}-placeholder`}
            type="text"
            value={field.placeHolder}
            maxLength={FORM_LIMITS.placeholderMax}
            onChange={(event) => onChange({ placeHolder: event.target.value })}
            className={inputClasses}
          />
        </div>
      </div>

      <div className="mt-4 flex items-center gap-2.5">
        <input
          id={`${id}-required`}
          type="checkbox"
          checked={field.required}
          onChange={(event) => onChange({ required: event.target.checked })}
          className="size-4 cursor-pointer rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        />
        <label htmlFor={`${id}-required`} className="cursor-pointer text-slate-700 text-sm">
          Required
        </label>
      </div>
    </fieldset>
  );
}

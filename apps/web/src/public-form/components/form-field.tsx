import type { PublicFormField } from '@sheetforms/contract';
import { ANSWER_MAX } from '../lib/constants';
import type { Answer } from '../logic/answers';
import { answerName } from '../logic/page-data';
import { ChoiceGroup } from './choice-group';
import { DropdownField } from './dropdown-field';
import { describedBy, type FieldControlProps, FieldError, labelStyles, RequiredMark } from './field-parts';
import { LockedHint, lockedHintId } from './locked-parts';
import { inputStyles } from './shell';
import { YesNoField } from './yes-no-field';

export function fieldId(index: number): string {
  return `field-${index}`;
}

type TextLikeType = Exclude<
  PublicFormField['type'],
  'textarea' | 'dropdown' | 'radio' | 'checkboxes' | 'checkbox' | 'hidden'
>;

/** The input each typed field is, with what helps phones and browsers fill it in. */
const textInputs: Record<
  TextLikeType,
  { type: string; inputMode?: 'decimal' | 'url' | 'tel' | 'email'; autoComplete?: string }
> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  number: { type: 'number', inputMode: 'decimal' },
  date: { type: 'date' },
  time: { type: 'time' },
  url: { type: 'url', inputMode: 'url', autoComplete: 'url' },
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
};

export interface FormFieldProps {
  field: PublicFormField;
  index: number;
  /** Uncontrolled: what the control starts with (the server's copy of a refused submission). */
  defaultValue: Answer | undefined;
  error: string | undefined;
  disabled: boolean;
  /** Set by the owner's signed prefilled link: read-only. */
  locked?: boolean;
  /** Called on every edit, so the field's error can go. */
  onChange(label: string): void;
}

/** One field by type, its label tied to it and its error announced through aria-describedby. */
export function FormField({ index, ...props }: FormFieldProps) {
  const control: FieldControlProps = { ...props, id: fieldId(index) };
  const { field } = props;
  switch (field.type) {
    case 'dropdown':
      return <DropdownField {...control} />;
    case 'radio':
    case 'checkboxes':
      return <ChoiceGroup {...control} field={{ ...field, type: field.type }} />;
    case 'checkbox':
      return <YesNoField {...control} />;
    case 'hidden':
      return <HiddenField field={field} value={props.defaultValue} />;
    default:
      return <TextField {...control} />;
  }
}

/** A bound as an input's min/max: numbers for number fields, YYYY-MM-DD days for date fields. */
function boundAttribute(field: PublicFormField, bound: PublicFormField['min']): string | number | undefined {
  if (field.type === 'number' && typeof bound === 'number') return bound;
  if (field.type === 'date' && typeof bound === 'string') return bound;
  return undefined;
}

/**
 * A hidden field never shows: its value comes from the address (by id or label, e.g. `?utm_source=...`)
 * or a locked prefilled link, and is posted like any answer (`answer:{label}`), both with and without
 * JavaScript. With no value it posts nothing, as an empty input is no answer.
 */
function HiddenField({ field, value }: { field: PublicFormField; value: Answer | undefined }) {
  const text = typeof value === 'string' ? value : (value ?? []).join(', ');
  if (text === '') return null;
  return <input type="hidden" name={answerName(field.label)} value={text} />;
}

/** Locked text-like fields read as set, not as something to fill in. */
const lockedInputStyles = 'read-only:bg-slate-50 read-only:text-slate-700 read-only:focus:ring-0';

function TextField({
  field,
  id,
  defaultValue,
  error,
  disabled,
  locked = false,
  onChange,
}: FieldControlProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: answerName(field.label),
    defaultValue: typeof defaultValue === 'string' ? defaultValue : (defaultValue?.[0] ?? ''),
    disabled,
    // Read-only, not disabled: the value is still posted and the field can be focused and read.
    readOnly: locked || undefined,
    placeholder: field.placeHolder || undefined,
    'aria-required': field.required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(locked && lockedHintId(id), error && errorId),
    maxLength: ANSWER_MAX,
    className: locked ? `${inputStyles} ${lockedInputStyles}` : inputStyles,
    onChange: () => onChange(field.label),
  } as const;
  const input = field.type === 'textarea' ? undefined : textInputs[field.type as TextLikeType];

  return (
    <div className="pf-field">
      <label htmlFor={id} className={labelStyles}>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {locked ? <LockedHint controlId={id} /> : null}
      {input ? (
        <input
          {...common}
          type={input.type}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          step={field.type === 'number' ? 'any' : undefined}
          min={boundAttribute(field, field.min)}
          max={boundAttribute(field, field.max)}
        />
      ) : (
        <textarea {...common} rows={4} className={`${common.className} min-h-28 resize-y`} />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

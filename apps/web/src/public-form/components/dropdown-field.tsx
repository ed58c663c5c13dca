import { choiceStart } from '../logic/answers';
import { answerName } from '../logic/page-data';
import { describedBy, type FieldControlProps, FieldError, labelStyles, RequiredMark } from './field-parts';
import { LockedHint, LockedValues, lockedHintId } from './locked-parts';
import { inputStyles } from './shell';

export const SELECT_PLACEHOLDER = 'Select an option';

/**
 * A native select: keyboard, screen readers and phones' pickers come with it. Its first option is the
 * empty 'Select an option' while nothing is chosen, and stays for an optional field so a choice can be
 * taken back.
 */
export function DropdownField({
  field,
  id,
  defaultValue,
  error,
  disabled,
  locked = false,
  onChange,
}: FieldControlProps) {
  const errorId = `${id}-error`;
  const chosen = choiceStart(field, defaultValue).chosen[0] ?? '';
  return (
    <div className="pf-field">
      <label htmlFor={id} className={labelStyles}>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {locked ? <LockedHint controlId={id} /> : null}
      <select
        id={id}
        name={answerName(field.label)}
        defaultValue={chosen}
        // A disabled select posts nothing: the locked value goes in a hidden input below.
        disabled={disabled || locked}
        aria-required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(locked && lockedHintId(id), error && errorId)}
        className={`${inputStyles} min-w-0 text-ellipsis`}
        onChange={() => onChange(field.label)}
      >
        {!field.required || chosen === '' ? <option value="">{SELECT_PLACEHOLDER}</option> : null}
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {locked && chosen !== '' ? <LockedValues label={field.label} values={[chosen]} /> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

import { CHECKBOX_ANSWERS } from '@sheetforms/contract/answers';
import { answerName } from '../logic/page-data';
import {
  describedBy,
  type FieldControlProps,
  FieldError,
  optionInputStyles,
  optionRowStyles,
  optionTextStyles,
  RequiredMark,
} from './field-parts';
import { LockedHint, LockedValues, lockedHintId } from './locked-parts';

/**
 * A single yes/no checkbox labelled by the field's label: ticked it posts 'Yes', unticked nothing (the
 * server stores 'No'). Required means it must be ticked, as a consent box is.
 */
export function YesNoField({
  field,
  id,
  defaultValue,
  error,
  disabled,
  locked = false,
  onChange,
}: FieldControlProps) {
  const errorId = `${id}-error`;
  const ticked = defaultValue === CHECKBOX_ANSWERS.checked;
  return (
    <div className="pf-field">
      {locked ? <LockedHint controlId={id} /> : null}
      <label htmlFor={id} className={optionRowStyles}>
        <input
          id={id}
          type="checkbox"
          name={answerName(field.label)}
          value={CHECKBOX_ANSWERS.checked}
          defaultChecked={ticked}
          // A disabled box posts nothing: a locked tick goes in a hidden input below.
          disabled={disabled || locked}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(locked && lockedHintId(id), error && errorId)}
          className={optionInputStyles}
          onChange={() => onChange(field.label)}
        />
        <span className={`${optionTextStyles} font-medium`}>
          {field.label}
          {field.required ? <RequiredMark /> : null}
        </span>
      </label>
      {locked && ticked ? <LockedValues label={field.label} values={[CHECKBOX_ANSWERS.checked]} /> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

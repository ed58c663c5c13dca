import { CHECKBOX_ANSWERS } from '@sheetforms/contract/answers';
import { answerName } from '../logic/page-data';
import {
  type FieldControlProps,
  FieldError,
  optionInputStyles,
  optionRowStyles,
  optionTextStyles,
  RequiredMark,
} from './field-parts';

/**
 * A single yes/no checkbox labelled by the field's label: ticked it posts 'Yes', unticked nothing (the
 * server stores 'No'). Required means it must be ticked, as a consent box is.
 */
export function YesNoField({ field, id, defaultValue, error, disabled, onChange }: FieldControlProps) {
  const errorId = `${id}-error`;
  return (
    <div className="pf-field">
      <label htmlFor={id} className={optionRowStyles}>
        <input
          id={id}
          type="checkbox"
          name={answerName(field.label)}
          value={CHECKBOX_ANSWERS.checked}
          defaultChecked={defaultValue === CHECKBOX_ANSWERS.checked}
          disabled={disabled}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={optionInputStyles}
          onChange={() => onChange(field.label)}
        />
        <span className={`${optionTextStyles} font-medium`}>
          {field.label}
          {field.required ? <RequiredMark /> : null}
        </span>
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

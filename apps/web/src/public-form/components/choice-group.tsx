import type { PublicFormField } from '@sheetforms/contract';
import { OTHER_OPTION_LABEL, OTHER_OPTION_VALUE } from '@sheetforms/contract/answers';
import { useRef, useState } from 'react';
import { ANSWER_MAX } from '../lib/constants';
import { choiceStart } from '../logic/answers';
import { answerName, otherName } from '../logic/page-data';
import {
  describedBy,
  type FieldControlProps,
  FieldError,
  labelStyles,
  optionInputStyles,
  optionRowStyles,
  optionTextStyles,
  RequiredMark,
} from './field-parts';
import { LockedHint, LockedValues, lockedHintId } from './locked-parts';
import { inputStyles } from './shell';

/** How the text box of the 'Other' choice is named to assistive technology. */
export const OTHER_TEXT_LABEL = 'Other answer';

export type ChoiceGroupProps = FieldControlProps & {
  field: PublicFormField & { type: 'radio' | 'checkboxes' };
};

/**
 * A radio group (one of a list) or a checkbox group (any of a list) in a fieldset named by its legend.
 * Every control posts `answer:{label}` with its option as value, as a plain HTML form does. With 'Other',
 * the text box beside it is always there (so the form works without JavaScript; the server reads it only
 * when Other is ticked); typing in it ticks Other, and it is required while Other is ticked.
 */
export function ChoiceGroup({
  field,
  id,
  defaultValue,
  error,
  disabled: busy,
  locked = false,
  onChange,
}: ChoiceGroupProps) {
  const start = choiceStart(field, defaultValue);
  // Disabled controls post nothing: a locked answer goes in hidden inputs below.
  const disabled = busy || locked;
  const [otherTicked, setOtherTicked] = useState(start.other);
  const otherRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const otherTextId = `${id}-other-text`;
  const inputType = field.type === 'radio' ? 'radio' : 'checkbox';
  const name = answerName(field.label);
  const options = field.options ?? [];
  const controlId = (index: number) => (index === 0 ? id : `${id}-${index}`);

  const changed = () => {
    setOtherTicked(otherRef.current?.checked ?? false);
    onChange(field.label);
  };
  const typedOther = (event: React.ChangeEvent<HTMLInputElement>) => {
    const other = otherRef.current;
    if (other && event.target.value.trim() !== '' && !other.checked) other.checked = true;
    changed();
  };

  return (
    <fieldset
      className="pf-field min-w-0"
      aria-describedby={describedBy(locked && lockedHintId(id), error && errorId)}
      aria-invalid={error ? true : undefined}
    >
      <legend className={labelStyles}>
        {field.label}
        {field.required ? (
          <>
            <RequiredMark />
            <span className="sr-only"> (required)</span>
          </>
        ) : null}
      </legend>
      {locked ? <LockedHint controlId={id} /> : null}
      <div className="space-y-2">
        {options.map((option, index) => (
          <label key={option} htmlFor={controlId(index)} className={optionRowStyles}>
            <input
              id={controlId(index)}
              type={inputType}
              name={name}
              value={option}
              defaultChecked={start.chosen.includes(option)}
              disabled={disabled}
              required={field.type === 'radio' && field.required}
              className={optionInputStyles}
              onChange={changed}
            />
            <span className={optionTextStyles}>{option}</span>
          </label>
        ))}
        {field.allowOther ? (
          <div className={`${optionRowStyles} flex-wrap`}>
            <label htmlFor={controlId(options.length)} className="flex cursor-pointer items-start gap-3">
              <input
                ref={otherRef}
                id={controlId(options.length)}
                type={inputType}
                name={name}
                value={OTHER_OPTION_VALUE}
                defaultChecked={start.other}
                disabled={disabled}
                required={field.type === 'radio' && field.required}
                className={optionInputStyles}
                onChange={changed}
              />
              <span className={optionTextStyles}>{OTHER_OPTION_LABEL}</span>
            </label>
            <label htmlFor={otherTextId} className="sr-only">
              {OTHER_TEXT_LABEL}
            </label>
            <input
              id={otherTextId}
              type="text"
              name={otherName(field.label)}
              defaultValue={start.otherText}
              disabled={disabled}
              maxLength={ANSWER_MAX}
              aria-required={otherTicked || undefined}
              className={`${inputStyles} min-w-0 flex-1 basis-48 py-1.5`}
              onChange={typedOther}
            />
          </div>
        ) : null}
      </div>
      {locked ? (
        <LockedValues
          label={field.label}
          values={start.other && start.otherText ? [...start.chosen, start.otherText] : start.chosen}
        />
      ) : null}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

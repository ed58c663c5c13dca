import { CHECKBOX_ANSWERS, type FieldType, OTHER_OPTION_LABEL } from '@sheetforms/contract';
import { cleanOptions } from '@/features/field-settings/logic/field-settings-value';
import type { GeneratorField } from '../logic/fields';

const controlClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30';

/** The input type of each single-input field type. */
const INPUT_TYPES: Partial<Record<FieldType, string>> = {
  text: 'text',
  email: 'email',
  number: 'number',
  date: 'date',
  time: 'time',
  url: 'url',
  tel: 'tel',
};

function Required({ required }: { required: boolean }) {
  return required ? (
    <span className="ml-0.5 text-red-600" aria-hidden="true">
      *
    </span>
  ) : null;
}

/** The options a choice field shows here: its list, or a note that they are read from the sheet. */
function choicesOf(field: GeneratorField): string[] {
  // A list still being edited may hold a duplicate; it is shown once.
  return field.optionsFrom ? [] : [...new Set(cleanOptions(field.options))];
}

function RangeNote({ field }: { field: GeneratorField }) {
  return field.optionsFrom ? (
    <p className="text-slate-500 text-xs">Options are read from {field.optionsFrom.range || 'the sheet'}.</p>
  ) : null;
}

/** One field of the Preview tab, drawn as the public form draws its type (it sends nothing). */
export function PreviewField({ field, id }: { field: GeneratorField; id: string }) {
  const labelClasses = 'mb-1 block font-medium text-slate-700 text-sm';

  if (field.type === 'hidden') {
    // Respondents never see it: the preview only says it is there.
    return (
      <p className="rounded-lg border border-slate-300 border-dashed px-3 py-2 text-slate-500 text-xs">
        <span className="font-medium text-slate-700">{field.name}</span> is hidden: it takes its value from
        the form's link.
      </p>
    );
  }

  if (field.type === 'radio' || field.type === 'checkboxes') {
    const inputType = field.type === 'radio' ? 'radio' : 'checkbox';
    const listed = choicesOf(field);
    const choices =
      field.allowOther && !listed.includes(OTHER_OPTION_LABEL) ? [...listed, OTHER_OPTION_LABEL] : listed;
    return (
      <fieldset>
        <legend className={labelClasses}>
          {field.name}
          <Required required={field.required} />
        </legend>
        <div className="space-y-1.5">
          {choices.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-slate-700 text-sm">
              <input type={inputType} name={id} value={choice} className="size-4 accent-emerald-600" />
              {choice}
            </label>
          ))}
          <RangeNote field={field} />
        </div>
      </fieldset>
    );
  }

  if (field.type === 'checkbox') {
    return (
      <label className="flex items-center gap-2 font-medium text-slate-700 text-sm">
        <input type="checkbox" value={CHECKBOX_ANSWERS.checked} className="size-4 accent-emerald-600" />
        {field.name}
        <Required required={field.required} />
      </label>
    );
  }

  const label = (
    <label htmlFor={id} className={labelClasses}>
      {field.name}
      <Required required={field.required} />
    </label>
  );

  if (field.type === 'dropdown') {
    return (
      <div>
        {label}
        <select id={id} required={field.required} defaultValue="" className={controlClasses}>
          <option value="">Choose…</option>
          {choicesOf(field).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        <RangeNote field={field} />
      </div>
    );
  }

  if (field.type === 'textarea') {
    return (
      <div>
        {label}
        <textarea
          id={id}
          rows={3}
          placeholder={field.placeHolder}
          required={field.required}
          className={`${controlClasses} resize-y`}
        />
      </div>
    );
  }

  const bounds = field.type === 'number' || field.type === 'date';
  return (
    <div>
      {label}
      <input
        id={id}
        type={INPUT_TYPES[field.type] ?? 'text'}
        placeholder={field.placeHolder}
        required={field.required}
        min={bounds && field.min !== undefined ? String(field.min) : undefined}
        max={bounds && field.max !== undefined ? String(field.max) : undefined}
        className={controlClasses}
      />
    </div>
  );
}

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { describeVisibleWhen, FORM_LIMITS } from '@sheetforms/contract';
import { useId } from 'react';
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, GripIcon, TrashIcon, WarningIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { FieldSettings } from '@/features/field-settings/components/field-settings';
import { canBeRequired, HIDDEN_FIELD_HINT } from '@/features/field-settings/logic/field-settings-value';
import { ADD_FIELD_MESSAGES } from '../logic/add-field';
import type { EditorField } from '../logic/editor-field';
import type { FieldChange } from '../logic/editor-fields';
import { shownLabelOf } from '../logic/field-conditions';
import { EDITOR_TEXT } from '../logic/messages';
import { ConditionBuilder } from './condition-builder';

export const UNTITLED_FIELD = 'Untitled field';

export interface FieldEditorProps {
  field: EditorField;
  position: number;
  count: number;
  showErrors: boolean;
  /** Why this label is refused (used by another field, or a system column's name), if it is. */
  labelProblem?: string | undefined;
  /** Every field of the form in form order (removed ones too): what its conditions may refer to. */
  fields: readonly EditorField[];
  /** What is wrong with its conditions (a removed field, a question below it), if anything. */
  conditionWarning?: string | undefined;
  onChange: (change: FieldChange) => void;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-40';

/** Where a field's answers go in the sheet, when the label alone does not say. */
function ColumnNote({ field }: { field: EditorField }) {
  if (!field.saved && field.name === undefined) {
    return <p className="mt-1.5 text-slate-500 text-xs">{ADD_FIELD_MESSAGES.newColumnHint}</p>;
  }
  if (field.name !== undefined && field.name.trim() !== field.label.trim()) {
    return (
      <p className="mt-1.5 truncate text-slate-500 text-xs">
        Writes to sheet column <span className="font-medium text-slate-700">{field.name}</span>
      </p>
    );
  }
  return null;
}

/**
 * One field of the form, grouped in a fieldset whose legend is its label: the label, the shared type
 * settings, Required, and its place in the form (drag handle, or Move up / Move down).
 */
export function FieldEditor({
  field,
  position,
  count,
  showErrors,
  labelProblem,
  fields,
  conditionWarning,
  onChange,
  onRemove,
  onMove,
}: FieldEditorProps) {
  const id = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.key });
  const title = field.label.trim() || UNTITLED_FIELD;
  const labelError = !showErrors
    ? null
    : field.label.trim() === ''
      ? EDITOR_TEXT.fieldLabelRequired
      : (labelProblem ?? null);
  const requirable = canBeRequired(field.settings.type);
  const shownWhen = field.visibleWhen ? describeVisibleWhen(field.visibleWhen, shownLabelOf(fields)) : null;

  return (
    <fieldset
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-field-key={field.key}
      className={`relative min-w-0 rounded-xl border bg-white p-4 transition-shadow focus-within:border-emerald-300 focus-within:shadow-sm sm:p-5 ${
        isDragging ? 'z-10 border-emerald-400 shadow-lg ring-2 ring-emerald-500/20' : 'border-slate-200'
      }`}
    >
      <legend className="float-left mb-4 flex w-full min-w-0 items-center gap-2 pr-36 font-semibold text-slate-900 text-sm sm:pr-44">
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-600 text-xs"
        >
          {position}
        </span>
        <span className="truncate">{title}</span>
        {field.required && requirable ? (
          <span
            aria-hidden="true"
            className="hidden rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700 text-xs sm:inline"
          >
            Required
          </span>
        ) : null}
        {field.visibleWhen ? (
          <span
            aria-hidden="true"
            className="hidden rounded-full bg-violet-50 px-2 py-0.5 font-medium text-violet-700 text-xs sm:inline"
          >
            Conditional
          </span>
        ) : null}
        {field.saved ? null : (
          <span
            aria-hidden="true"
            className="rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-700 text-xs"
          >
            New
          </span>
        )}
      </legend>
      <div className="absolute top-3 right-3 flex items-center gap-0.5 sm:top-4 sm:right-4">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${title}`}
          className={`${iconButton} cursor-grab touch-none active:cursor-grabbing`}
        >
          <GripIcon className="size-4" />
        </button>
        <button
          type="button"
          data-move="up"
          disabled={position === 1}
          onClick={() => onMove(-1)}
          aria-label={`Move ${title} up`}
          className={iconButton}
        >
          <ArrowUpIcon className="size-4" />
        </button>
        <button
          type="button"
          data-move="down"
          disabled={position === count}
          onClick={() => onMove(1)}
          aria-label={`Move ${title} down`}
          className={iconButton}
        >
          <ArrowDownIcon className="size-4" />
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${title}`}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-medium text-slate-500 text-sm transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          <TrashIcon className="size-4" />
          <span className="hidden sm:inline">Remove</span>
        </button>
      </div>

      <div className="clear-both space-y-4">
        {shownWhen ? (
          <div className="-mt-1 space-y-2">
            <p className="flex items-start gap-1.5 text-slate-600 text-sm">
              <EyeIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span className="min-w-0 break-words">{shownWhen}</span>
            </p>
            {conditionWarning ? (
              <p
                data-condition-warning
                className="flex items-start gap-1.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
              >
                <WarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
                <span className="min-w-0">{conditionWarning}</span>
              </p>
            ) : null}
          </div>
        ) : null}
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
          <ColumnNote field={field} />
        </div>

        <FieldSettings
          value={field.settings}
          onChange={(settings) => onChange({ settings })}
          label={title}
          suggestedRange={field.suggestedRange}
          typeHint={field.typeHint}
          showErrors={showErrors}
        />
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-x-2.5 gap-y-1">
        <input
          id={`${id}-required`}
          type="checkbox"
          checked={field.required && requirable}
          disabled={!requirable}
          aria-describedby={requirable ? undefined : `${id}-required-hint`}
          onChange={(event) => onChange({ required: event.target.checked })}
          className="size-4 cursor-pointer rounded border-slate-300 accent-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed"
        />
        <label
          htmlFor={`${id}-required`}
          className={requirable ? 'cursor-pointer text-slate-700 text-sm' : 'text-slate-400 text-sm'}
        >
          Required
        </label>
        {requirable ? null : (
          <p id={`${id}-required-hint`} className="basis-full text-slate-500 text-xs sm:basis-auto">
            {HIDDEN_FIELD_HINT}
          </p>
        )}
      </div>

      <ConditionBuilder
        field={field}
        fields={fields}
        showErrors={showErrors}
        onChange={(visibleWhen) => onChange({ visibleWhen })}
      />
    </fieldset>
  );
}

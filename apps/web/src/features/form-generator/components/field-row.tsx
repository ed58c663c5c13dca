import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useRef } from 'react';
import { GripIcon, PencilIcon } from '@/components/ui/icons';
import { FieldSettings } from '@/features/field-settings/components/field-settings';
import {
  canBeRequired,
  type FieldSettingsValue,
  HIDDEN_FIELD_HINT,
} from '@/features/field-settings/logic/field-settings-value';
import { type GeneratorField, settingsOf, typeReasonOf } from '../logic/fields';

export interface FieldRowProps {
  field: GeneratorField;
  selected: boolean;
  /** Another selected field has this label: it must be renamed before Create. */
  clashing?: boolean;
  /** The id of the message that says why, for aria-describedby. */
  problemId?: string | undefined;
  onToggle: () => void;
  onStartRename: () => void;
  onEditName: (value: string) => void;
  onCommitRename: () => void;
  onSettingsChange: (settings: FieldSettingsValue) => void;
  onRequiredChange: (required: boolean) => void;
  /** Show every settings problem (after a refused Create). */
  showErrors?: boolean;
}

/**
 * One header of the sheet: select, rename inline, required and a drag handle; a selected field also
 * shows its type settings, with why the sheet suggested its type.
 */
export function FieldRow({
  field,
  selected,
  clashing = false,
  problemId,
  showErrors = false,
  ...on
}: FieldRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.id });
  const checkboxId = useId();
  const hiddenHintId = `${checkboxId}-hidden-hint`;
  const requirable = canBeRequired(field.type);
  const renameButton = useRef<HTMLButtonElement>(null);

  const commitFromKeyboard = () => {
    on.onCommitRename();
    // The input goes away; keep the keyboard user where they were.
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  return (
    <li
      ref={setNodeRef}
      // Translate only: rows differ in height (each shows its settings), and a scale would distort the
      // measured rows the next move is computed from.
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="field-row"
      className={`relative rounded-xl border bg-white p-3 ${
        isDragging
          ? 'z-10 border-emerald-400 shadow-lg ring-2 ring-emerald-500/20'
          : clashing
            ? 'border-red-300 ring-1 ring-red-200'
            : 'border-slate-200'
      } ${selected ? '' : 'bg-slate-50'}`}
    >
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${field.name}`}
            className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-emerald-600 active:cursor-grabbing"
          >
            <GripIcon className="size-4" />
          </button>
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected}
            onChange={on.onToggle}
            aria-label={field.name}
            className="size-4 shrink-0 rounded border-slate-300 accent-emerald-600"
          />
          <div className="min-w-0 flex-1">
            {field.isEditing ? (
              <input
                // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this field
                autoFocus
                type="text"
                value={field.editName}
                aria-label={`New name for ${field.name}`}
                onChange={(event) => on.onEditName(event.target.value)}
                onBlur={on.onCommitRename}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === 'Escape') {
                    event.preventDefault();
                    commitFromKeyboard();
                  }
                }}
                className="w-full rounded-md border border-emerald-400 px-2 py-1 font-medium text-slate-900 text-sm focus:outline-none focus:ring-2 focus:ring-emerald-500/30"
              />
            ) : (
              <div className="flex min-w-0 items-center gap-1">
                <label
                  htmlFor={checkboxId}
                  className={`truncate font-medium text-sm ${selected ? 'text-slate-900' : 'text-slate-500'}`}
                >
                  {field.name}
                </label>
                <button
                  ref={renameButton}
                  type="button"
                  onClick={on.onStartRename}
                  aria-label={`Rename ${field.name}`}
                  aria-describedby={problemId}
                  title="Rename"
                  className="flex size-7 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
                >
                  <PencilIcon className="size-3.5" />
                </button>
              </div>
            )}
            {field.header !== undefined && field.header !== field.name ? (
              <p className="truncate text-slate-500 text-xs">
                Writes to sheet column <span className="font-medium text-slate-700">{field.header}</span>
              </p>
            ) : null}
            {field.sampleData.length > 0 ? (
              <p className="truncate text-slate-500 text-xs" title={field.sampleData.join(', ')}>
                e.g. {field.sampleData.join(', ')}
              </p>
            ) : (
              <p className="text-slate-400 text-xs">No sample data</p>
            )}
          </div>
        </div>
        <label
          title={requirable ? undefined : HIDDEN_FIELD_HINT}
          className={`flex shrink-0 items-center gap-1.5 pt-1.5 text-sm ${
            requirable ? 'cursor-pointer text-slate-700' : 'cursor-not-allowed text-slate-400'
          }`}
        >
          <input
            type="checkbox"
            checked={field.required && requirable}
            disabled={!requirable}
            aria-describedby={requirable ? undefined : hiddenHintId}
            onChange={(event) => on.onRequiredChange(event.target.checked)}
            aria-label={`Required ${field.name}`}
            className="size-4 rounded border-slate-300 accent-emerald-600"
          />
          Required
        </label>
      </div>
      {requirable ? null : (
        <p id={hiddenHintId} className="mt-1 text-right text-slate-500 text-xs">
          {HIDDEN_FIELD_HINT}
        </p>
      )}
      {selected ? (
        <FieldSettings
          label={field.name}
          value={settingsOf(field)}
          onChange={on.onSettingsChange}
          suggestedRange={field.suggestedRange}
          typeHint={typeReasonOf(field) || undefined}
          showErrors={showErrors}
          className="mt-3 border-slate-100 border-t pt-3 sm:ml-10"
        />
      ) : null}
    </li>
  );
}

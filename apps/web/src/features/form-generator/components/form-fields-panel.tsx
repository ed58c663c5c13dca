import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { PlusIcon } from '@/components/ui/icons';
import { rowCollision } from '@/lib/row-collision';
import {
  areAllSelected,
  changeEditName,
  clashingFieldIds,
  commitRename,
  deselectAll,
  type FieldsState,
  renameProblem,
  reorderFields,
  selectAll,
  setFieldRequired,
  setFieldSettings,
  startRename,
  toggleSelected,
} from '../logic/fields';
import { FieldRow } from './field-row';

export const SELECT_MESSAGES = { all: 'All fields selected', none: 'All fields deselected' } as const;

/** Spec 001 section 9: drag starts by touch after a 120 ms long press. */
export const TOUCH_ACTIVATION = { delay: 120, tolerance: 5 } as const;

export interface FormFieldsPanelProps {
  sheetName: string;
  isLoading: boolean;
  state: FieldsState | undefined;
  onChange: (state: FieldsState) => void;
  /** Returns whether the header was added (the input is cleared then). */
  onAddHeader: (name: string) => boolean;
  /** Why the selected fields' labels stop Create (a label used twice, a system column), or null. */
  labelProblem?: string | null;
  /** Show every field's settings problems (after a refused Create). */
  showErrors?: boolean;
}

function CustomHeaderForm({ onAdd }: { onAdd: (name: string) => boolean }) {
  const [name, setName] = useState('');
  const inputId = useId();
  return (
    <form
      noValidate
      className="mt-5 border-slate-100 border-t pt-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (onAdd(name)) setName('');
      }}
    >
      <label htmlFor={inputId} className="mb-1.5 block font-medium text-slate-700 text-sm">
        Add a custom field
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-label="Custom header name"
          placeholder="e.g. How did you hear about us?"
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm shadow-sm placeholder:text-slate-400 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30"
        />
        <Button type="submit" variant="secondary" className="shrink-0">
          <PlusIcon className="size-4" />
          Add Header
        </Button>
      </div>
    </form>
  );
}

/** Spec 001: the Form Fields list with select, rename, type, required, drag reorder and custom headers. */
export function FormFieldsPanel({
  sheetName,
  isLoading,
  state,
  onChange,
  onAddHeader,
  labelProblem = null,
  showErrors = false,
}: FormFieldsPanelProps) {
  const problemId = useId();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fields = state?.fields ?? [];
  const selectedCount = state?.selectedIds.length ?? 0;
  const nameOf = (id: UniqueIdentifier) => fields.find((field) => field.id === id)?.name ?? String(id);
  const positionOf = (id: UniqueIdentifier) => fields.findIndex((field) => field.id === id) + 1;

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!state || !over || active.id === over.id) return;
    onChange({ ...state, fields: reorderFields(state.fields, String(active.id), String(over.id)) });
  };

  const updateFields = (next: FieldsState['fields']) => {
    if (state) onChange({ ...state, fields: next });
  };

  const commit = (id: string) => {
    const refused = renameProblem(fields, id);
    if (refused) toast.error(refused);
    updateFields(commitRename(fields, id));
  };
  const clashing = clashingFieldIds(state);

  const hasFields = fields.length > 0;
  const actions = hasFields ? (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="whitespace-nowrap text-slate-500 text-xs" aria-live="polite">
        {selectedCount} of {fields.length} selected
      </span>
      <Button
        size="sm"
        variant="ghost"
        className="whitespace-nowrap"
        disabled={!state || areAllSelected(state)}
        onClick={() => {
          if (!state) return;
          onChange(selectAll(state));
          toast.success(SELECT_MESSAGES.all);
        }}
      >
        Select all
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="whitespace-nowrap"
        disabled={selectedCount === 0}
        onClick={() => {
          if (!state) return;
          onChange(deselectAll(state));
          toast.success(SELECT_MESSAGES.none);
        }}
      >
        Deselect all
      </Button>
    </div>
  ) : null;

  let body: ReactNode;
  if (!sheetName) {
    body = (
      <p className="rounded-xl border border-slate-300 border-dashed px-4 py-8 text-center text-slate-500 text-sm">
        Choose a sheet above to turn its columns into form fields.
      </p>
    );
  } else if (isLoading) {
    body = (
      <div role="status" aria-label="Loading fields" className="space-y-2">
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="h-14 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
    );
  } else if (!hasFields) {
    body = (
      <p className="rounded-xl border border-slate-300 border-dashed px-4 py-8 text-center text-slate-500 text-sm">
        No fields yet. Add a custom field below.
      </p>
    );
  } else {
    body = (
      <>
        {labelProblem ? (
          <p
            id={problemId}
            role="alert"
            className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
          >
            {labelProblem}
          </p>
        ) : null}
        <p className="mb-3 text-slate-500 text-xs">
          Drag the handle to reorder (long press on touch screens, or focus it and press Space, then the arrow
          keys).
        </p>
        <DndContext
          sensors={sensors}
          collisionDetection={rowCollision}
          onDragEnd={handleDragEnd}
          accessibility={{
            announcements: {
              onDragStart: ({ active }) =>
                `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)}.`,
              onDragOver: ({ active, over }) =>
                over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)}.` : undefined,
              onDragEnd: ({ active, over }) =>
                over
                  ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)}.`
                  : `${nameOf(active.id)} dropped.`,
              onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} was dropped.`,
            },
          }}
        >
          <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
            <ul className="flex flex-col gap-2" aria-label="Form fields">
              {fields.map((field) => (
                <FieldRow
                  key={field.id}
                  field={field}
                  selected={state?.selectedIds.includes(field.id) ?? false}
                  clashing={clashing.has(field.id)}
                  problemId={clashing.has(field.id) && labelProblem ? problemId : undefined}
                  onToggle={() => state && onChange(toggleSelected(state, field.id))}
                  onStartRename={() => updateFields(startRename(fields, field.id))}
                  onEditName={(value) => updateFields(changeEditName(fields, field.id, value))}
                  onCommitRename={() => commit(field.id)}
                  onSettingsChange={(settings) => updateFields(setFieldSettings(fields, field.id, settings))}
                  showErrors={showErrors}
                  onRequiredChange={(required) => updateFields(setFieldRequired(fields, field.id, required))}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      </>
    );
  }

  return (
    <Card as="section" aria-labelledby="generator-fields">
      <CardHeader title="Form Fields" titleId="generator-fields" actions={actions} />
      <CardContent>
        {body}
        <CustomHeaderForm onAdd={onAddHeader} />
      </CardContent>
    </Card>
  );
}

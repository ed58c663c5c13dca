import {
  FIELD_TYPE_LABELS,
  FORM_LIMITS,
  type SheetHeader,
  type SheetPreview,
  typeReasonText,
} from '@sheetforms/contract';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon, PlusIcon, SheetIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { VerifyGoogleAccess } from '@/features/google-account/components/verify-google-access';
import { isNoOwnerAccess } from '@/features/google-account/logic/no-owner-access';
import { getSheetPreview } from '../api/form-editor-api';
import { ADD_FIELD_MESSAGES, unusedSheetColumns } from '../logic/add-field';
import type { EditorField } from '../logic/editor-field';
import { serverMessageOr } from '../logic/error-text';

export const ADD_FIELD_TEXT = {
  open: 'Add field',
  fromSheet: 'From your sheet',
  readingSheet: "Reading your sheet's columns…",
  readFailed: "Could not read your sheet's columns",
  noSheet: 'This form has no sheet yet: add a new question instead.',
  allUsed: 'Every column of your sheet is already in the form.',
  newQuestion: 'New question',
  questionLabel: 'Question label',
  addQuestion: 'Add question',
} as const;

export interface AddFieldPanelProps {
  googleSheetsUrl: string;
  sheetName: string;
  fields: readonly EditorField[];
  /** Adds a sheet column as a field; returns why it could not, or null. */
  onAddColumn: (header: SheetHeader) => string | null;
  /** Adds a typed question (or the unused column it names); returns why it could not, or null. */
  onAddQuestion: (label: string, unusedColumns: readonly SheetHeader[]) => string | null;
}

/**
 * Adds a field: a column of the form's sheet that no field uses yet (its header row is read only when
 * the panel is opened), or a new question that becomes a new column at the end of the sheet.
 */
export function AddFieldPanel(props: AddFieldPanelProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="w-full sm:w-auto">
        <PlusIcon className="size-4" />
        {ADD_FIELD_TEXT.open}
      </Button>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-emerald-200 bg-emerald-50/40 p-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="font-semibold text-slate-900 text-sm">
          {ADD_FIELD_TEXT.open}
        </h3>
        <button
          type="button"
          onClick={() => setOpen(false)}
          aria-label="Close Add field"
          className="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-white hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <AddFieldChoices {...props} />
    </section>
  );
}

function AddFieldChoices({
  googleSheetsUrl,
  sheetName,
  fields,
  onAddColumn,
  onAddQuestion,
}: AddFieldPanelProps) {
  const hasSheet = googleSheetsUrl.trim() !== '' && sheetName.trim() !== '';
  const preview = useQuery({
    queryKey: ['sheets', 'preview', googleSheetsUrl, sheetName],
    queryFn: () => getSheetPreview(googleSheetsUrl, sheetName),
    enabled: hasSheet,
    // The header row changes rarely; reopening the panel within a minute reads it once.
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const unused = preview.data ? unusedSheetColumns(preview.data.headers, fields) : [];
  return (
    <>
      <SheetColumns
        googleSheetsUrl={googleSheetsUrl}
        hasSheet={hasSheet}
        preview={preview}
        unused={unused}
        onAddColumn={onAddColumn}
      />
      <NewQuestionForm unused={unused} onAddQuestion={onAddQuestion} />
    </>
  );
}

interface SheetColumnsProps {
  hasSheet: boolean;
  googleSheetsUrl: string;
  preview: UseQueryResult<SheetPreview>;
  unused: readonly SheetHeader[];
  onAddColumn: AddFieldPanelProps['onAddColumn'];
}

function SheetColumns({ googleSheetsUrl, hasSheet, preview, unused, onAddColumn }: SheetColumnsProps) {
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  let body: ReactNode;
  if (!hasSheet) {
    body = <p className="text-slate-500 text-sm">{ADD_FIELD_TEXT.noSheet}</p>;
  } else if (preview.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-slate-500 text-sm">
        <Spinner size="sm" decorative />
        {ADD_FIELD_TEXT.readingSheet}
      </p>
    );
  } else if (preview.isError) {
    const reason = serverMessageOr(preview.error, ADD_FIELD_TEXT.readFailed);
    body = (
      <div className="flex flex-col items-start gap-3">
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-red-700">
            {reason === ADD_FIELD_TEXT.readFailed ? reason : `${ADD_FIELD_TEXT.readFailed}: ${reason}`}
          </p>
          <Button size="sm" variant="secondary" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </div>
        {isNoOwnerAccess(preview.error) ? (
          // Refused as someone else's spreadsheet: an owner who edits it through a group, their
          // organization or a shared drive proves it, then the columns are read again.
          <VerifyGoogleAccess
            spreadsheetUrl={googleSheetsUrl}
            onVerified={() => {
              // The refusal and its button go away with the read: the list's heading takes the focus.
              headingRef.current?.focus();
              void preview.refetch();
            }}
          />
        ) : null}
      </div>
    );
  } else {
    body =
      unused.length === 0 ? (
        <p className="text-slate-500 text-sm">{ADD_FIELD_TEXT.allUsed}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {unused.map((header) => {
            const reason = typeReasonText(header.typeReason, header.suggestedType);
            return (
              <li key={header.index} className="flex items-center gap-3 px-3 py-2.5">
                <SheetIcon aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 text-sm">{header.name}</p>
                  <p className="truncate text-slate-500 text-xs">
                    {FIELD_TYPE_LABELS[header.suggestedType]}
                    {reason ? ` · ${reason}` : ''}
                    {header.sampleData.length > 0 ? ` · e.g. ${header.sampleData.join(', ')}` : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Add column ${header.name}`}
                  onClick={() => setError(onAddColumn(header))}
                  className="shrink-0"
                >
                  <PlusIcon className="size-4" />
                  Add
                </Button>
              </li>
            );
          })}
        </ul>
      );
  }

  return (
    <div className="mt-3">
      <h4
        ref={headingRef}
        tabIndex={-1}
        className="mb-2 rounded font-medium text-slate-700 text-sm focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
      >
        {ADD_FIELD_TEXT.fromSheet}
      </h4>
      {body}
      {error ? (
        <p role="alert" className="mt-2 text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface NewQuestionFormProps {
  /** The sheet's unused columns: a typed label that names one takes that column. */
  unused: readonly SheetHeader[];
  onAddQuestion: AddFieldPanelProps['onAddQuestion'];
}

function NewQuestionForm({ unused, onAddQuestion }: NewQuestionFormProps) {
  const id = useId();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = onAddQuestion(label, unused);
    setError(problem);
    if (!problem) setLabel('');
  };

  return (
    <form noValidate onSubmit={submit} className="mt-5 border-emerald-100 border-t pt-4">
      <h4 className="mb-2 font-medium text-slate-700 text-sm">{ADD_FIELD_TEXT.newQuestion}</h4>
      <label htmlFor={`${id}-label`} className={labelClasses}>
        {ADD_FIELD_TEXT.questionLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-label`}
          type="text"
          value={label}
          maxLength={FORM_LIMITS.labelMax}
          placeholder="e.g. How did you hear about us?"
          onChange={(event) => {
            setLabel(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className={`${inputClasses} min-w-0`}
        />
        <Button type="submit" variant="secondary" className="shrink-0">
          <PlusIcon className="size-4" />
          {ADD_FIELD_TEXT.addQuestion}
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-slate-500 text-xs">
        {ADD_FIELD_MESSAGES.newColumnHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-red-600 text-sm">
          {error}
        </p>
      ) : null}
    </form>
  );
}

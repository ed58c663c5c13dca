import type { FormListItem } from '@sheetforms/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '@/components/ui/button';
import { ExternalLinkIcon, PencilIcon, PlusIcon } from '@/components/ui/icons';
import { VerifyGoogleAccess } from '@/features/google-account/components/verify-google-access';
import { isNoOwnerAccess } from '@/features/google-account/logic/no-owner-access';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateFormSheet } from '../api/update-form-sheet';
import { type SheetSettings, trimSheetSettings, validateSheetUrl } from '../logic/sheet-settings';

export const SAVE_SHEET_FAILED_TEXT = 'Failed to save Google Sheets settings. Please try again.';

/**
 * Spec 000's alert, except for someone else's spreadsheet: trying again cannot help there, so the
 * server's words (how to get access) are shown instead.
 */
function saveFailedText(error: unknown): string {
  return isNoOwnerAccess(error) ? getErrorMessage(error, SAVE_SHEET_FAILED_TEXT) : SAVE_SHEET_FAILED_TEXT;
}

export interface SheetSettingsCellProps {
  form: FormListItem;
  /** Called after a successful save with the saved (trimmed) values. */
  onSaved: (settings: SheetSettings) => void;
}

const inputBase =
  'w-full rounded-lg border bg-white px-2.5 py-1.5 text-slate-900 text-sm shadow-sm placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-0';

/**
 * The Google Sheets column (spec 000 sections 2 and 4): display, then edit (after Edit or Add Google
 * Sheets), then Save (with a per-row saving flag) back to display, or Cancel to discard the edits.
 */
export function SheetSettingsCell({ form, onSaved }: SheetSettingsCellProps) {
  const [draft, setDraft] = useState<SheetSettings | null>(null);
  const update = useUpdateFormSheet();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);
  const urlId = useId();
  const nameId = useId();
  const errorId = useId();

  const editing = draft !== null;
  useEffect(() => {
    if (editing) urlRef.current?.focus();
    else if (wasEditing.current) toggleRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const hasUrl = form.googleSheetsUrl.trim() !== '';

  if (!draft) {
    if (!hasUrl) {
      return (
        <div className="flex min-w-32 flex-col items-start gap-1.5">
          <span className="text-slate-500 text-sm">Not configured</span>
          <button
            ref={toggleRef}
            type="button"
            className={`${buttonClasses('secondary', 'sm')} whitespace-nowrap`}
            onClick={() => setDraft({ googleSheetsUrl: '', sheetName: form.sheetName })}
          >
            <PlusIcon className="size-3.5" />
            Add Google Sheets <span className="sr-only">to {form.name}</span>
          </button>
        </div>
      );
    }
    return (
      <div className="flex min-w-32 flex-col items-start gap-1">
        <a
          href={form.googleSheetsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 rounded font-medium text-emerald-700 text-sm hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          View Sheet <span className="sr-only">of {form.name} (opens in a new tab)</span>
          <ExternalLinkIcon className="size-3.5" />
        </a>
        <span className="max-w-48 truncate text-slate-600 text-xs" title={form.sheetName || undefined}>
          {form.sheetName ? (
            <>
              <span className="sr-only">Sheet name: </span>
              {form.sheetName}
            </>
          ) : (
            <span className="italic">No sheet name</span>
          )}
        </span>
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setDraft({ googleSheetsUrl: form.googleSheetsUrl, sheetName: form.sheetName })}
          className="inline-flex items-center gap-1 rounded font-medium text-slate-600 text-xs hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          <PencilIcon className="size-3" />
          Edit <span className="sr-only">Google Sheets of {form.name}</span>
        </button>
      </div>
    );
  }

  const validation = validateSheetUrl(draft.googleSheetsUrl);
  const cancel = () => {
    update.reset();
    setDraft(null);
  };
  const submit = () => {
    if (!validation.valid || update.isPending) return;
    const settings = trimSheetSettings(draft);
    update.mutate(
      { formId: form.formId, ...settings },
      {
        onSuccess: ({ message }) => {
          setDraft(null);
          toast.success(message ?? 'Google Sheets settings saved');
          onSaved(settings);
        },
        onError: (error) => {
          console.error(
            'Saving the Google Sheets settings failed:',
            getErrorMessage(error, SAVE_SHEET_FAILED_TEXT),
          );
          toast.error(saveFailedText(error));
        },
      },
    );
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Refused as someone else's spreadsheet: an owner who edits it through a group, their organization or a
  // shared drive proves it with Google, then the same save runs again.
  const refusedUrl =
    isNoOwnerAccess(update.error) && update.variables?.googleSheetsUrl === draft.googleSheetsUrl.trim()
      ? update.variables.googleSheetsUrl
      : null;

  return (
    <form
      noValidate
      onSubmit={save}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !update.isPending) {
          event.preventDefault();
          cancel();
        }
      }}
      aria-label={`Google Sheets settings of ${form.name}`}
      // As wide as its column or card allows, up to 18rem: a fixed width pushed the last columns off screen.
      className="flex w-full min-w-36 max-w-72 flex-col gap-2"
    >
      <div>
        <label htmlFor={urlId} className="mb-1 block font-medium text-slate-700 text-xs">
          Google Sheets URL
        </label>
        <input
          ref={urlRef}
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://docs.google.com/spreadsheets/d/…"
          value={draft.googleSheetsUrl}
          onChange={(event) => setDraft({ ...draft, googleSheetsUrl: event.target.value })}
          aria-invalid={!validation.valid || undefined}
          aria-describedby={validation.valid ? undefined : errorId}
          className={`${inputBase} ${
            validation.valid
              ? 'border-slate-300 focus-visible:outline-emerald-600'
              : 'border-red-500 focus-visible:outline-red-500'
          }`}
        />
        {validation.valid ? null : (
          <p id={errorId} className="mt-1 text-red-600 text-xs">
            {validation.message}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={nameId} className="mb-1 block font-medium text-slate-700 text-xs">
          Sheet name
        </label>
        <input
          id={nameId}
          type="text"
          autoComplete="off"
          maxLength={100}
          placeholder="Sheet1"
          value={draft.sheetName}
          onChange={(event) => setDraft({ ...draft, sheetName: event.target.value })}
          className={`${inputBase} border-slate-300 focus-visible:outline-emerald-600`}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!validation.valid} isLoading={update.isPending}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={cancel} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
      {refusedUrl ? (
        <VerifyGoogleAccess spreadsheetUrl={refusedUrl} onVerified={submit} context={form.name} compact />
      ) : null}
    </form>
  );
}

import type { FormListItem, FormSyncCounts } from '@sheetforms/contract';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteForm } from '../api/delete-form';
import type { SheetSettings } from '../logic/sheet-settings';
import { deriveSheetStatus, isSheetConfigured, type SheetCheckState } from '../logic/sheet-status';
import { type SyncCount, syncCountFor } from '../logic/sync-health';
import { CopyIcon, ExternalLinkIcon, PencilIcon, TrashIcon } from './icons';
import { SheetSettingsCell } from './sheet-settings-cell';
import { SheetStatusCell } from './sheet-status-cell';
import { SyncHealth } from './sync-health';

export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this form?';
export const DELETE_FAILED_TEXT = 'Failed to delete form. Please try again.';

export const FORMS_TABLE_COLUMNS = [
  'S.No.',
  'Name',
  'Open Form URL',
  'Google Sheets',
  'Sheet Status',
  'Iframe URL',
  'Form Status',
  'Action',
] as const;

export interface FormsTableProps {
  forms: FormListItem[];
  checks: Record<string, SheetCheckState>;
  /** Per form, responses not yet in the sheet and those that failed; undefined while unknown. */
  syncCounts?: FormSyncCounts;
  onRecheck: (form: FormListItem) => void;
  onSheetSaved: (form: FormListItem, settings: SheetSettings) => void;
  onCopyFormUrl: (form: FormListItem) => void;
  onCopyIframe: (form: FormListItem) => void;
  onDeleted: () => void;
  /** The scrollable region; focus moves here after a row is deleted. */
  regionRef?: RefObject<HTMLElement | null>;
}

const linkClasses =
  'inline-flex items-center gap-1 rounded font-medium text-sm focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2';
const smallButton =
  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 text-xs shadow-sm hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

/** Spec 000 section 2: the eight columns of Manage Forms. It scrolls sideways on narrow screens. */
export function FormsTable({
  forms,
  checks,
  syncCounts,
  onRecheck,
  onSheetSaved,
  onCopyFormUrl,
  onCopyIframe,
  onDeleted,
  regionRef,
}: FormsTableProps) {
  return (
    <section
      ref={regionRef}
      aria-label="Forms"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">
          Your forms, with their links, Google Sheets connection and actions
        </caption>
        <thead className="bg-slate-50 text-slate-600 text-xs uppercase tracking-wide">
          <tr>
            {FORMS_TABLE_COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-slate-200 border-b px-3 py-3 align-bottom font-semibold leading-snug first:pl-5 last:pr-5"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {forms.map((form, index) => (
            <FormRow
              key={form.formId}
              form={form}
              serial={index + 1}
              check={checks[form.formId]}
              syncCount={syncCountFor(syncCounts, form.formId)}
              onRecheck={() => onRecheck(form)}
              onSheetSaved={(settings) => onSheetSaved(form, settings)}
              onCopyFormUrl={() => onCopyFormUrl(form)}
              onCopyIframe={() => onCopyIframe(form)}
              onDeleted={onDeleted}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface FormRowProps {
  form: FormListItem;
  serial: number;
  check: SheetCheckState | undefined;
  syncCount: SyncCount;
  onRecheck: () => void;
  onSheetSaved: (settings: SheetSettings) => void;
  onCopyFormUrl: () => void;
  onCopyIframe: () => void;
  onDeleted: () => void;
}

function FormRow({
  form,
  serial,
  check,
  syncCount,
  onRecheck,
  onSheetSaved,
  onCopyFormUrl,
  onCopyIframe,
  onDeleted,
}: FormRowProps) {
  const remove = useDeleteForm();
  const status = deriveSheetStatus(isSheetConfigured(form), check);
  const active = form.status === 'Active';

  const confirmDelete = () => {
    if (!window.confirm(DELETE_CONFIRM_TEXT)) return;
    remove.mutate(form.formId, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Form deleted successfully');
        onDeleted();
      },
      onError: (error) => {
        console.error('Deleting the form failed:', getErrorMessage(error, DELETE_FAILED_TEXT));
        toast.error(DELETE_FAILED_TEXT);
      },
    });
  };

  return (
    <tr
      className="align-top transition-colors hover:bg-slate-50/60"
      aria-busy={remove.isPending || undefined}
    >
      <td className="py-4 pr-4 pl-5 text-slate-500 tabular-nums">{serial}</td>
      <td className="px-3 py-4">
        <div className="min-w-28 max-w-56">
          <p className="break-words font-semibold text-slate-900">{form.name}</p>
          <p className="mt-0.5 text-slate-500 text-xs">
            {form.responseCount === 1 ? '1 response' : `${form.responseCount.toLocaleString()} responses`}
          </p>
        </div>
      </td>
      <td className="px-3 py-4">
        <div className="flex flex-col items-start gap-1.5">
          <a
            href={form.openFormUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClasses} text-emerald-700 hover:text-emerald-800 hover:underline`}
          >
            View Form <span className="sr-only">{form.name} (opens in a new tab)</span>
            <ExternalLinkIcon />
          </a>
          <button type="button" onClick={onCopyFormUrl} className={smallButton}>
            <CopyIcon className="size-3" />
            Copy URL <span className="sr-only">of {form.name}</span>
          </button>
        </div>
      </td>
      <td className="px-3 py-4">
        <SheetSettingsCell form={form} onSaved={onSheetSaved} />
      </td>
      <td className="px-3 py-4">
        <SheetStatusCell
          formName={form.name}
          status={status}
          result={check?.phase === 'done' ? check.result : undefined}
          onRecheck={onRecheck}
        />
        <div className="mt-2 empty:hidden">
          <SyncHealth formId={form.formId} formName={form.name} count={syncCount} />
        </div>
      </td>
      <td className="px-3 py-4">
        <button type="button" onClick={onCopyIframe} className={smallButton}>
          <CopyIcon className="size-3" />
          Copy <span className="sr-only">iframe code of {form.name}</span>
        </button>
      </td>
      <td className="px-3 py-4">
        <span
          data-testid="form-status"
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${
            active ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-red-50 text-red-700 ring-red-200'
          }`}
        >
          <span
            aria-hidden="true"
            className={`size-1.5 rounded-full ${active ? 'bg-emerald-500' : 'bg-red-500'}`}
          />
          {form.status}
        </span>
      </td>
      <td className="py-4 pr-5 pl-3">
        <div className="flex flex-col items-stretch gap-1.5">
          <Link
            to={`/dashboard/form-update?formId=${encodeURIComponent(form.formId)}`}
            className={smallButton}
          >
            <PencilIcon className="size-3" />
            Edit <span className="sr-only">{form.name}</span>
          </Link>
          <Link to={`/dashboard/responses?formId=${encodeURIComponent(form.formId)}`} className={smallButton}>
            Responses <span className="sr-only">of {form.name}</span>
          </Link>
          <button
            type="button"
            onClick={confirmDelete}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            className="inline-flex items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-2.5 py-1 font-medium text-red-700 text-xs shadow-sm hover:border-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {remove.isPending ? (
              <Spinner size="sm" decorative className="size-3" />
            ) : (
              <TrashIcon className="size-3" />
            )}
            Delete <span className="sr-only">{form.name}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

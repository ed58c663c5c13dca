import type { FormListItem, FormSyncCounts } from '@sheetforms/contract';
import { type RefObject, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { CopyIcon, ExternalLinkIcon, PencilIcon, TrashIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteForm, useFormsBeingDeleted } from '../api/delete-form';
import type { SheetSettings } from '../logic/sheet-settings';
import { deriveSheetStatus, isSheetConfigured, type SheetCheckState } from '../logic/sheet-status';
import { syncCountFor } from '../logic/sync-health';
import { SheetSettingsCell } from './sheet-settings-cell';
import { SheetStatusCell } from './sheet-status-cell';
import { SyncHealth } from './sync-health';

export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this form?';
/** The dialog's heading (its accessible name); the spec's question is its text. */
export const DELETE_DIALOG_TITLE = 'Delete form?';
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

/** Spec 000 section 2: the eight columns of Manage Forms, on the kit's table (it scrolls sideways on narrow screens). */
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
  const beingDeleted = useFormsBeingDeleted();
  const [toDelete, setToDelete] = useState<FormListItem | null>(null);
  const [serial, name, openUrl, sheets, sheetStatus, iframe, formStatus, action] = FORMS_TABLE_COLUMNS;

  const columns: DataTableColumn<FormListItem>[] = [
    {
      id: 'serial',
      header: serial,
      cell: (_form, index) => index + 1,
      className: 'text-slate-500 tabular-nums',
    },
    {
      id: 'name',
      header: name,
      cell: (form) => (
        <div className="min-w-28 max-w-56">
          <p className="break-words font-semibold text-slate-900">{form.name}</p>
          <p className="mt-0.5 text-slate-500 text-xs">
            {form.responseCount === 1 ? '1 response' : `${form.responseCount.toLocaleString()} responses`}
          </p>
        </div>
      ),
    },
    {
      id: 'open-form-url',
      header: openUrl,
      cell: (form) => (
        <div className="flex flex-col items-start gap-1.5">
          <a
            href={form.openFormUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClasses} text-emerald-700 hover:text-emerald-800 hover:underline`}
          >
            View Form <span className="sr-only">{form.name} (opens in a new tab)</span>
            <ExternalLinkIcon className="size-3.5" />
          </a>
          <button type="button" onClick={() => onCopyFormUrl(form)} className={smallButton}>
            <CopyIcon className="size-3" />
            Copy URL <span className="sr-only">of {form.name}</span>
          </button>
        </div>
      ),
    },
    {
      id: 'google-sheets',
      header: sheets,
      cell: (form) => <SheetSettingsCell form={form} onSaved={(settings) => onSheetSaved(form, settings)} />,
    },
    {
      id: 'sheet-status',
      header: sheetStatus,
      cell: (form) => {
        const check = checks[form.formId];
        return (
          <>
            <SheetStatusCell
              formName={form.name}
              status={deriveSheetStatus(isSheetConfigured(form), check)}
              result={check?.phase === 'done' ? check.result : undefined}
              onRecheck={() => onRecheck(form)}
            />
            <div className="mt-2 empty:hidden">
              <SyncHealth
                formId={form.formId}
                formName={form.name}
                count={syncCountFor(syncCounts, form.formId)}
              />
            </div>
          </>
        );
      },
    },
    {
      id: 'iframe-url',
      header: iframe,
      cell: (form) => (
        <button type="button" onClick={() => onCopyIframe(form)} className={smallButton}>
          <CopyIcon className="size-3" />
          Copy <span className="sr-only">iframe code of {form.name}</span>
        </button>
      ),
    },
    {
      id: 'form-status',
      header: formStatus,
      cell: (form) => (
        <Badge data-testid="form-status" variant={form.status === 'Active' ? 'success' : 'danger'} dot>
          {form.status}
        </Badge>
      ),
    },
    {
      id: 'action',
      header: action,
      cell: (form) => (
        <FormActions
          form={form}
          isDeleting={beingDeleted.includes(form.formId)}
          onDelete={() => setToDelete(form)}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Forms"
        caption="Your forms, with their links, Google Sheets connection and actions"
        columns={columns}
        rows={forms}
        getRowId={(form) => form.formId}
        isRowBusy={(form) => beingDeleted.includes(form.formId)}
        regionRef={regionRef}
        tableClassName="min-w-[56rem]"
      />
      {toDelete ? (
        <DeleteFormDialog form={toDelete} onClose={() => setToDelete(null)} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}

/** Edit, Responses and Delete of one form. Delete asks first, in the kit's dialog. */
function FormActions({
  form,
  isDeleting,
  onDelete,
}: {
  form: FormListItem;
  isDeleting: boolean;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-col items-stretch gap-1.5">
      <Link to={`/dashboard/form-update?formId=${encodeURIComponent(form.formId)}`} className={smallButton}>
        <PencilIcon className="size-3" />
        Edit <span className="sr-only">{form.name}</span>
      </Link>
      <Link to={`/dashboard/responses?formId=${encodeURIComponent(form.formId)}`} className={smallButton}>
        Responses <span className="sr-only">of {form.name}</span>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={isDeleting}
        aria-busy={isDeleting || undefined}
        className="inline-flex items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-2.5 py-1 font-medium text-red-700 text-xs shadow-sm hover:border-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isDeleting ? <Spinner size="sm" decorative className="size-3" /> : <TrashIcon className="size-3" />}
        Delete <span className="sr-only">{form.name}</span>
      </button>
    </div>
  );
}

/**
 * Spec 000 section 5: deleting a form asks 'Are you sure you want to delete this form?' first. Cancel has
 * the focus; the dialog stays open (its Delete busy) until the server answers. After a delete the row is
 * gone, so focus goes to the table (onDeleted) rather than back to the row's button.
 */
function DeleteFormDialog({
  form,
  onClose,
  onDeleted,
}: {
  form: FormListItem;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteForm();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

  const confirm = () => {
    remove.mutate(form.formId, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Form deleted successfully');
        deleted.current = true;
        onClose();
      },
      onError: (error) => {
        console.error('Deleting the form failed:', getErrorMessage(error, DELETE_FAILED_TEXT));
        toast.error(DELETE_FAILED_TEXT);
        onClose();
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent
        title={DELETE_DIALOG_TITLE}
        description={DELETE_CONFIRM_TEXT}
        initialFocusRef={cancelRef}
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          event.preventDefault();
          onDeleted();
        }}
      >
        <DialogFooter>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} isLoading={remove.isPending}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

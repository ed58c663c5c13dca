import type { FormListItem } from '@sheetforms/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { CopyIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { useFormsBeingDeleted } from '../api/delete-form';
import { useWideScreen } from '../hooks/use-wide-screen';
import { deriveSheetStatus, isSheetConfigured } from '../logic/sheet-status';
import { syncCountFor } from '../logic/sync-health';
import { DeleteFormDialog } from './delete-form-dialog';
import { DeliveryHealth } from './delivery-health';
import { FormActions, linkClasses, responseCountText, smallButton } from './form-actions';
import { FormCards } from './form-cards';
import type { FormsTableProps } from './forms-table-props';
import { SheetSettingsCell } from './sheet-settings-cell';
import { SheetStatusCell } from './sheet-status-cell';
import { SyncHealth } from './sync-health';

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

/**
 * Spec 000 section 2: the eight columns of Manage Forms, where they fit; on a phone or a narrow window
 * each form is a card with the same content, so nothing scrolls sideways (issue 22).
 */
export function FormsTable(props: FormsTableProps) {
  const wide = useWideScreen();
  const [toDelete, setToDelete] = useState<FormListItem | null>(null);
  return (
    <>
      {wide ? (
        <FormsGrid {...props} onDelete={setToDelete} />
      ) : (
        <FormCards {...props} onDelete={setToDelete} />
      )}
      {toDelete ? (
        <DeleteFormDialog form={toDelete} onClose={() => setToDelete(null)} onDeleted={props.onDeleted} />
      ) : null}
    </>
  );
}

function FormsGrid({
  forms,
  checks,
  syncCounts,
  onRecheck,
  onSheetSaved,
  onCopyFormUrl,
  onCopyIframe,
  onDelete,
  regionRef,
}: FormsTableProps & { onDelete: (form: FormListItem) => void }) {
  const beingDeleted = useFormsBeingDeleted();
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
        <div className="min-w-28 max-w-48">
          <p className="break-words font-semibold text-slate-900">{form.name}</p>
          <p className="mt-0.5 text-slate-500 text-xs">{responseCountText(form.responseCount)}</p>
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
              spreadsheetUrl={form.googleSheetsUrl}
              status={deriveSheetStatus(isSheetConfigured(form), check)}
              result={check?.phase === 'done' ? check.result : undefined}
              onRecheck={() => onRecheck(form)}
            />
            <div className="mt-2 space-y-1.5 empty:hidden">
              <SyncHealth
                formId={form.formId}
                formName={form.name}
                count={syncCountFor(syncCounts, form.formId)}
                hasSheet={isSheetConfigured(form)}
              />
              <DeliveryHealth formId={form.formId} formName={form.name} />
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
      // In reach even while a row's sheet editor is open and the table is at its widest.
      stickyEnd: true,
      cell: (form) => (
        <FormActions
          form={form}
          isDeleting={beingDeleted.includes(form.formId)}
          onDelete={() => onDelete(form)}
        />
      ),
    },
  ];

  return (
    <DataTable
      label="Forms"
      caption="Your forms, with their links, Google Sheets connection and actions"
      columns={columns}
      rows={forms}
      getRowId={(form) => form.formId}
      isRowBusy={(form) => beingDeleted.includes(form.formId)}
      regionRef={regionRef}
    />
  );
}

import type { FormListItem } from '@sheetforms/contract';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorIcon, FormIcon, PlusIcon, SheetIcon } from '@/components/ui/icons';
import { PageLoader } from '@/components/ui/spinner';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { useAuthMode } from '../api/get-auth-mode';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useForms } from '../api/get-forms';
import { useSyncCounts } from '../api/get-sync-counts';
import { useSheetChecks } from '../hooks/use-sheet-checks';
import { CopyDialog } from './copy-dialog';
import { FormsTable } from './forms-table';
import { SheetsSetupDialog } from './sheets-setup-dialog';
import { StatCards } from './stat-cards';

export const MANAGE_FORMS_TITLE = 'Manage Forms';
export const LOADING_FORMS_TEXT = 'Loading forms....';
export const NO_FORMS_TEXT = 'No forms found';
export const FETCH_FORMS_FAILED_TEXT = 'Failed to fetch forms. Please try again.';
export const IFRAME_COPIED_TEXT = 'Iframe code copied to clipboard!';
export const FORM_URL_COPIED_TEXT = 'Form URL copied to clipboard!';
export const FORM_GENERATOR_PATH = '/dashboard/form-generator';

type OpenDialog =
  | { kind: 'setup' }
  | { kind: 'form-url'; form: FormListItem }
  | { kind: 'iframe'; form: FormListItem };

/** The form generator opens in a new tab (spec 000 section 2). */
function openFormGenerator() {
  window.open(FORM_GENERATOR_PATH, '_blank', 'noopener');
}

/** Manage Forms (/dashboard/forms), spec 000 sections 2, 4, 5 and 8. */
export function ManageFormsPage() {
  const forms = useForms();
  const stats = useDashboardStats();
  const mode = useAuthMode();
  const syncCounts = useSyncCounts(forms.isSuccess && forms.data.length > 0);
  const { checks, recheck, recheckAfterSave, serviceAccountEmail } = useSheetChecks(forms.data);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const tableRef = useRef<HTMLElement>(null);
  const closeDialog = () => setDialog(null);

  let content: React.ReactNode;
  if (forms.isPending) {
    content = <PageLoader label={LOADING_FORMS_TEXT} />;
  } else if (forms.isError) {
    content = (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800"
      >
        <p className="flex items-center gap-2 font-medium text-sm">
          <ErrorIcon className="size-5 shrink-0" />
          {FETCH_FORMS_FAILED_TEXT}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void forms.refetch()}
          isLoading={forms.isFetching}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        <StatCards stats={stats.data} loading={stats.isPending} />
        {forms.data.length === 0 ? (
          <EmptyState
            title={NO_FORMS_TEXT}
            description="Forms you create will be listed here, with their public links, embed codes and the status of their Google Sheet."
            icon={<FormIcon className="size-7" />}
          >
            <Button onClick={openFormGenerator}>
              <PlusIcon className="size-4" />
              Create your first form
            </Button>
          </EmptyState>
        ) : (
          <FormsTable
            forms={forms.data}
            checks={checks}
            syncCounts={syncCounts.data}
            regionRef={tableRef}
            onRecheck={(form) => recheck(form.formId, form)}
            onSheetSaved={(form, settings) => {
              recheckAfterSave(form.formId, settings);
              void stats.refetch();
              // The server queues the form's failed responses again when its sheet settings are saved.
              void syncCounts.refetch();
            }}
            onCopyFormUrl={(form) => setDialog({ kind: 'form-url', form })}
            onCopyIframe={(form) => setDialog({ kind: 'iframe', form })}
            onDeleted={() => tableRef.current?.focus()}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={MANAGE_FORMS_TITLE}
        description="Forms built from your Google Sheets spreadsheets."
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'setup' })}>
              <SheetIcon className="size-4" />
              Google Sheets Setup
            </Button>
            <Button onClick={openFormGenerator}>
              <PlusIcon className="size-4" />
              Add Form
            </Button>
          </>
        }
      />
      {content}

      {dialog?.kind === 'setup' ? (
        <SheetsSetupDialog
          mode={mode}
          serviceAccountEmail={serviceAccountEmail}
          origin={window.location.origin}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'form-url' ? (
        <CopyDialog
          title="Copy Form URL"
          description={`The public link of “${dialog.form.name}”. Anyone with it can open the form.`}
          label="Form URL"
          text={dialog.form.openFormUrl}
          rows={2}
          successMessage={FORM_URL_COPIED_TEXT}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'iframe' ? (
        <CopyDialog
          title="Copy Iframe Code"
          description={`Paste this HTML into a web page to embed “${dialog.form.name}”. Its script keeps the frame as tall as the form; without it the frame stays 800 px tall.`}
          label="Iframe code"
          text={dialog.form.iframeCode}
          rows={5}
          successMessage={IFRAME_COPIED_TEXT}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}

import type { FormListItem } from '@sheetforms/contract';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { CopyIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { useFormsBeingDeleted } from '../api/delete-form';
import { deriveSheetStatus, isSheetConfigured } from '../logic/sheet-status';
import { syncCountFor } from '../logic/sync-health';
import { DeliveryHealth } from './delivery-health';
import { FormActions, linkClasses, responseCountText, smallButton } from './form-actions';
import type { FormsTableProps } from './forms-table-props';
import { SheetSettingsCell } from './sheet-settings-cell';
import { SheetStatusCell } from './sheet-status-cell';
import { SyncHealth } from './sync-health';

const termClasses = 'mb-1 font-medium text-slate-500 text-xs uppercase tracking-wide';

/**
 * Manage Forms on a phone or a narrow window: one card per form with everything the table's row has
 * (name, responses, sheet status, form status, links and actions), and the form's name at the top of the
 * card its Delete button is in. Nothing is wider than the screen, so the page never scrolls sideways.
 */
export function FormCards({
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
  return (
    <section
      ref={regionRef}
      aria-label="Forms"
      // Focus lands here after a card is deleted (its own button is gone).
      tabIndex={-1}
      className="min-w-0 rounded-2xl focus-visible:outline-2 focus-visible:outline-emerald-600"
    >
      <ul className="grid min-w-0 gap-3" data-testid="form-cards">
        {forms.map((form, index) => (
          <FormCard
            key={form.formId}
            form={form}
            serial={index + 1}
            isDeleting={beingDeleted.includes(form.formId)}
            sheetStatus={
              <>
                <SheetStatusCell
                  formName={form.name}
                  spreadsheetUrl={form.googleSheetsUrl}
                  status={deriveSheetStatus(isSheetConfigured(form), checks[form.formId])}
                  result={(() => {
                    const check = checks[form.formId];
                    return check?.phase === 'done' ? check.result : undefined;
                  })()}
                  onRecheck={() => onRecheck(form)}
                  layout="card"
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
            }
            onSheetSaved={(settings) => onSheetSaved(form, settings)}
            onCopyFormUrl={() => onCopyFormUrl(form)}
            onCopyIframe={() => onCopyIframe(form)}
            onDelete={() => onDelete(form)}
          />
        ))}
      </ul>
    </section>
  );
}

function FormCard({
  form,
  serial,
  isDeleting,
  sheetStatus,
  onSheetSaved,
  onCopyFormUrl,
  onCopyIframe,
  onDelete,
}: {
  form: FormListItem;
  serial: number;
  isDeleting: boolean;
  sheetStatus: React.ReactNode;
  onSheetSaved: Parameters<typeof SheetSettingsCell>[0]['onSaved'];
  onCopyFormUrl: () => void;
  onCopyIframe: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={headingId}
        aria-busy={isDeleting || undefined}
        data-testid="form-card"
        className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${isDeleting ? 'opacity-60' : ''}`}
      >
        <div className="flex min-w-0 items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="break-words font-semibold text-base text-slate-900">
              <span className="sr-only">Form {serial}:</span> {form.name}
            </h2>
            <p className="mt-0.5 text-slate-500 text-xs">{responseCountText(form.responseCount)}</p>
          </div>
          <Badge data-testid="form-status" variant={form.status === 'Active' ? 'success' : 'danger'} dot>
            <span className="sr-only">Form Status: </span>
            {form.status}
          </Badge>
        </div>

        <dl className="mt-4 grid min-w-0 gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className={termClasses}>Sheet Status</dt>
            <dd>{sheetStatus}</dd>
          </div>
          <div className="min-w-0">
            <dt className={termClasses}>Google Sheets</dt>
            <dd className="min-w-0">
              <SheetSettingsCell form={form} onSaved={onSheetSaved} />
            </dd>
          </div>
          <div className="min-w-0 sm:col-span-2">
            <dt className={termClasses}>Open Form URL</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <a
                href={form.openFormUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClasses} text-emerald-700 hover:text-emerald-800 hover:underline`}
              >
                View Form <span className="sr-only">{form.name} (opens in a new tab)</span>
                <ExternalLinkIcon className="size-3.5" />
              </a>
              <button type="button" onClick={onCopyFormUrl} className={smallButton}>
                <CopyIcon className="size-3" />
                Copy URL <span className="sr-only">of {form.name}</span>
              </button>
              <button type="button" onClick={onCopyIframe} className={smallButton}>
                <CopyIcon className="size-3" />
                Copy iframe <span className="sr-only">code of {form.name}</span>
              </button>
            </dd>
          </div>
        </dl>

        <div className="mt-4 border-slate-100 border-t pt-3">
          <FormActions form={form} isDeleting={isDeleting} onDelete={onDelete} layout="row" />
        </div>
      </article>
    </li>
  );
}

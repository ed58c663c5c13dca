import type { FormDetail, FormTemplate } from '@sheetforms/contract';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, DocumentIcon, SignOutIcon, WarningIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useGoogleApisConfig } from '@/features/google-account/api/get-google-apis-config';
import { useGoogleTokenClient } from '../hooks/use-google-token-client';
import { useTemplateActions } from '../hooks/use-template-actions';
import { useTemplateImport } from '../hooks/use-template-import';
import { TEMPLATES_TEXT } from '../logic/messages';
import { fieldLabels, latestResponse } from '../logic/preview-values';
import { AddTemplateForm } from './add-template-form';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { EditTemplateDialog } from './edit-template-dialog';
import { GoogleSignInPanel } from './google-sign-in-panel';
import { TemplateCard } from './template-card';
import { TemplatePreviewDialog } from './template-preview-dialog';

export interface DocumentTemplatesSectionProps {
  /** The form as GET /forms/{formId} answered it; template changes refresh it. */
  detail: FormDetail;
}

type OpenDialog = { kind: 'preview' | 'edit' | 'delete'; template: FormTemplate } | null;

/**
 * The form editor's Document Templates (spec 001 sections 2 and 4): Google sign-in first, then the
 * form's templates with their placeholder check and preview, and the add form.
 */
export function DocumentTemplatesSection({ detail }: DocumentTemplatesSectionProps) {
  const headingId = useId();
  const formId = detail.form.formId;
  const templates = detail.formTemplate;
  const labels = useMemo(() => fieldLabels(detail.form.jdata), [detail.form.jdata]);
  const latest = useMemo(() => latestResponse(detail.formResponse), [detail.formResponse]);

  const config = useGoogleApisConfig();
  const apis = config.isError ? null : config.data;
  const session = useGoogleTokenClient(apis);
  const importTemplate = useTemplateImport(apis, session.withToken);
  const { busy, addTemplate, editTemplate, deleteTemplate } = useTemplateActions(formId, importTemplate);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  if (config.isPending) {
    return (
      <div className="mt-4 flex items-center gap-2 text-slate-500 text-sm">
        <Spinner size="sm" decorative />
        <span role="status">{TEMPLATES_TEXT.loadingGoogle}</span>
      </div>
    );
  }
  if (apis === null || session.status === 'unavailable') {
    return (
      <div
        role="alert"
        className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm"
      >
        <WarningIcon className="mt-0.5 size-4 shrink-0" />
        <div>
          <p>{TEMPLATES_TEXT.googleUnavailable}</p>
          {config.isError ? (
            <Button variant="ghost" size="sm" className="-ml-3 mt-1" onClick={() => void config.refetch()}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  if (!session.isSignedIn) {
    return (
      <div className="mt-4">
        <GoogleSignInPanel
          templateCount={templates.length}
          ready={session.status === 'ready'}
          isSigningIn={session.isSigningIn}
          onSignIn={() => void session.signIn()}
        />
      </div>
    );
  }

  const current = dialog ? templates.find((template) => template.id === dialog.template.id) : undefined;
  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-slate-600 text-xs">
          <CheckCircleIcon className="size-4 text-emerald-600" />
          {TEMPLATES_TEXT.signedInAs}
        </p>
        {/* The short label keeps the status and the button on one line in the editor's narrow column. */}
        <Button variant="ghost" size="sm" onClick={session.signOut} aria-label={TEMPLATES_TEXT.signOutButton}>
          <SignOutIcon className="size-4" />
          {TEMPLATES_TEXT.signOutShort}
        </Button>
      </div>

      <section aria-labelledby={headingId} className="space-y-3">
        <h3 id={headingId} className="font-medium text-slate-900 text-sm">
          Templates <span className="font-normal text-slate-500">({templates.length})</span>
        </h3>
        {templates.length === 0 ? (
          <div className="flex items-start gap-3 rounded-xl bg-slate-50 px-4 py-4">
            <DocumentIcon className="mt-0.5 size-5 shrink-0 text-slate-400" />
            <div>
              <p className="font-medium text-slate-800 text-sm">{TEMPLATES_TEXT.emptyTitle}</p>
              <p className="mt-0.5 text-slate-500 text-xs">{TEMPLATES_TEXT.emptyHint}</p>
            </div>
          </div>
        ) : (
          <ul className="space-y-3">
            {templates.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                fieldLabels={labels}
                disabled={busy !== null}
                onPreview={() => setDialog({ kind: 'preview', template })}
                onEdit={() => setDialog({ kind: 'edit', template })}
                onDelete={() => setDialog({ kind: 'delete', template })}
              />
            ))}
          </ul>
        )}
      </section>

      <AddTemplateForm isAdding={busy?.kind === 'adding'} onAdd={addTemplate} />

      {dialog?.kind === 'preview' && current ? (
        <TemplatePreviewDialog
          template={current}
          fields={detail.form.jdata}
          latest={latest}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'edit' && current ? (
        <EditTemplateDialog
          template={current}
          isSaving={busy?.kind === 'saving'}
          onSave={(name, url) => editTemplate(current, name, url)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' && current ? (
        <DeleteTemplateDialog
          template={current}
          isDeleting={busy?.kind === 'deleting'}
          onConfirm={() => {
            void deleteTemplate(current).then((deleted) => {
              if (deleted) setDialog(null);
            });
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}

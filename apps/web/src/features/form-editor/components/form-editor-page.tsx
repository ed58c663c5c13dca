import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ArrowLeftIcon, WarningIcon } from '@/components/ui/icons';
import { PageLoader } from '@/components/ui/spinner';
import { formDetailQueryOptions } from '../api/form-detail-query';
import { serverMessageOr } from '../logic/error-text';
import { EDITOR_TEXT, FORMS_DASHBOARD_PATH } from '../logic/messages';
import { FormEditor } from './form-editor';
import { useGoBack } from './use-go-back';

/** /dashboard/form-update?formId={formId}: the form editor (spec 001). */
export function FormEditorPage() {
  const [searchParams] = useSearchParams();
  const formId = searchParams.get('formId')?.trim() ?? '';

  if (formId === '') {
    return (
      <Problem title={EDITOR_TEXT.missingFormId} description="Open a form from Manage Forms to edit it.">
        <Link to={FORMS_DASHBOARD_PATH} className={buttonClasses('primary')}>
          Go to Manage Forms
        </Link>
      </Problem>
    );
  }
  return <LoadedEditor key={formId} formId={formId} />;
}

function LoadedEditor({ formId }: { formId: string }) {
  const query = useQuery(formDetailQueryOptions(formId));
  const goBack = useGoBack();

  if (query.isPending) return <PageLoader label={EDITOR_TEXT.loading} />;
  if (query.isError) {
    const detail = serverMessageOr(query.error, EDITOR_TEXT.loadFailed);
    return (
      <Problem
        title={EDITOR_TEXT.loadFailed}
        description={detail === EDITOR_TEXT.loadFailed ? 'Check your connection and try again.' : detail}
      >
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" onClick={goBack} className={buttonClasses('secondary')}>
            <ArrowLeftIcon className="size-4" />
            Back
          </button>
          <button type="button" onClick={() => void query.refetch()} className={buttonClasses('primary')}>
            Try again
          </button>
        </div>
      </Problem>
    );
  }
  return <FormEditor detail={query.data} />;
}

function Problem({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600"
      >
        <WarningIcon className="size-7" />
      </span>
      <h1 className="mt-5 font-semibold text-lg text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600 text-sm">{description}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

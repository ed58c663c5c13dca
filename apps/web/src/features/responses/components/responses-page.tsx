import { RESPONSES_MESSAGES } from '@sheetforms/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useFormDetail } from '../api/get-form-detail';
import { FORMS_PATH } from '../logic/texts';
import { ResponseStatCards } from './response-stat-cards';
import { ResponsesHeader } from './responses-header';
import { ResponsesLoadError } from './responses-load-error';
import { ResponsesPanel } from './responses-panel';
import { ResponsesSkeleton } from './responses-skeleton';

/** /dashboard/responses?formId={formId}: the responses page (spec 001 sections 2, 5 and 8). */
export function ResponsesPage() {
  const [searchParams] = useSearchParams();
  const formId = searchParams.get('formId')?.trim() ?? '';
  if (formId === '') return <MissingFormId />;
  // A new formId starts from scratch: filters, selection and the open drawer belong to one form.
  return <FormResponses key={formId} formId={formId} />;
}

/** Spec 001 section 5: 'Form ID is required', then back to Manage Forms. */
function MissingFormId() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(RESPONSES_MESSAGES.formIdRequired, { toastId: 'responses-form-id-required' });
    void navigate(FORMS_PATH, { replace: true });
  }, [navigate]);
  return (
    <p role="alert" className="mt-10 text-center text-slate-700">
      {RESPONSES_MESSAGES.formIdRequired}
    </p>
  );
}

function FormResponses({ formId }: { formId: string }) {
  const detail = useFormDetail(formId);
  if (detail.isPending) return <ResponsesSkeleton />;
  if (detail.isError) {
    return <ResponsesLoadError onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  }
  return (
    <>
      <ResponsesHeader formName={detail.data.form.name} />
      <ResponseStatCards detail={detail.data} />
      <ResponsesPanel detail={detail.data} />
    </>
  );
}

import { RESPONSES_MESSAGES } from '@sheetforms/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonClasses } from '@/components/ui/button';
import { ArrowLeftIcon, ErrorIcon } from '@/components/ui/icons';
import { FORMS_PATH, RESPONSES_TEXT } from '../logic/texts';

export interface ResponsesLoadErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

/** Spec 001 section 8: the inline message with Back to Forms, and the toast 'Failed to load form responses'. */
export function ResponsesLoadError({ onRetry, retrying }: ResponsesLoadErrorProps) {
  useEffect(() => {
    // The id keeps one toast when React runs the effect twice (StrictMode) or the page mounts again.
    toast.error(RESPONSES_MESSAGES.loadFailedToast, { toastId: 'responses-load-failed' });
  }, []);

  return (
    <div
      role="alert"
      className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-2xl border border-red-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600"
      >
        <ErrorIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-lg text-slate-900">{RESPONSES_MESSAGES.fetchFailed}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={FORMS_PATH} className={buttonClasses('secondary')}>
          <ArrowLeftIcon className="size-4" />
          {RESPONSES_TEXT.backToForms}
        </Link>
        <Button onClick={onRetry} isLoading={retrying}>
          {RESPONSES_TEXT.tryAgain}
        </Button>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { FORMS_PATH, RESPONSES_TEXT } from '../logic/texts';

export interface ResponsesHeaderProps {
  formName: string;
}

const crumbLink =
  'rounded hover:text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2';

/** Spec 001: 'Back to Forms', the breadcrumb 'Manage Forms / {form name}', and the page's one h1. */
export function ResponsesHeader({ formName }: ResponsesHeaderProps) {
  return (
    <div className="mb-6">
      <Link to={FORMS_PATH} className={buttonClasses('secondary', 'sm', 'mb-4')}>
        <ArrowLeftIcon className="size-4" />
        {RESPONSES_TEXT.backToForms}
      </Link>
      <nav aria-label="Breadcrumb" className="mb-2">
        <ol className="flex min-w-0 flex-wrap items-center gap-x-2 text-slate-500 text-sm">
          <li>
            <Link to={FORMS_PATH} className={crumbLink}>
              {RESPONSES_TEXT.manageForms}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 break-words font-medium text-slate-700">
            {formName}
          </li>
        </ol>
      </nav>
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{RESPONSES_TEXT.title}</h1>
      <p className="mt-1 break-words text-slate-600">Everything submitted to “{formName}”, newest first.</p>
    </div>
  );
}

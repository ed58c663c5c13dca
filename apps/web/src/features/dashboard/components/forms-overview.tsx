import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from './page-header';

export const MANAGE_FORMS_TITLE = 'Manage Forms';
export const NO_FORMS_TEXT = 'No forms found';

/** /dashboard/forms until the forms feature lands: an honest empty list, no sample data. */
export function FormsOverview() {
  return (
    <>
      <PageHeader
        title={MANAGE_FORMS_TITLE}
        description="Forms built from your Google Sheets spreadsheets."
      />
      <EmptyState
        title={NO_FORMS_TEXT}
        description="Forms you create will be listed here, with their public links, embed codes and the status of their Google Sheet."
        icon={
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          >
            <rect x="4" y="3" width="16" height="18" rx="2" />
            <path d="M8 8h8M8 12h8M8 16h5" />
          </svg>
        }
      />
    </>
  );
}

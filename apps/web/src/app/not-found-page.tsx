import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export const DASHBOARD_NOT_FOUND_TITLE = 'Page not found';
export const DASHBOARD_NOT_FOUND_TEXT = 'There is no page at this address.';

/**
 * An unknown /dashboard/* path, shown inside the dashboard's layout so the sidebar stays in reach; a
 * blank page or the public 404 would leave a signed-in user without their navigation.
 */
export function DashboardNotFoundPage() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center">
      <title>Page not found – SheetForms</title>
      <p className="font-bold text-emerald-700 text-sm uppercase tracking-widest">404</p>
      <h1 className="mt-3 font-bold text-2xl text-slate-900">{DASHBOARD_NOT_FOUND_TITLE}</h1>
      <p className="mt-3 text-slate-600">{DASHBOARD_NOT_FOUND_TEXT}</p>
      <Link to="/dashboard/forms" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Manage Forms
      </Link>
    </section>
  );
}

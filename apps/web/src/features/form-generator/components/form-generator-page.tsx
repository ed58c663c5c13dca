import { Link } from 'react-router';
import { LockIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { PageLoader } from '@/components/ui/spinner';
import { SignInButton } from '@/features/auth/components/access-denied';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FormGenerator } from './form-generator';

export const VERIFYING_TEXT = 'Verifying your credentials...';

/** Spec 001: the Access Denied screen of the generator, for a visitor who is not signed in. */
function GeneratorAccessDenied() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <LockIcon className="size-7" />
        </span>
        <h1 className="mt-6 font-bold text-2xl text-slate-900">Access Denied</h1>
        <p className="mt-3 text-slate-600">Please sign in to create forms from your Google Sheets.</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <SignInButton />
          <Link
            to="/"
            className="inline-flex items-center justify-center rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
          >
            Return to Home
          </Link>
        </div>
      </section>
    </main>
  );
}

/** /dashboard/form-generator: a standalone page with its own loader and Access Denied screen. */
export function FormGeneratorPage() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) {
    return (
      <main className="min-h-screen bg-slate-50">
        <PageLoader label={VERIFYING_TEXT} />
      </main>
    );
  }
  if (!isAuthenticated) return <GeneratorAccessDenied />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-20 border-slate-200 border-b bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo className="size-9" />
            <div>
              <p className="font-semibold text-slate-900">Form Generator</p>
              <p className="hidden text-slate-500 text-xs sm:block">Turn a Google Sheet into a web form</p>
            </div>
          </div>
          <Link
            to="/dashboard/forms"
            className="rounded-lg px-3 py-1.5 font-medium text-slate-700 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
          >
            Manage Forms
          </Link>
        </div>
      </header>
      <FormGenerator />
    </div>
  );
}

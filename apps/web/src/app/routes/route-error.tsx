import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';

/** Shown instead of a blank page when rendering a route throws. */
export function RouteError() {
  const error = useRouteError();
  console.error('Unexpected error while rendering the page', error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <title>Something went wrong – SheetForms</title>
      <Logo className="size-12" />
      <h1 className="mt-6 font-bold text-2xl text-slate-900">Something went wrong</h1>
      <p className="mt-3 max-w-md text-slate-600">
        This page hit an unexpected error. Reloading usually helps; if it keeps happening, please contact us.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </main>
  );
}

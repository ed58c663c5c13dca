import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';

export const NOT_FOUND_TITLE = 'Page not found';

/** A path no app knows. The front page is the public app: its link is a full page load. */
export function NotFoundRoute() {
  return (
    <main className="flex min-h-screen flex-col bg-white">
      <header className="border-slate-200 border-b">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-3 sm:px-6 lg:px-8">
          <a
            href="/"
            className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
          >
            <Logo className="size-9" />
            <span className="font-bold text-lg text-slate-900 tracking-tight">SheetForms</span>
          </a>
        </div>
      </header>
      <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <title>Page not found – SheetForms</title>
        <p className="font-bold text-emerald-700 text-sm uppercase tracking-widest">404</p>
        <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
          {NOT_FOUND_TITLE}
        </h1>
        <p className="mt-4 text-slate-600">
          The page you are looking for does not exist or has moved. Check the address, or start again from the
          front page.
        </p>
        <a href="/" className={buttonClasses('primary', 'lg', 'mt-10')}>
          Go to the front page
        </a>
      </section>
    </main>
  );
}

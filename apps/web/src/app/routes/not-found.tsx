import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export const NOT_FOUND_TITLE = 'Page not found';

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <title>Page not found – SheetForms</title>
      <p className="font-bold text-emerald-600 text-sm uppercase tracking-widest">404</p>
      <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {NOT_FOUND_TITLE}
      </h1>
      <p className="mt-4 text-slate-600">
        The page you are looking for does not exist or has moved. Check the address, or start again from the
        front page.
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-10')}>
        Go to the front page
      </Link>
    </section>
  );
}

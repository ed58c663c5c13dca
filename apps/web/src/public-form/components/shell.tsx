import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';

/** The centred card every respondent page sits in, with the small 'Powered by SheetForms' footer. */
export function Shell({ children, wide = true }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`pf-shell mx-auto w-full px-3 py-6 sm:px-6 sm:py-10 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
      <main className="pf-card relative overflow-hidden rounded-2xl bg-white shadow-slate-900/5 shadow-xl ring-1 ring-slate-900/8">
        <div
          aria-hidden="true"
          className="h-1.5 bg-gradient-to-r from-emerald-500 via-emerald-600 to-teal-500"
        />
        {children}
      </main>
      <PoweredBy />
    </div>
  );
}

export function PoweredBy() {
  return (
    <footer className="mt-5 flex justify-center">
      <a
        href="/"
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-slate-500 text-xs transition-colors hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <Logo className="size-4" />
        <span>
          Powered by <span className="font-semibold">SheetForms</span>
        </span>
      </a>
    </footer>
  );
}

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

// White text on emerald-700 is 5.4:1 (WCAG AA for normal text); on emerald-600 it was 3.6:1, too low for
// button labels of 14 and 16 px. Hover and press go a shade darker still.
export const buttonStyles = {
  primary: `${buttonBase} bg-emerald-700 px-5 py-3 text-base text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900`,
  primarySm: `${buttonBase} bg-emerald-700 px-4 py-2 text-sm text-white shadow-sm hover:bg-emerald-800`,
  secondary: `${buttonBase} border border-slate-300 bg-white px-3.5 py-2 text-slate-700 text-sm shadow-xs hover:bg-slate-50`,
  quiet: `${buttonBase} px-3.5 py-2 text-slate-600 text-sm hover:bg-slate-100 hover:text-slate-900`,
};

export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}

export const inputStyles =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors focus:border-emerald-600 focus:outline-none focus:ring-3 focus:ring-emerald-600/20 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20 sm:text-[15px]';

import type { ReactNode } from 'react';
import { SheetIcon, WarningIcon } from '@/components/ui/icons';

const STEPS = [
  { title: 'Paste your sheet URL', text: 'Any Google Sheet shared with "Anyone with the link".' },
  { title: 'Pick the columns', text: 'Rename, reorder and choose the type of each field.' },
  { title: 'Create the form', text: 'Every response becomes a new row in your sheet.' },
];

/** Spec 001: shown before anything is loaded. */
export function WelcomePanel() {
  return (
    <section
      aria-labelledby="generator-welcome"
      className="rounded-2xl border border-emerald-100 bg-gradient-to-br from-emerald-50 via-white to-white p-6 shadow-sm sm:p-8"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-600 text-white shadow-sm">
        <SheetIcon className="size-6" />
      </span>
      <h2 id="generator-welcome" className="mt-4 font-bold text-slate-900 text-xl">
        Welcome to the Form Generator
      </h2>
      <p className="mt-2 max-w-xl text-slate-600 text-sm">
        Turn any Google Sheet into a polished web form in three steps. The first row of the sheet becomes your
        form fields.
      </p>
      <ol className="mt-6 grid gap-3 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-4">
            <span className="flex size-7 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-700 text-sm">
              {index + 1}
            </span>
            <p className="mt-3 font-semibold text-slate-900 text-sm">{step.title}</p>
            <p className="mt-1 text-slate-600 text-xs leading-relaxed">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Shown instead of the Welcome panel when the spreadsheet could not be loaded. */
export function LoadErrorPanel({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <section
      aria-labelledby="generator-load-error"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-red-600">
          <WarningIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="generator-load-error" className="font-semibold text-red-900">
            The spreadsheet could not be loaded
          </h2>
          <p className="mt-1 text-red-800 text-sm">{message}</p>
          <p className="mt-2 text-red-700 text-xs">
            Check the address and the sharing settings of the spreadsheet, then try Load Data again.
          </p>
          {action ? <div className="mt-4 border-red-200 border-t pt-4">{action}</div> : null}
        </div>
      </div>
    </section>
  );
}

import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { CheckIcon, StarIcon } from '@/components/ui/icons';

export const HERO_TITLE = 'An AI powered spreadsheet assistant';

export interface HomeHeroProps {
  isSignedIn: boolean;
  onGetStarted: () => void;
  isSigningIn: boolean;
}

const HIGHLIGHTS = [
  'Build a form from your sheet’s header row',
  'Share a link or embed it on any site',
  'Every response lands in your sheet as a new row',
];

export function HomeHero({ isSignedIn, onGetStarted, isSigningIn }: HomeHeroProps) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-white">
      <div
        aria-hidden="true"
        className="-top-40 -right-32 pointer-events-none absolute size-[36rem] rounded-full bg-emerald-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1 font-medium text-emerald-700 text-sm shadow-sm">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            Google Sheets → web forms
          </p>
          <h1 className="mt-6 font-extrabold text-4xl text-slate-900 tracking-tight sm:text-5xl lg:text-6xl">
            {HERO_TITLE}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600 leading-relaxed">
            SheetForms turns any Google Sheets spreadsheet into a polished web form in minutes. Share it with
            a link or embed it on your site, and every response is saved and written straight back to your
            sheet.
          </p>
          <ul className="mt-8 space-y-3">
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-start gap-3 text-slate-700">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" strokeWidth={2.5} />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            {isSignedIn ? (
              <Link to="/dashboard/forms" className={buttonClasses('primary', 'lg')}>
                Open my forms
              </Link>
            ) : (
              <Button size="lg" onClick={onGetStarted} isLoading={isSigningIn}>
                Start building forms
              </Button>
            )}
            <p className="text-slate-500 text-sm">Free plan available · No credit card required</p>
          </div>
        </div>
        <SheetToFormIllustration />
      </div>
    </section>
  );
}

const SHEET_ROWS = [
  ['Ada Lovelace', 'ada@example.com', '5'],
  ['Alan Turing', 'alan@example.com', '4'],
  ['Grace Hopper', 'grace@example.com', '5'],
];

/** A drawing of a sheet and the form made from it; decorative only. */
function SheetToFormIllustration() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-lg select-none lg:max-w-none">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-emerald-900/5 shadow-xl">
        <div className="mb-3 flex items-center gap-2">
          <span className="size-3 rounded-full bg-emerald-500" />
          <span className="font-semibold text-slate-700 text-sm">Customer feedback — Sheet1</span>
        </div>
        <div className="overflow-hidden rounded-lg border border-slate-200 text-xs">
          <div className="grid grid-cols-[2rem_1fr_1.4fr_4rem] bg-slate-100 font-semibold text-slate-600">
            <span className="border-slate-200 border-r px-2 py-1.5" />
            <span className="border-slate-200 border-r px-2 py-1.5">Name</span>
            <span className="border-slate-200 border-r px-2 py-1.5">Email</span>
            <span className="px-2 py-1.5">Rating</span>
          </div>
          {SHEET_ROWS.map((row, index) => (
            <div
              key={row[0]}
              className={`grid grid-cols-[2rem_1fr_1.4fr_4rem] border-slate-200 border-t text-slate-700 ${
                index === SHEET_ROWS.length - 1 ? 'bg-emerald-50' : ''
              }`}
            >
              <span className="border-slate-200 border-r bg-slate-50 px-2 py-1.5 text-slate-400">
                {index + 2}
              </span>
              {row.map((cell) => (
                <span key={cell} className="truncate border-slate-200 border-r px-2 py-1.5 last:border-r-0">
                  {cell}
                </span>
              ))}
            </div>
          ))}
        </div>
      </div>

      <div className="-mt-6 relative ml-auto w-4/5 rounded-2xl border border-emerald-100 bg-white p-5 shadow-2xl shadow-emerald-900/10 sm:w-3/4">
        <p className="font-bold text-slate-900">Customer feedback</p>
        <p className="mt-1 text-slate-500 text-xs">Responses go to your Google Sheet</p>
        <div className="mt-4 space-y-3">
          <div>
            <span className="font-medium text-slate-600 text-xs">Name</span>
            <div className="mt-1 h-8 rounded-md border border-slate-200 bg-slate-50 px-2 py-1.5 text-slate-700 text-xs">
              Grace Hopper
            </div>
          </div>
          <div>
            <span className="font-medium text-slate-600 text-xs">Rating</span>
            <div className="mt-1 flex gap-1 text-amber-400">
              {['one', 'two', 'three', 'four', 'five'].map((star) => (
                <StarIcon key={star} className="size-5" fill="currentColor" strokeWidth={1} />
              ))}
            </div>
          </div>
          <div className="flex items-center justify-between pt-1">
            <span className="rounded-md bg-emerald-600 px-3 py-1.5 font-semibold text-white text-xs">
              Submit
            </span>
            <span className="flex items-center gap-1 font-medium text-emerald-700 text-xs">
              <CheckIcon className="size-4" strokeWidth={2.5} />
              Saved to sheet
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}

import { RESPONSES_TEXT } from '../logic/texts';

const block = 'animate-pulse rounded-lg bg-slate-200/80 motion-reduce:animate-none';

/** The page's shape while the form loads: header, three cards, a toolbar and table rows. */
export function ResponsesSkeleton() {
  return (
    <div role="status" aria-label={RESPONSES_TEXT.loading} data-testid="responses-skeleton">
      <span className="sr-only">{RESPONSES_TEXT.loading}</span>
      <div aria-hidden="true">
        <div className={`${block} mb-4 h-8 w-36`} />
        <div className={`${block} mb-3 h-4 w-56`} />
        <div className={`${block} mb-6 h-8 w-48`} />
        <div className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
          {['total', 'fields', 'latest'].map((card) => (
            <div key={card} className="rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
              <div className={`${block} h-4 w-24`} />
              <div className={`${block} mt-3 h-7 w-16`} />
            </div>
          ))}
        </div>
        <div className={`${block} mb-4 h-10 w-full max-w-md`} />
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          {['a', 'b', 'c', 'd', 'e'].map((row) => (
            <div key={row} className={`${block} mb-3 h-6 w-full last:mb-0`} />
          ))}
        </div>
      </div>
    </div>
  );
}

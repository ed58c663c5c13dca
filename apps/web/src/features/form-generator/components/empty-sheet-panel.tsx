import { InboxIcon } from '@/components/ui/icons';

/** Spec 001: the selected sheet has no cells, or could not be loaded (then its error is shown). */
export function EmptySheetPanel({ sheetName, error }: { sheetName: string; error: string | null }) {
  return (
    <section
      aria-labelledby="generator-empty-sheet"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-6 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-amber-600">
          <InboxIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="generator-empty-sheet" className="font-semibold text-amber-900">
            Empty Sheet Detected
          </h2>
          {error ? (
            <p className="mt-1 text-amber-900 text-sm">
              “{sheetName}” could not be loaded: <span className="font-medium">{error}</span>
            </p>
          ) : (
            <p className="mt-1 text-amber-900 text-sm">“{sheetName}” has no header row or data yet.</p>
          )}
          <p className="mt-2 text-amber-800 text-xs">
            Add custom headers below to build the form from scratch, or add a header row in Google Sheets and
            reload.
          </p>
        </div>
      </div>
    </section>
  );
}

const EXPLANATION =
  'Local mode: sign-in and Google Sheets are served by the built-in Google emulator, not by Google.';

/** Marks a deployment that runs against the built-in Google emulator (anyone can sign in as anyone). */
export function LocalModeBadge({ className = '' }: { className?: string }) {
  return (
    <span
      data-testid="local-mode-badge"
      title={EXPLANATION}
      className={`inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 font-semibold text-amber-800 text-xs ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
      Local mode
    </span>
  );
}

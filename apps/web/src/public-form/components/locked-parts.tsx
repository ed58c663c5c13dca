import { answerName } from '../logic/page-data';

/** What a locked field (from the owner's signed prefilled link) says under its label. */
export const LOCKED_HINT = 'Set by the form owner';

export function lockedHintId(controlId: string): string {
  return `${controlId}-locked`;
}

/** The hint beside a locked field: a small lock and the words, tied to the control by aria-describedby. */
export function LockedHint({ controlId }: { controlId: string }) {
  return (
    <p id={lockedHintId(controlId)} className="mb-2 flex items-center gap-1.5 text-slate-500 text-xs">
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-3.5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="4" y="9" width="12" height="8" rx="2" />
        <path d="M7 9V6.5a3 3 0 016 0V9" />
      </svg>
      <span>{LOCKED_HINT}</span>
    </p>
  );
}

/**
 * The locked answer as the plain form posts it. A disabled radio, checkbox or select posts nothing, so
 * these carry the value (one input per chosen option, as ticked boxes post): the no-JavaScript post and
 * the script's read of the form both see it. An unticked yes/no box posts nothing, as when unlocked.
 */
export function LockedValues({ label, values }: { label: string; values: readonly string[] }) {
  return (
    <>
      {values.map((part) => (
        <input key={part} type="hidden" name={answerName(label)} value={part} />
      ))}
    </>
  );
}

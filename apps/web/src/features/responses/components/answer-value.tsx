import type { AnswerColumn } from '../logic/response-columns';

export interface AnswerValueProps {
  column: AnswerColumn;
  value: string | undefined;
  /** In the table a long answer is cut to two lines; the drawer shows it whole. */
  variant: 'cell' | 'full';
}

/** One answer: text (or a dash when skipped), or the signature image. */
export function AnswerValue({ column, value, variant }: AnswerValueProps) {
  if (value === undefined || value.trim() === '') {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No answer</span>
      </span>
    );
  }
  if (column.kind === 'signature') {
    return (
      <img
        src={value}
        alt="Signature"
        loading="lazy"
        className={
          variant === 'cell'
            ? 'h-10 w-auto max-w-32 rounded border border-slate-200 bg-white object-contain'
            : 'h-auto w-full max-w-sm rounded-lg border border-slate-200 bg-white object-contain'
        }
      />
    );
  }
  return variant === 'cell' ? (
    <span className="line-clamp-2 max-w-64 break-words" title={value.length > 80 ? value : undefined}>
      {value}
    </span>
  ) : (
    <span className="whitespace-pre-wrap break-words">{value}</span>
  );
}

/** Who answered a login-protected form: the authorized user's email, or a dash for a response without one. */
export function Respondent({ email, variant }: { email: string | null; variant: 'cell' | 'full' }) {
  if (!email) {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not recorded</span>
      </span>
    );
  }
  return (
    <span className={variant === 'cell' ? 'block max-w-64 truncate' : 'break-all'} title={email}>
      {email}
    </span>
  );
}

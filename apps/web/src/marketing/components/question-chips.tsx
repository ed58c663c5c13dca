import { ASSISTANT, type QuestionRow } from '@sheetforms/contract';
import { cn } from '@/components/ui/cn';
import { SparklesIcon } from '@/components/ui/icons';

/** The feed rows shown as 'Try this questions' chips: type 'button' (spec 000 section 3). */
export function chipRows(rows: readonly QuestionRow[]): QuestionRow[] {
  return rows.filter((row) => row.type.trim().toLowerCase() === 'button' && row.question.trim() !== '');
}

export interface QuestionChipsProps {
  rows: readonly QuestionRow[];
  /** While the feed loads, placeholders hold the chips' place so the page does not jump. */
  loading: boolean;
  onPick: (question: string) => void;
  className?: string;
}

/** 'Try this questions': one button per chip row; a click asks that question. */
export function QuestionChips({ rows, loading, onPick, className }: QuestionChipsProps) {
  const chips = chipRows(rows);
  if (!loading && chips.length === 0) return null;
  return (
    <fieldset aria-busy={loading || undefined} className={className}>
      <legend className="flex items-center gap-1.5 font-semibold text-slate-700 text-sm">
        <SparklesIcon className="size-4 text-emerald-700" />
        {ASSISTANT.tryTheseQuestions}
      </legend>
      <ul className="mt-3 flex flex-wrap gap-2">
        {loading
          ? ['w-56', 'w-64', 'w-48', 'w-60'].map((width) => (
              <li
                key={width}
                aria-hidden="true"
                className={cn('h-9 max-w-full animate-pulse rounded-full bg-slate-200/70', width)}
              />
            ))
          : chips.map((row) => (
              <li key={row.question} className="max-w-full">
                <button
                  type="button"
                  onClick={() => onPick(row.question.trim())}
                  className="min-h-9 max-w-full rounded-full border border-emerald-200 bg-white px-3.5 py-1.5 text-left font-medium text-emerald-900 text-sm shadow-xs transition-colors hover:border-emerald-300 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
                >
                  {row.question.trim()}
                </button>
              </li>
            ))}
      </ul>
    </fieldset>
  );
}

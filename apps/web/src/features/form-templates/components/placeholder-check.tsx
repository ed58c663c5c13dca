import { listPlaceholders, unmatchedPlaceholders } from '@sheetforms/contract';
import { useId, useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { CheckCircleIcon, WarningIcon } from '@/components/ui/icons';
import { TEMPLATES_TEXT } from '../logic/messages';

export interface PlaceholderCheckProps {
  content: string;
  fieldLabels: readonly string[];
}

/** Lists the template's placeholders that match no field (they would stay as typed in every PDF). */
export function PlaceholderCheck({ content, fieldLabels }: PlaceholderCheckProps) {
  const headingId = useId();
  const { all, unmatched } = useMemo(
    () => ({ all: listPlaceholders(content), unmatched: unmatchedPlaceholders(content, fieldLabels) }),
    [content, fieldLabels],
  );

  if (unmatched.length === 0) {
    return (
      <p className="flex items-center gap-1.5 text-slate-500 text-xs">
        {all.length > 0 ? <CheckCircleIcon className="size-3.5 text-emerald-600" /> : null}
        {all.length > 0 ? TEMPLATES_TEXT.allMatched : TEMPLATES_TEXT.noPlaceholders}
      </p>
    );
  }
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2">
      <p id={headingId} className="flex items-center gap-1.5 font-medium text-amber-900 text-xs">
        <WarningIcon className="size-3.5" />
        {TEMPLATES_TEXT.unmatchedHeading}
      </p>
      <ul aria-labelledby={headingId} className="mt-1.5 flex flex-wrap gap-1.5">
        {unmatched.map((name) => (
          <li key={name} className="min-w-0 max-w-full">
            <Badge
              variant="warning"
              className="max-w-full whitespace-normal! break-all font-mono"
            >{`{{${name}}}`}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { FormListItem } from '@sheetforms/contract';
import { Link } from 'react-router';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';

export const linkClasses =
  'inline-flex items-center gap-1 rounded font-medium text-sm focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2';

/** The response count under a form's name. */
export function responseCountText(count: number): string {
  return count === 1 ? '1 response' : `${count.toLocaleString()} responses`;
}

export const smallButton =
  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium text-slate-700 text-xs shadow-sm hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

/** Edit, Responses and Delete of one form: stacked in the table's column, in a row on a card. */
export function FormActions({
  form,
  isDeleting,
  onDelete,
  layout = 'column',
}: {
  form: FormListItem;
  isDeleting: boolean;
  onDelete: () => void;
  layout?: 'column' | 'row';
}) {
  return (
    <div className={layout === 'row' ? 'flex flex-wrap gap-2' : 'flex flex-col items-stretch gap-1.5'}>
      <Link to={`/dashboard/form-update?formId=${encodeURIComponent(form.formId)}`} className={smallButton}>
        <PencilIcon className="size-3" />
        Edit <span className="sr-only">{form.name}</span>
      </Link>
      <Link to={`/dashboard/responses?formId=${encodeURIComponent(form.formId)}`} className={smallButton}>
        Responses <span className="sr-only">of {form.name}</span>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={isDeleting}
        aria-busy={isDeleting || undefined}
        className="inline-flex items-center justify-center gap-1.5 rounded-md border border-red-200 bg-white px-2.5 py-1 font-medium text-red-700 text-xs shadow-sm hover:border-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isDeleting ? <Spinner size="sm" decorative className="size-3" /> : <TrashIcon className="size-3" />}
        Delete <span className="sr-only">{form.name}</span>
      </button>
    </div>
  );
}

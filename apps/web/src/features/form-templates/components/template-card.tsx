import { docsUrlSource, type FormTemplate, normalisedDocsUrl } from '@sheetforms/contract';
import { Button } from '@/components/ui/button';
import { DocumentIcon, ExternalLinkIcon, EyeIcon, PencilIcon, TrashIcon } from '@/components/ui/icons';
import { PlaceholderCheck } from './placeholder-check';

export interface TemplateCardProps {
  template: FormTemplate;
  fieldLabels: readonly string[];
  /** An add, edit or delete is running: the buttons wait for it. */
  disabled: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One template: its name, its source document, the placeholder check, and Preview, Edit, Delete. */
export function TemplateCard({
  template,
  fieldLabels,
  disabled,
  onPreview,
  onEdit,
  onDelete,
}: TemplateCardProps) {
  // Only Google's https edit address, rebuilt from the id: a URL the server stored before it held the
  // Docs rule to the whole text (`javascript:…//docs.google.com/…`, another host) gets no link at all.
  const href = normalisedDocsUrl(template.googleDocsUrl);
  const isSheet = docsUrlSource(template.googleDocsUrl)?.kind === 'spreadsheet';
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex min-w-0 items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700"
        >
          <DocumentIcon className="size-4" />
        </span>
        <div className="min-w-0">
          <h4 className="break-words font-medium text-slate-900 text-sm">{template.name}</h4>
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noreferrer"
              className="mt-0.5 inline-flex items-center gap-1 rounded text-emerald-700 text-xs hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
            >
              {isSheet ? 'Open in Google Sheets' : 'Open in Google Docs'}
              <ExternalLinkIcon className="size-3" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
      <PlaceholderCheck content={template.content} fieldLabels={fieldLabels} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onPreview} aria-label={`Preview ${template.name}`}>
          <EyeIcon className="size-4" />
          Preview
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          disabled={disabled}
          aria-label={`Edit ${template.name}`}
        >
          <PencilIcon className="size-4" />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          disabled={disabled}
          aria-label={`Delete ${template.name}`}
          // `!`: the ghost variant's own colours come later in the stylesheet and would win. ml-auto sets the
          // destructive action apart, at the right end of the row (or of its own row when the card is narrow).
          className="ml-auto text-red-700! hover:bg-red-50! hover:text-red-800!"
        >
          <TrashIcon className="size-4" />
          Delete
        </Button>
      </div>
    </li>
  );
}

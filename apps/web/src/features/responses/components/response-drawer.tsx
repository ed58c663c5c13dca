import type { FormTemplate } from '@sheetforms/contract';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Drawer, DrawerBody, DrawerClose, DrawerContent, DrawerFooter } from '@/components/ui/drawer';
import { CopyIcon, FileDownIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';
import { formatTimestamp } from '../logic/format';
import { type AnswerColumn, answerEntries } from '../logic/response-columns';
import { RESPONSES_TEXT } from '../logic/texts';
import { AnswerValue, Respondent } from './answer-value';
import { DeliveryBadges } from './delivery-badges';
import { ExportTemplateDialog } from './export-template-dialog';
import type { NumberedResponse } from './responses-table';
import { SyncStateBadge } from './sync-state-badge';

export interface ResponseDrawerProps {
  formId: string;
  /** The open response; undefined closes the drawer. */
  row: NumberedResponse | undefined;
  onClose: () => void;
  answerColumns: readonly AnswerColumn[];
  showRespondent: boolean;
  templates: readonly FormTemplate[];
  onExport: (row: NumberedResponse, template: FormTemplate) => void;
}

const term = 'font-medium text-slate-500 text-xs uppercase tracking-wide';

/** The whole of one response: every answer unabridged, the signature, its id, time and sheet state. */
export function ResponseDrawer({
  formId,
  row,
  onClose,
  answerColumns,
  showRespondent,
  templates,
  onExport,
}: ResponseDrawerProps) {
  const [choosingTemplate, setChoosingTemplate] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  const copyId = async (id: string) => {
    const copied = await copyText(id, bodyRef.current ?? document.body);
    if (copied) toast.success(RESPONSES_TEXT.responseIdCopied);
    else toast.error(RESPONSES_TEXT.responseIdCopyFailed);
  };

  return (
    <Drawer open={row !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      {row ? (
        <DrawerContent
          size="lg"
          title={`Response ${row.number.toLocaleString()}`}
          description={
            showRespondent && row.item.respondent
              ? `Submitted ${formatTimestamp(row.item.createdAt)} by ${row.item.respondent}`
              : `Submitted ${formatTimestamp(row.item.createdAt)}`
          }
        >
          <DrawerBody ref={bodyRef}>
            <section aria-labelledby="response-answers">
              <h3 id="response-answers" className="sr-only">
                Answers
              </h3>
              <dl className="flex flex-col gap-4">
                {answerEntries(answerColumns, row.item.response).map((column) => (
                  <div key={column.key} className="min-w-0">
                    <dt className={term}>{column.label}</dt>
                    <dd className="mt-1 text-slate-900 text-sm">
                      <AnswerValue column={column} value={row.item.response[column.key]} variant="full" />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="response-details" className="mt-6 border-slate-200 border-t pt-5">
              <h3 id="response-details" className="mb-3 font-semibold text-slate-900 text-sm">
                Details
              </h3>
              <dl className="flex flex-col gap-4 text-sm">
                {showRespondent ? (
                  <div>
                    <dt className={term}>Respondent</dt>
                    <dd className="mt-1 text-slate-900">
                      <Respondent email={row.item.respondent} variant="full" />
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt className={term}>Response ID</dt>
                  <dd className="mt-1 flex flex-wrap items-center gap-2">
                    <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 text-xs">
                      {row.item.id}
                    </code>
                    <Button variant="ghost" size="sm" onClick={() => void copyId(row.item.id)}>
                      <CopyIcon className="size-4" />
                      Copy <span className="sr-only">Response ID</span>
                    </Button>
                  </dd>
                </div>
                <div>
                  <dt className={term}>Timestamp</dt>
                  <dd className="mt-1 text-slate-900">
                    <time dateTime={row.item.createdAt}>{formatTimestamp(row.item.createdAt)}</time>
                  </dd>
                </div>
                <div>
                  <dt className={term}>Google Sheet</dt>
                  <dd className="mt-1">
                    <SyncStateBadge formId={formId} item={row.item} showDetail />
                  </dd>
                </div>
                {row.item.deliveries && row.item.deliveries.length > 0 ? (
                  <div>
                    <dt className={term}>Also sent to</dt>
                    <dd className="mt-1">
                      <DeliveryBadges formId={formId} deliveries={row.item.deliveries} showDetail />
                    </dd>
                  </div>
                ) : null}
              </dl>
            </section>
          </DrawerBody>
          <DrawerFooter>
            {templates.length > 0 ? (
              <Button variant="secondary" onClick={() => setChoosingTemplate(true)}>
                <FileDownIcon className="size-4" />
                Export PDF
              </Button>
            ) : null}
            <DrawerClose asChild>
              <Button>Close</Button>
            </DrawerClose>
          </DrawerFooter>
          {/* Inside the drawer's content, so Radix stacks it above the drawer and returns focus here. */}
          <ExportTemplateDialog
            open={choosingTemplate}
            onOpenChange={setChoosingTemplate}
            title={RESPONSES_TEXT.exportTemplate}
            description={RESPONSES_TEXT.exportTemplateDescription}
            templates={templates}
            onChoose={(template) => onExport(row, template)}
          />
        </DrawerContent>
      ) : null}
    </Drawer>
  );
}

import { type FormDetail, type FormTemplate, PDF_ZIP_MAX, RESPONSES_MESSAGES } from '@sheetforms/contract';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';
import { getErrorMessage } from '@/lib/api-client';
import { loadedItems, useResponses } from '../api/get-responses';
import { useFileExport } from '../hooks/use-file-export';
import { usePdfExport } from '../hooks/use-pdf-export';
import { useResponseFilters } from '../hooks/use-response-filters';
import { activeFilters } from '../logic/list-filters';
import { answerColumns } from '../logic/response-columns';
import { RESPONSES_TEXT } from '../logic/texts';
import { ExportTemplateDialog } from './export-template-dialog';
import { ResponseDrawer } from './response-drawer';
import { ResponsesDownloads } from './responses-downloads';
import { ResponsesFilters } from './responses-filters';
import { type NumberedResponse, ResponsesTable, rowLabel } from './responses-table';

export interface ResponsesPanelProps {
  detail: FormDetail;
}

type TemplateChoice =
  | { kind: 'one'; row: NumberedResponse }
  | { kind: 'selected'; responseIds: string[] }
  | { kind: 'all'; count: number };

/** The filters, downloads, table, 'Load more', the response drawer and the template chooser. */
export function ResponsesPanel({ detail }: ResponsesPanelProps) {
  const formId = detail.form.formId;
  const templates = detail.formTemplate;
  const canExport = templates.length > 0;
  const loginRequired = detail.form.settings.loginRequired === 1;

  const filters = useResponseFilters();
  const list = useResponses(formId, filters.filters);
  const pdf = usePdfExport(formId);
  const files = useFileExport(formId);
  const [openId, setOpenId] = useState<string | undefined>();
  const [selectedIds, setSelectedIds] = useState<Set<string>>(() => new Set());
  const [choice, setChoice] = useState<TemplateChoice | undefined>();

  const rows = useMemo<NumberedResponse[]>(
    () => loadedItems(list.data?.pages).map((item, index) => ({ item, number: index + 1 })),
    [list.data],
  );
  // The columns come from the form and its newest response, not from the filtered rows, so they stay put
  // while the owner searches.
  const columns = useMemo(
    () => answerColumns(detail.form.jdata, detail.formResponse[0]?.response),
    [detail.form.jdata, detail.formResponse],
  );
  // The drawer reads the row from the list, so a refresh (sync state) shows in it while it is open.
  const openRow = openId === undefined ? undefined : rows.find((row) => row.item.id === openId);
  // Only rows still listed count as selected (a new search may have hidden some).
  const selectedRows = rows.filter((row) => selectedIds.has(row.item.id));

  const firstPageFailed = list.isError && list.data === undefined;
  useEffect(() => {
    if (firstPageFailed)
      toast.error(RESPONSES_MESSAGES.loadFailedToast, { toastId: 'responses-list-failed' });
  }, [firstPageFailed]);

  const total = list.data?.pages[0]?.total;
  // A form switched from login to open still shows who answered its earlier responses.
  const showRespondent = loginRequired || rows.some((row) => row.item.respondent !== null);
  const neverAnswered = list.isSuccess && !list.isPlaceholderData && total === 0 && !filters.isFiltering;

  const chooseTemplate = (template: FormTemplate) => {
    if (!choice) return;
    if (choice.kind === 'one') void pdf.exportPdf(choice.row.item.id, template);
    else if (choice.kind === 'selected')
      void pdf.exportZip({ responseIds: choice.responseIds }, choice.responseIds.length, template);
    else void pdf.exportZip(activeFilters(filters.filters), choice.count, template);
  };

  const downloadSelected = () => {
    if (selectedRows.length > PDF_ZIP_MAX) {
      toast.error(RESPONSES_TEXT.zipTooMany);
      return;
    }
    setChoice({ kind: 'selected', responseIds: selectedRows.map((row) => row.item.id) });
  };
  const downloadAll = () => {
    if (total !== undefined && total > 0) setChoice({ kind: 'all', count: total });
  };

  if (neverAnswered) {
    return (
      <EmptyState
        icon={<InboxIcon className="size-7" />}
        title={RESPONSES_MESSAGES.emptyTitle}
        description={RESPONSES_MESSAGES.emptyText}
      />
    );
  }

  return (
    <section aria-label="Responses list" className="flex min-w-0 flex-col gap-4">
      {/* The downloads sit beside the filters only when both fit; squeezing the filters hid their texts. */}
      <div className="flex min-w-0 flex-wrap items-end justify-between gap-x-6 gap-y-4">
        <ResponsesFilters
          search={filters.search}
          onSearchChange={filters.setSearch}
          range={filters.range}
          onRangeChange={filters.setRange}
          rangeError={filters.rangeError}
          canClear={filters.isFiltering}
          onClear={filters.clear}
        />
        <ResponsesDownloads
          onDownload={(format) => void files.download(format, filters.filters)}
          pendingFormat={files.pendingFormat}
          canExportPdf={canExport}
          matchingCount={firstPageFailed ? undefined : total}
          isFiltering={filters.isFiltering}
          selectedCount={selectedRows.length}
          onDownloadAllPdfs={downloadAll}
          onDownloadSelectedPdfs={downloadSelected}
          pdfBusy={pdf.busy}
        />
      </div>

      <ResponsesTable
        formId={formId}
        rows={rows}
        answerColumns={columns}
        showRespondent={showRespondent}
        canExport={canExport}
        onOpen={(row) => setOpenId(row.item.id)}
        onExport={(row) => setChoice({ kind: 'one', row })}
        selection={
          canExport ? { selectedIds, onSelectedIdsChange: setSelectedIds, getRowLabel: rowLabel } : undefined
        }
        loading={list.isPending || list.isPlaceholderData}
        error={
          firstPageFailed ? (
            <div role="alert" className="flex flex-col items-center gap-3">
              <p className="text-red-700">{RESPONSES_MESSAGES.fetchFailed}</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void list.refetch()}
                isLoading={list.isFetching}
              >
                {RESPONSES_TEXT.tryAgain}
              </Button>
            </div>
          ) : undefined
        }
        emptyState={
          <div className="py-4">
            <p className="font-semibold text-slate-900">{RESPONSES_TEXT.noMatchTitle}</p>
            <p className="mt-1 text-slate-600 text-sm">{RESPONSES_TEXT.noMatchText}</p>
          </div>
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-slate-600 text-sm">
          {total === undefined || firstPageFailed
            ? null
            : `Showing ${rows.length.toLocaleString()} of ${total.toLocaleString()} ${total === 1 ? 'response' : 'responses'}`}
        </p>
        {list.hasNextPage ? (
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            isLoading={list.isFetchingNextPage}
          >
            {RESPONSES_TEXT.loadMore}
          </Button>
        ) : null}
      </div>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-red-700 text-sm">
          {getErrorMessage(list.error, 'Could not load more responses. Please try again.')}
        </p>
      ) : null}

      <ResponseDrawer
        formId={formId}
        row={openRow}
        onClose={() => setOpenId(undefined)}
        answerColumns={columns}
        showRespondent={showRespondent}
        templates={templates}
        onExport={(row, template) => void pdf.exportPdf(row.item.id, template)}
      />
      <ExportTemplateDialog
        open={choice !== undefined}
        onOpenChange={(open) => (open ? undefined : setChoice(undefined))}
        title={
          choice?.kind === 'all'
            ? RESPONSES_TEXT.zipAllDialogTitle
            : choice?.kind === 'selected'
              ? RESPONSES_TEXT.zipDialogTitle
              : RESPONSES_TEXT.exportTemplate
        }
        description={
          choice?.kind === 'all'
            ? RESPONSES_TEXT.zipAllDialogDescription(choice.count, filters.isFiltering)
            : choice?.kind === 'selected'
              ? RESPONSES_TEXT.zipDialogDescription(choice.responseIds.length)
              : RESPONSES_TEXT.exportTemplateDescription
        }
        templates={templates}
        onChoose={chooseTemplate}
      />
    </section>
  );
}

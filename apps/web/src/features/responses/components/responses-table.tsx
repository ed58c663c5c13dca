import type { ResponseItem } from '@sheetforms/contract';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableSelection } from '@/components/ui/data-table';
import { EyeIcon, FileDownIcon } from '@/components/ui/icons';
import { formatTimestamp } from '../logic/format';
import type { AnswerColumn } from '../logic/response-columns';
import { AnswerValue, Respondent } from './answer-value';
import { DeliveryBadges } from './delivery-badges';
import { SyncStateBadge } from './sync-state-badge';

/** A loaded row with its number in the list ('No.', 1 for the newest). */
export interface NumberedResponse {
  item: ResponseItem;
  number: number;
}

export interface ResponsesTableProps {
  formId: string;
  rows: readonly NumberedResponse[];
  answerColumns: readonly AnswerColumn[];
  /** Show who answered (the form requires login, or a response names its respondent). */
  showRespondent: boolean;
  /** The Export button shows only when the form has templates (spec 001). */
  canExport: boolean;
  onOpen: (row: NumberedResponse) => void;
  onExport: (row: NumberedResponse) => void;
  selection?: DataTableSelection<NumberedResponse>;
  loading: boolean;
  error?: ReactNode;
  emptyState: ReactNode;
}

export const rowLabel = (row: NumberedResponse) => `response ${row.number.toLocaleString()}`;

/**
 * Spec 001: No., Timestamp, one column per field, Actions; a login-protected form adds Respondent after
 * the timestamp (issue 22). The sheet sync state sits under the timestamp rather than in a column of its
 * own. Actions sticks to the right edge from md up; the table reserves its width after the last answer
 * column so that column (often the signature) is never hidden under it.
 */
export function ResponsesTable({
  formId,
  rows,
  answerColumns,
  showRespondent,
  canExport,
  onOpen,
  onExport,
  selection,
  loading,
  error,
  emptyState,
}: ResponsesTableProps) {
  const columns: DataTableColumn<NumberedResponse>[] = [
    {
      id: 'no',
      header: 'No.',
      className: 'w-12 whitespace-nowrap tabular-nums text-slate-500',
      cell: (row) => row.number.toLocaleString(),
    },
    {
      id: 'timestamp',
      header: 'Timestamp',
      isRowHeader: true,
      className: 'min-w-44',
      cell: (row) => (
        <div className="flex flex-col items-start gap-1.5">
          <time dateTime={row.item.createdAt} className="whitespace-nowrap text-slate-900">
            {formatTimestamp(row.item.createdAt)}
          </time>
          <SyncStateBadge formId={formId} item={row.item} />
          <DeliveryBadges formId={formId} deliveries={row.item.deliveries} />
        </div>
      ),
    },
    ...(showRespondent
      ? [
          {
            id: 'respondent',
            header: 'Respondent',
            className: 'min-w-40 max-w-64 text-slate-700',
            cell: (row: NumberedResponse) => <Respondent email={row.item.respondent} variant="cell" />,
          },
        ]
      : []),
    ...answerColumns.map(
      (column): DataTableColumn<NumberedResponse> => ({
        id: `answer:${column.key}`,
        header: column.label,
        className: 'min-w-32 max-w-72 text-slate-700',
        cell: (row) => <AnswerValue column={column} value={row.item.response[column.key]} variant="cell" />,
      }),
    ),
    {
      id: 'actions',
      header: 'Actions',
      className: 'w-px whitespace-nowrap',
      stickyEnd: true,
      cell: (row) => (
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => onOpen(row)}>
            <EyeIcon className="size-4" />
            View <span className="sr-only">{rowLabel(row)}</span>
          </Button>
          {canExport ? (
            <Button variant="secondary" size="sm" onClick={() => onExport(row)}>
              <FileDownIcon className="size-4" />
              Export <span className="sr-only">{rowLabel(row)} as PDF</span>
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <DataTable
      label="Responses"
      caption="Responses to this form, newest first. Select a row to see the whole response."
      columns={columns}
      rows={rows}
      getRowId={(row) => row.item.id}
      onRowActivate={onOpen}
      selection={selection}
      loading={loading}
      error={error}
      emptyState={emptyState}
      tableClassName="min-w-[40rem]"
      className="max-h-[70vh]"
    />
  );
}

import type { FormListItem, FormSyncCounts } from '@sheetforms/contract';
import type { RefObject } from 'react';
import type { SheetSettings } from '../logic/sheet-settings';
import type { SheetCheckState } from '../logic/sheet-status';

/** What Manage Forms hands its list, shown as the table on a wide screen and as cards on a narrow one. */
export interface FormsTableProps {
  forms: FormListItem[];
  checks: Record<string, SheetCheckState>;
  /** Per form, responses not yet in the sheet and those that failed; undefined while unknown. */
  syncCounts?: FormSyncCounts;
  onRecheck: (form: FormListItem) => void;
  onSheetSaved: (form: FormListItem, settings: SheetSettings) => void;
  onCopyFormUrl: (form: FormListItem) => void;
  onCopyIframe: (form: FormListItem) => void;
  onDeleted: () => void;
  /** The scrollable region; focus moves here after a row is deleted. */
  regionRef?: RefObject<HTMLElement | null>;
}

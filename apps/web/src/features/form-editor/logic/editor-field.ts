import type { VisibleWhen } from '@sheetforms/contract';
import type { FieldSettingsValue } from '@/features/field-settings/logic/field-settings-value';

/**
 * A field while it is being edited. Its type and the rules that go with it are held as the shared field
 * settings edit them; the rest is the jdata item as stored. The form's order is the list's order (issue
 * 21: owners reorder fields; the sheet's column order does not change).
 */
export interface EditorField {
  /** A key for React lists and drag and drop: a field added in this edit has no id until it is saved. */
  key: string;
  /**
   * The stable id the field is saved under: the server's for a stored field, one made in the editor for a
   * field added in this edit (conditions refer to fields by id). Sent back so renames and reorders keep it.
   */
  id?: string | undefined;
  label: string;
  required: boolean;
  isRemoved: boolean;
  /** The sheet column header this field writes to, when its label differs (or it came from a column). */
  name?: string | undefined;
  column?: number | undefined;
  settings: FieldSettingsValue;
  /** Shown only when these rules on earlier fields hold (issue 23); absent: always shown. */
  visibleWhen?: VisibleWhen | undefined;
  /** Why a field added from a sheet column starts with its type (the sheet's rule, its data). */
  typeHint?: string | undefined;
  /** The range the sheet's own dropdown reads its options from, offered as the field's options. */
  suggestedRange?: string | undefined;
  /** The field as last saved; absent for a field added in this edit. */
  saved?: { label: string; settings: FieldSettingsValue } | undefined;
}

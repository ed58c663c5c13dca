import type { SheetHeader } from '@sheetforms/contract';
import { optionList } from '../field-options/range-options.js';

/** What the preview proposes for one column: a field type, why, and the type's settings. */
export type TypeSuggestion = Pick<
  SheetHeader,
  'suggestedType' | 'typeReason' | 'options' | 'optionsFrom' | 'min' | 'max'
>;

/** Nothing to go on: a text field, and nothing said about it. */
export const NO_SUGGESTION: TypeSuggestion = { suggestedType: 'text', typeReason: 'default' };
/** A rule the form cannot check: text, and the generator says that the sheet's rule is not checked. */
export const UNSUPPORTED_RULE: TypeSuggestion = { suggestedType: 'text', typeReason: 'unsupported-rule' };

/**
 * The options a form can offer from a list the sheet holds: trimmed, blanks and repeats dropped, those
 * longer than a form accepts dropped (offering fewer of the sheet's own values never lets a wrong one
 * through), the first 500 kept. Undefined when nothing usable is left.
 */
export function usableOptions(values: readonly string[]): string[] | undefined {
  // The one cleaning of option lists read from a sheet (the live form's ranges use it too).
  const options = optionList(values);
  return options.length > 0 ? options : undefined;
}

import { OPTION_LIMITS, optionsProblem, type SheetHeader } from '@sheetforms/contract';

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
  const options = [
    ...new Set(
      values
        .map((value) => value.trim())
        .filter((value) => value !== '' && value.length <= OPTION_LIMITS.lengthMax),
    ),
  ].slice(0, OPTION_LIMITS.max);
  return optionsProblem(options) === undefined ? options : undefined;
}

import { CHOICES_SEPARATOR, OTHER_OPTION_VALUE } from '@sheetforms/contract';

/**
 * How a respondent's `response` is read, wherever it is read (the submission, the form page, a
 * prefilled link): the signature under its own key, a checkboxes answer as its chosen options.
 */

/** The key of the signature URL in `response`, unless a field of the form has that label or id. */
export const SIGNATURE_KEY = 'signature';

/**
 * The chosen options of a checkboxes answer: an array as sent, or one text that is an option itself or
 * options joined by ', ' (how an API client or a stored answer writes several).
 */
export function choiceList(input: string | readonly string[], options: readonly string[]): string[] {
  const parts =
    typeof input !== 'string'
      ? [...input]
      : options.includes(input.trim())
        ? [input.trim()]
        : input.split(CHOICES_SEPARATOR);
  return parts.map((part) => part.trim()).filter((part) => part !== '' && part !== OTHER_OPTION_VALUE);
}

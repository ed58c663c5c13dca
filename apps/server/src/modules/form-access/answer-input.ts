import { CHOICES_SEPARATOR, OPTION_LIMITS, OTHER_OPTION_VALUE } from '@sheetforms/contract';

/**
 * How a respondent's `response` is read, wherever it is read (the submission, the form page, a
 * prefilled link): the signature under its own key, a checkboxes answer as its chosen options.
 */

/** The key of the signature URL in `response`, unless a field of the form has that label or id. */
export const SIGNATURE_KEY = 'signature';

/**
 * Choices read of one checkboxes answer: a field offers at most OPTION_LIMITS.max options, and an answer
 * adds at most one 'Other' text, so every valid answer has at most this many different choices.
 */
export const CHOICES_READ_MAX = OPTION_LIMITS.max + 1;

/**
 * The chosen options of a checkboxes answer: an array as sent, or one text that is an option itself or
 * options joined by ', ' (how an API client or a stored answer writes several). Trimmed, blanks and the
 * 'Other' marker dropped, each choice once, in the order first given.
 *
 * At most CHOICES_READ_MAX choices are read, and a text is split only as far as they take: 'a, a, a, …'
 * repeated to 5,000 characters is one choice read from 1,666 parts, not 1,666 choices for every rule on
 * the field to go through. Every valid answer reads as before (its choices, however often repeated, are
 * options and at most one 'Other' text); only an 'Other' text split into more than CHOICES_READ_MAX
 * different parts loses the parts past them.
 */
export function choiceList(input: string | readonly string[], options: readonly string[]): string[] {
  const chosen = new Set<string>();
  const add = (part: string) => {
    const choice = part.trim();
    if (choice !== '' && choice !== OTHER_OPTION_VALUE) chosen.add(choice);
    return chosen.size < CHOICES_READ_MAX;
  };
  if (typeof input !== 'string') {
    for (const item of input) if (!add(item)) break;
  } else if (options.includes(input.trim())) {
    add(input);
  } else {
    // input.split(CHOICES_SEPARATOR), read only until enough different choices are found.
    let from = 0;
    for (;;) {
      const at = input.indexOf(CHOICES_SEPARATOR, from);
      if (!add(at === -1 ? input.slice(from) : input.slice(from, at)) || at === -1) break;
      from = at + CHOICES_SEPARATOR.length;
    }
  }
  return [...chosen];
}

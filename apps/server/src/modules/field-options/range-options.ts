import { OPTION_LIMITS } from '@sheetforms/contract';

/**
 * Texts as a choice field offers them: trimmed, blanks and repeats dropped, at most OPTION_LIMITS.max
 * kept. A text longer than an option may be is left out rather than cut: a cut text would be an option
 * nobody wrote. The one cleaning of options read from a sheet (a range, a rule's list, a column's data).
 */
export function optionList(texts: Iterable<string>): string[] {
  const options: string[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    const option = text.trim();
    if (option === '' || option.length > OPTION_LIMITS.lengthMax || seen.has(option)) continue;
    seen.add(option);
    options.push(option);
    if (options.length === OPTION_LIMITS.max) break;
  }
  return options;
}

function* firstColumn(values: readonly (readonly string[])[]): Generator<string> {
  for (const row of values) yield row[0] ?? '';
}

/**
 * The options a range holds, in the preview and on the live form alike: the first column of each row
 * (Google's FORMATTED_VALUE text), cleaned by optionList.
 */
export function optionsFromValues(values: readonly (readonly string[])[]): string[] {
  return optionList(firstColumn(values));
}

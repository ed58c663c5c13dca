import { OPTION_LIMITS } from '@sheetforms/contract';

/**
 * The options a range holds, as a choice field offers them, in the preview and on the live form alike:
 * the first column of each row (Google's FORMATTED_VALUE text), trimmed, blanks and repeats dropped, at
 * most OPTION_LIMITS.max kept. A cell longer than an option may be is left out rather than cut: a cut
 * text would be an option nobody wrote.
 */
export function optionsFromValues(values: readonly (readonly string[])[]): string[] {
  const options: string[] = [];
  const seen = new Set<string>();
  for (const row of values) {
    const option = (row[0] ?? '').trim();
    if (option === '' || option.length > OPTION_LIMITS.lengthMax || seen.has(option)) continue;
    seen.add(option);
    options.push(option);
    if (options.length === OPTION_LIMITS.max) break;
  }
  return options;
}

import { isEmailShape } from '@sheetforms/contract';
import { type DateOrder, sheetDateToIso } from './sheet-dates.js';
import { NO_SUGGESTION, type TypeSuggestion, usableOptions } from './type-suggestion.js';

/**
 * A column's values look like a list to pick from when there are enough of them, few distinct ones,
 * and every one of those comes back: six answers of three kinds are a list, six different names are not.
 */
export const REPEATED_VALUES = { minValues: 6, maxDistinct: 8, minRepeats: 2 } as const;

/** Longer values are no email address (RFC 5321's path limit) or web address a form would take. */
const EMAIL_MAX = 254;
const URL_MAX = 2048;
/** Plain numbers as a sheet shows them: a sign, thousands commas, decimals. Not currencies or percents. */
const NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
const BOOLEAN = /^(?:TRUE|FALSE)$/i;

/**
 * The field type a column's own values suggest (no rule on it): every non-blank value an email, a
 * number, a date, TRUE/FALSE or a web address; otherwise a few values repeated over and over make a
 * dropdown of them; otherwise text. No values at all: text, with nothing said.
 */
export function suggestionFromData(cells: readonly string[], dateOrder: DateOrder): TypeSuggestion {
  const values = cells.map((cell) => cell.trim()).filter((value) => value !== '');
  if (values.length === 0) return NO_SUGGESTION;
  const all = (test: (value: string) => boolean) => values.every(test);
  if (all(isEmail)) return fromData('email');
  if (all((value) => NUMBER.test(value))) return fromData('number');
  if (all((value) => sheetDateToIso(value, dateOrder) !== undefined)) return fromData('date');
  if (all((value) => BOOLEAN.test(value))) return fromData('checkbox');
  if (all(isWebAddress)) return fromData('url');
  const options = repeatedValues(values);
  if (options) return { suggestedType: 'dropdown', typeReason: 'data', options };
  return fromData('text');
}

function fromData(suggestedType: TypeSuggestion['suggestedType']): TypeSuggestion {
  return { suggestedType, typeReason: 'data' };
}

/** Spec 001's email shape (linear, see isEmailShape), within an address's longest length. */
function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && isEmailShape(value);
}

function isWebAddress(value: string): boolean {
  if (value.length > URL_MAX || !/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** The distinct values in the order first seen, when they repeat as REPEATED_VALUES asks. */
function repeatedValues(values: readonly string[]): string[] | undefined {
  if (values.length < REPEATED_VALUES.minValues) return undefined;
  const counts = new Map<string, number>();
  for (const value of values) {
    counts.set(value, (counts.get(value) ?? 0) + 1);
    if (counts.size > REPEATED_VALUES.maxDistinct) return undefined;
  }
  if ([...counts.values()].some((count) => count < REPEATED_VALUES.minRepeats)) return undefined;
  const options = usableOptions([...counts.keys()]);
  return options?.length === counts.size ? options : undefined;
}

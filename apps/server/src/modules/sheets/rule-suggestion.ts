import type { Bound } from '@sheetforms/contract';
import type { CellRule } from '../../google/sheets-client.js';
import { optionsFromRuleRange } from '../field-options/options-range.js';
import { type DateOrder, sheetDateToIso } from './sheet-dates.js';
import { type TypeSuggestion, UNSUPPORTED_RULE, usableOptions } from './type-suggestion.js';

export interface RuleContext {
  /** The sheet the rule sits on: a range without a sheet name refers to it. */
  sheetName: string;
  /** How the spreadsheet's locale writes dates typed into a rule. */
  dateOrder: DateOrder;
}

/**
 * The field a column's data validation rule asks for (Google's BooleanCondition types). A rule the form
 * cannot check the same way (a custom formula, text containing, a date equal to, …) keeps the field text
 * and says so, rather than a type that would let answers through the sheet refuses or refuse ones it takes.
 */
export function suggestionFromRule(rule: CellRule, context: RuleContext): TypeSuggestion {
  const texts = rule.values.map((value) => value.userEnteredValue ?? '');
  switch (rule.type) {
    case 'ONE_OF_LIST': {
      const options = usableOptions(texts);
      return options ? { suggestedType: 'dropdown', typeReason: 'rule', options } : UNSUPPORTED_RULE;
    }
    case 'ONE_OF_RANGE': {
      const optionsFrom = optionsFromRuleRange(texts[0] ?? '', context.sheetName);
      return optionsFrom ? { suggestedType: 'dropdown', typeReason: 'rule', optionsFrom } : UNSUPPORTED_RULE;
    }
    case 'BOOLEAN': {
      // A plain checkbox takes TRUE / FALSE, which is what the form writes for a checkbox. A checkbox with
      // its own values ('Y' / 'N'; one value: that one, or a blank cell) would refuse those: offer its
      // values as a dropdown instead.
      if (texts.length === 0) return { suggestedType: 'checkbox', typeReason: 'rule' };
      const options = usableOptions(texts);
      return options ? { suggestedType: 'dropdown', typeReason: 'rule', options } : UNSUPPORTED_RULE;
    }
    case 'TEXT_IS_EMAIL':
      return { suggestedType: 'email', typeReason: 'rule' };
    case 'TEXT_IS_URL':
      return { suggestedType: 'url', typeReason: 'rule' };
    case 'NUMBER_BETWEEN':
      return bounded('number', ...ordered(numberBound(texts[0]), numberBound(texts[1])));
    case 'NUMBER_GREATER_THAN_EQ':
      return bounded('number', numberBound(texts[0]), undefined);
    // Strictly greater (or less): the form's bounds are inclusive, so it takes the bound itself, which
    // the sheet flags. Close enough to propose; the owner sees the bound in the generator.
    case 'NUMBER_GREATER':
      return bounded('number', numberBound(texts[0]), undefined);
    case 'NUMBER_LESS':
    case 'NUMBER_LESS_THAN_EQ':
      return bounded('number', undefined, numberBound(texts[0]));
    case 'DATE_IS_VALID':
      return { suggestedType: 'date', typeReason: 'rule' };
    case 'DATE_BETWEEN':
      return bounded(
        'date',
        ...ordered(dateBound(rule.values[0], context), dateBound(rule.values[1], context)),
      );
    // As with numbers, 'after' and 'before' are strict and the form's bounds inclusive.
    case 'DATE_AFTER':
    case 'DATE_ON_OR_AFTER':
      return bounded('date', dateBound(rule.values[0], context), undefined);
    case 'DATE_BEFORE':
    case 'DATE_ON_OR_BEFORE':
      return bounded('date', undefined, dateBound(rule.values[0], context));
    default:
      return UNSUPPORTED_RULE;
  }
}

function bounded(
  suggestedType: 'number' | 'date',
  min: Bound | undefined,
  max: Bound | undefined,
): TypeSuggestion {
  return {
    suggestedType,
    typeReason: 'rule',
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
  };
}

/** Google takes a 'between' either way round; a form's minimum must not be above its maximum. */
function ordered<T extends Bound>(a: T | undefined, b: T | undefined): [T | undefined, T | undefined] {
  return a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
}

/**
 * A number typed into the rule, plain or with thousands commas ('1,000'). A formula (=B1) or anything
 * else gives no bound: the form cannot follow a cell that changes.
 */
function numberBound(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  if (!/^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[-+]?\.\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replaceAll(',', ''));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A date typed into the rule, as YYYY-MM-DD. A relative date ('today', 'past week') moves every day, so
 * it gives no bound.
 */
function dateBound(value: CellRule['values'][number] | undefined, context: RuleContext): string | undefined {
  if (!value || value.relativeDate !== undefined || value.userEnteredValue === undefined) return undefined;
  return sheetDateToIso(value.userEnteredValue, context.dateOrder);
}

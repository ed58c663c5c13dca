import { parseA1 } from './a1-range.js';

/**
 * Data validation as the Sheets API shapes it: a cell's `dataValidation` is a DataValidationRule
 * `{ condition: BooleanCondition { type, values?: [{ userEnteredValue }] }, inputMessage?, strict?,
 * showCustomUi? }`. Answers leave out false and empty fields, as Google's (proto3) JSON does.
 */
export interface DataValidationRule {
  condition: { type: string; values?: Array<{ userEnteredValue: string }> };
  inputMessage?: string;
  strict?: true;
  showCustomUi?: true;
}

/**
 * A rule on a block of one sheet's cells, as a GridRange (0-based, end exclusive). An end left out is
 * open: the rule reaches the edge of the grid however far it grows, so rows appended below keep it.
 */
export interface ValidationRange {
  startRowIndex: number;
  endRowIndex?: number;
  startColumnIndex: number;
  endColumnIndex?: number;
  rule: DataValidationRule;
}

/** What a condition's values must be: how many, and read as what. */
interface ConditionShape {
  min: number;
  max: number;
  kind: 'number' | 'date' | 'text' | 'range' | 'formula' | 'none';
}

const one = (kind: ConditionShape['kind']): ConditionShape => ({ min: 1, max: 1, kind });
const two = (kind: ConditionShape['kind']): ConditionShape => ({ min: 2, max: 2, kind });
const none: ConditionShape = { min: 0, max: 0, kind: 'none' };

/** The ConditionTypes data validation takes, with Google's documented number of values for each. */
const VALIDATION_CONDITIONS: Readonly<Record<string, ConditionShape>> = {
  NUMBER_GREATER: one('number'),
  NUMBER_GREATER_THAN_EQ: one('number'),
  NUMBER_LESS: one('number'),
  NUMBER_LESS_THAN_EQ: one('number'),
  NUMBER_EQ: one('number'),
  NUMBER_NOT_EQ: one('number'),
  NUMBER_BETWEEN: two('number'),
  NUMBER_NOT_BETWEEN: two('number'),
  TEXT_CONTAINS: one('text'),
  TEXT_NOT_CONTAINS: one('text'),
  TEXT_EQ: one('text'),
  TEXT_IS_EMAIL: none,
  TEXT_IS_URL: none,
  DATE_EQ: one('date'),
  DATE_BEFORE: one('date'),
  DATE_AFTER: one('date'),
  DATE_ON_OR_BEFORE: one('date'),
  DATE_ON_OR_AFTER: one('date'),
  DATE_BETWEEN: two('date'),
  DATE_NOT_BETWEEN: two('date'),
  DATE_IS_VALID: none,
  ONE_OF_RANGE: one('range'),
  ONE_OF_LIST: { min: 1, max: Number.POSITIVE_INFINITY, kind: 'text' },
  CUSTOM_FORMULA: one('formula'),
  // No values: TRUE/FALSE; one: checked when the cell holds it; two: the checked and unchecked values.
  BOOLEAN: { min: 0, max: 2, kind: 'text' },
};

/** ConditionTypes that exist (conditional formats and filters use them) but data validation refuses. */
const OTHER_CONDITION_TYPES: ReadonlySet<string> = new Set([
  'CONDITION_TYPE_UNSPECIFIED',
  'TEXT_STARTS_WITH',
  'TEXT_ENDS_WITH',
  'BLANK',
  'NOT_BLANK',
  'TEXT_NOT_EQ',
  'DATE_NOT_EQ',
  'FILTER_EXPRESSION',
]);

/** The condition types data validation accepts. */
export const DATA_VALIDATION_CONDITION_TYPES: readonly string[] = Object.keys(VALIDATION_CONDITIONS);

/**
 * Why a rule was refused. `json` is what Google's JSON parser answers (a wrong type, an unknown enum value
 * or field); `rule` is the method's own check. `field` is relative to the rule, in Google's snake_case.
 */
export type RuleProblem =
  | { kind: 'json'; field: string; typeName: string; value: unknown }
  | { kind: 'unknown-field'; field: string; name: string }
  | { kind: 'rule'; message: string };

const PROTO = 'type.googleapis.com/google.apps.sheets.v4';

/** Checks a DataValidationRule from a request and returns it as Google would store and answer it. */
export function checkDataValidationRule(
  input: unknown,
): { ok: true; rule: DataValidationRule } | { ok: false; problem: RuleProblem } {
  const fail = (problem: RuleProblem) => ({ ok: false as const, problem });
  if (!isObject(input)) {
    return fail({ kind: 'json', field: '', typeName: `${PROTO}.DataValidationRule`, value: input });
  }
  const raw = camelKeys(input);
  const unknownRuleField = unknownField(raw, ['condition', 'inputMessage', 'strict', 'showCustomUi']);
  if (unknownRuleField) return fail({ kind: 'unknown-field', field: '', name: unknownRuleField });
  for (const name of ['strict', 'showCustomUi'] as const) {
    if (raw[name] !== undefined && raw[name] !== null && typeof raw[name] !== 'boolean') {
      return fail({ kind: 'json', field: snake(name), typeName: 'TYPE_BOOL', value: raw[name] });
    }
  }
  if (raw.inputMessage !== undefined && raw.inputMessage !== null && typeof raw.inputMessage !== 'string') {
    return fail({ kind: 'json', field: 'input_message', typeName: 'TYPE_STRING', value: raw.inputMessage });
  }
  const condition = isObject(raw.condition) ? camelKeys(raw.condition) : raw.condition;
  if (condition === undefined || condition === null) {
    return fail({ kind: 'rule', message: 'A data validation rule needs a condition.' });
  }
  if (!isObject(condition)) {
    return fail({
      kind: 'json',
      field: 'condition',
      typeName: `${PROTO}.BooleanCondition`,
      value: condition,
    });
  }
  const unknownConditionField = unknownField(condition, ['type', 'values']);
  if (unknownConditionField) {
    return fail({ kind: 'unknown-field', field: 'condition', name: unknownConditionField });
  }
  const type = condition.type ?? 'CONDITION_TYPE_UNSPECIFIED';
  if (typeof type !== 'string' || (!(type in VALIDATION_CONDITIONS) && !OTHER_CONDITION_TYPES.has(type))) {
    return fail({ kind: 'json', field: 'condition.type', typeName: `${PROTO}.ConditionType`, value: type });
  }
  const shape = VALIDATION_CONDITIONS[type];
  if (!shape) {
    return fail({
      kind: 'rule',
      message:
        type === 'CONDITION_TYPE_UNSPECIFIED'
          ? 'A data validation rule needs a condition type.'
          : `The condition type ${type} is not supported by data validation.`,
    });
  }
  const rawValues = condition.values ?? [];
  if (!Array.isArray(rawValues)) {
    return fail({
      kind: 'json',
      field: 'condition.values',
      typeName: `${PROTO}.ConditionValue`,
      value: rawValues,
    });
  }
  const values: string[] = [];
  for (const [index, given] of rawValues.entries()) {
    const field = `condition.values[${index}]`;
    if (!isObject(given))
      return fail({ kind: 'json', field, typeName: `${PROTO}.ConditionValue`, value: given });
    const entry = camelKeys(given);
    const unknownValueField = unknownField(entry, ['userEnteredValue', 'relativeDate']);
    if (unknownValueField) return fail({ kind: 'unknown-field', field, name: unknownValueField });
    if (entry.relativeDate !== undefined && entry.relativeDate !== null) {
      return fail({ kind: 'rule', message: 'Relative dates are not supported in data validation.' });
    }
    const text = entry.userEnteredValue;
    if (text !== undefined && text !== null && typeof text !== 'string') {
      return fail({
        kind: 'json',
        field: `${field}.user_entered_value`,
        typeName: 'TYPE_STRING',
        value: text,
      });
    }
    if (typeof text !== 'string' || text.trim() === '') {
      return fail({ kind: 'rule', message: `The condition's value ${index + 1} is empty.` });
    }
    values.push(text);
  }
  if (values.length < shape.min || values.length > shape.max) {
    return fail({ kind: 'rule', message: countMessage(type, shape, values.length) });
  }
  const normalised: string[] = [];
  for (const value of values) {
    const checked = checkValue(type, shape.kind, value);
    if (!checked.ok) return fail({ kind: 'rule', message: checked.message });
    normalised.push(checked.value);
  }
  return {
    ok: true,
    rule: {
      condition: {
        type,
        ...(normalised.length > 0
          ? { values: normalised.map((userEnteredValue) => ({ userEnteredValue })) }
          : {}),
      },
      ...(typeof raw.inputMessage === 'string' && raw.inputMessage !== ''
        ? { inputMessage: raw.inputMessage }
        : {}),
      ...(raw.strict === true ? { strict: true as const } : {}),
      ...(raw.showCustomUi === true ? { showCustomUi: true as const } : {}),
    },
  };
}

/** A message for a problem found by {@link checkDataValidationRule}, with the rule's field path before it. */
export function ruleProblemMessage(problem: RuleProblem, rulePath: string): string {
  const at = (field: string) => (field === '' ? rulePath : `${rulePath}.${field}`);
  switch (problem.kind) {
    case 'json':
      return `Invalid value at '${at(problem.field)}' (${problem.typeName}), ${JSON.stringify(problem.value)}`;
    case 'unknown-field':
      return `Invalid JSON payload received. Unknown name "${problem.name}" at '${at(problem.field)}': Cannot find field.`;
    case 'rule':
      return problem.message;
  }
}

function countMessage(type: string, shape: ConditionShape, given: number): string {
  const wanted =
    shape.max === Number.POSITIVE_INFINITY
      ? `at least ${shape.min} value${shape.min === 1 ? '' : 's'}`
      : shape.min === shape.max
        ? shape.min === 0
          ? 'no values'
          : `exactly ${shape.min} value${shape.min === 1 ? '' : 's'}`
        : `${shape.min} to ${shape.max} values`;
  return `The condition type ${type} requires ${wanted}, but ${given} ${given === 1 ? 'was' : 'were'} given.`;
}

/**
 * A condition value is read "as if the user typed it into a cell": formulas (starting with `=`) are taken
 * as they are; numbers must read as numbers and dates as dates. A range (ONE_OF_RANGE) is answered with
 * a leading `=`, as Google shows a range rule made in the Sheets editor.
 */
function checkValue(
  type: string,
  kind: ConditionShape['kind'],
  value: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const trimmed = value.trim();
  const isFormula = trimmed.startsWith('=') && trimmed.length > 1;
  switch (kind) {
    case 'number':
      return isFormula || /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)
        ? { ok: true, value }
        : { ok: false, message: `The condition type ${type} needs numbers; "${value}" is not a number.` };
    case 'date':
      return isFormula || isDateText(trimmed)
        ? { ok: true, value }
        : { ok: false, message: `The condition type ${type} needs dates; "${value}" is not a date.` };
    case 'formula':
      return isFormula
        ? { ok: true, value }
        : {
            ok: false,
            message: `The condition type ${type} needs a formula starting with "="; got "${value}".`,
          };
    case 'range': {
      const range = trimmed.startsWith('=') ? trimmed.slice(1) : trimmed;
      const parsed = parseA1(range);
      return parsed?.bounds
        ? { ok: true, value: `=${range}` }
        : {
            ok: false,
            message: `The condition type ${type} needs a range in A1 notation; "${value}" is not one.`,
          };
    }
    default:
      return { ok: true, value };
  }
}

/** A date as typed in an en_US sheet: 2024-01-31 or 1/31/2024 (a real calendar day). */
function isDateText(text: string): boolean {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [Number.NaN, Number.NaN, Number.NaN];
  if (!Number.isInteger(year)) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A block of cells, ends exclusive; `Infinity` is an open end. */
interface Block {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

function blockOf(range: Omit<ValidationRange, 'rule'>): Block {
  return {
    top: range.startRowIndex,
    bottom: range.endRowIndex ?? Number.POSITIVE_INFINITY,
    left: range.startColumnIndex,
    right: range.endColumnIndex ?? Number.POSITIVE_INFINITY,
  };
}

function rangeOf(block: Block, rule: DataValidationRule): ValidationRange {
  return {
    startRowIndex: block.top,
    ...(Number.isFinite(block.bottom) ? { endRowIndex: block.bottom } : {}),
    startColumnIndex: block.left,
    ...(Number.isFinite(block.right) ? { endColumnIndex: block.right } : {}),
    rule,
  };
}

/** The most ranges a sheet keeps (each setDataValidation can split the ranges it overlaps). */
export const MAX_VALIDATION_RANGES = 10_000;

/**
 * setDataValidation on a sheet's ranges: every cell of `target` gets `rule`, or loses its rule when
 * `rule` is undefined, as in Google (a cell has at most one rule; the newest wins). Ranges it overlaps
 * are cut around it. Returns the new list.
 */
export function setValidation(
  ranges: readonly ValidationRange[],
  target: Omit<ValidationRange, 'rule'>,
  rule: DataValidationRule | undefined,
): ValidationRange[] {
  const cut = blockOf(target);
  if (cut.top >= cut.bottom || cut.left >= cut.right) return [...ranges];
  const kept: ValidationRange[] = [];
  for (const range of ranges) {
    const block = blockOf(range);
    const overlaps =
      block.top < cut.bottom && cut.top < block.bottom && block.left < cut.right && cut.left < block.right;
    if (!overlaps) {
      kept.push(range);
      continue;
    }
    const middleTop = Math.max(block.top, cut.top);
    const middleBottom = Math.min(block.bottom, cut.bottom);
    const pieces: Block[] = [
      { ...block, bottom: cut.top },
      { ...block, top: cut.bottom },
      { top: middleTop, bottom: middleBottom, left: block.left, right: cut.left },
      { top: middleTop, bottom: middleBottom, left: cut.right, right: block.right },
    ];
    for (const piece of pieces) {
      if (piece.top < piece.bottom && piece.left < piece.right) kept.push(rangeOf(piece, range.rule));
    }
  }
  if (rule) kept.push(rangeOf(cut, rule));
  return kept;
}

/** The rule on a cell (0-based), if any. */
export function ruleAt(
  ranges: readonly ValidationRange[] | undefined,
  row: number,
  col: number,
): DataValidationRule | undefined {
  if (!ranges) return undefined;
  for (let index = ranges.length - 1; index >= 0; index--) {
    const range = ranges[index];
    if (!range) continue;
    const block = blockOf(range);
    if (row >= block.top && row < block.bottom && col >= block.left && col < block.right) return range.rule;
  }
  return undefined;
}

/**
 * Rows inserted before row `at`: rules below move down with their cells, and a rule that reaches the row
 * above the new ones grows over them (inserted rows take the validation of the row above, as in Google).
 */
export function insertRowsInValidation(
  ranges: readonly ValidationRange[] | undefined,
  at: number,
  count: number,
): ValidationRange[] | undefined {
  if (!ranges || count <= 0) return ranges ? [...ranges] : undefined;
  return ranges.map((range) => {
    if (range.startRowIndex >= at) {
      return {
        ...range,
        startRowIndex: range.startRowIndex + count,
        ...(range.endRowIndex === undefined ? {} : { endRowIndex: range.endRowIndex + count }),
      };
    }
    if (range.endRowIndex !== undefined && range.endRowIndex >= at) {
      return { ...range, endRowIndex: range.endRowIndex + count };
    }
    return range;
  });
}

/** Keeps the rules inside a grid of `rowCount` × `columnCount` (after a sheet shrank). */
export function clipValidation(
  ranges: readonly ValidationRange[] | undefined,
  rowCount: number,
  columnCount: number,
): ValidationRange[] | undefined {
  if (!ranges) return undefined;
  return ranges.flatMap((range) => {
    const block = blockOf(range);
    if (block.top >= rowCount || block.left >= columnCount) return [];
    return [
      rangeOf(
        {
          ...block,
          bottom: block.bottom > rowCount && Number.isFinite(block.bottom) ? rowCount : block.bottom,
          right: block.right > columnCount && Number.isFinite(block.right) ? columnCount : block.right,
        },
        range.rule,
      ),
    ];
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Google's JSON parser takes field names in camelCase or snake_case alike. */
function camelKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase()),
      field,
    ]),
  );
}

function unknownField(value: Record<string, unknown>, known: readonly string[]): string | undefined {
  return Object.keys(value).find((name) => !known.includes(name));
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);
}

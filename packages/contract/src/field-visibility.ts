/**
 * Conditional questions (issue 23): when a field shows, decided from the answers to the fields before it.
 * One definition, without zod: the server judges a submission with it, the public form shows and hides
 * fields with it (`@sheetforms/contract/answers`), the editor describes rules with it.
 */
import { CHECKBOX_ANSWERS, type FieldType, isChoiceType, isIsoDate } from './field-kinds.js';

export const VISIBILITY_OPS = [
  'equals',
  'notEquals',
  'contains',
  'answered',
  'notAnswered',
  'gt',
  'lt',
] as const;
export type VisibilityOp = (typeof VISIBILITY_OPS)[number];

/** The operators that compare with a value (the others only ask whether there is an answer). */
export const VALUE_OPS: readonly VisibilityOp[] = ['equals', 'notEquals', 'contains', 'gt', 'lt'];

export const VISIBILITY_LIMITS = {
  /** Rules on one field. */
  rulesMax: 10,
  /** Characters of a rule's value. */
  valueMax: 500,
} as const;

export interface VisibilityRule {
  fieldId: string;
  op: VisibilityOp;
  value?: string | undefined;
}

export interface VisibleWhen {
  match: 'all' | 'any';
  rules: readonly VisibilityRule[];
}

/** The parts of a field visibility looks at. */
export interface VisibilityField {
  id?: string | undefined;
  label: string;
  type: FieldType;
  isRemoved?: boolean | undefined;
  visibleWhen?: VisibleWhen | undefined;
}

/** An answer as visibility reads it: text, the chosen options of a checkboxes field, or nothing. */
export type VisibilityAnswer = string | readonly string[] | undefined;

/** How an operator reads in the editor ('Shown when Attending is Yes'). */
export const VISIBILITY_OP_LABELS: Record<VisibilityOp, string> = {
  equals: 'is',
  notEquals: 'is not',
  contains: 'contains',
  answered: 'is answered',
  notAnswered: 'is not answered',
  gt: 'is more than',
  lt: 'is less than',
};

/** The operators that fit a field of this type, in the order the editor offers them. */
export function opsForType(type: FieldType): readonly VisibilityOp[] {
  if (type === 'number' || type === 'date' || type === 'time') {
    return ['equals', 'notEquals', 'gt', 'lt', 'answered', 'notAnswered'];
  }
  if (type === 'checkbox') return ['equals', 'notEquals'];
  if (type === 'checkboxes') return ['contains', 'answered', 'notAnswered'];
  if (isChoiceType(type)) return ['equals', 'notEquals', 'answered', 'notAnswered'];
  return ['equals', 'notEquals', 'contains', 'answered', 'notAnswered'];
}

function normal(text: string): string {
  return text.trim().toLowerCase();
}

/** The compared form of a checked checkbox ('yes') and of one left alone ('no'). */
const CHECKED_NORMAL = normal(CHECKBOX_ANSWERS.checked);
const UNCHECKED_NORMAL = normal(CHECKBOX_ANSWERS.unchecked);

/**
 * An answer read once for all the rules on it: its parts (blank ones dropped) and their compared forms,
 * so that a rule is one lookup, not a pass over the parts (2,000 rules on an answer of 1,666 parts trimmed
 * and lowercased every part for every rule, 0.3 s of a 5 KB submission).
 */
interface ReadAnswer {
  /** The first part, trimmed (what gt and lt compare); undefined when there is none. */
  first: string | undefined;
  /** Whether there is any part. */
  given: boolean;
  /** Each part's compared form (without case or outer spaces), each once. */
  normals: ReadonlySet<string>;
}

const NO_ANSWER: ReadAnswer = { first: undefined, given: false, normals: new Set() };

function readAnswer(answer: VisibilityAnswer): ReadAnswer {
  if (answer === undefined) return NO_ANSWER;
  let first: string | undefined;
  const normals = new Set<string>();
  for (const raw of typeof answer === 'string' ? [answer] : answer) {
    const part = raw.trim();
    if (part === '') continue;
    first ??= part;
    normals.add(normal(part));
  }
  return first === undefined ? NO_ANSWER : { first, given: true, normals };
}

/** A checkbox counts as answered when it is checked ('No' is what an unchecked one stores). */
function isAnswered(type: FieldType, answer: ReadAnswer): boolean {
  if (type === 'checkbox') return answer.normals.has(CHECKED_NORMAL);
  return answer.given;
}

/** Numbers compare as numbers; days (YYYY-MM-DD) and times (HH:MM) as the text they are written in. */
function compare(type: FieldType, answer: string, value: string): number | undefined {
  if (type === 'date') return isIsoDate(answer) && isIsoDate(value) ? answer.localeCompare(value) : undefined;
  if (type === 'time')
    return /^\d{2}:\d{2}/.test(answer) && /^\d{2}:\d{2}/.test(value)
      ? answer.localeCompare(value)
      : undefined;
  const a = Number(answer);
  const b = Number(value);
  return answer !== '' && value.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) ? a - b : undefined;
}

/** Whether one rule holds for an answer read by readAnswer (`type` is the answered field's type). */
function holds(rule: VisibilityRule, type: FieldType, answer: ReadAnswer): boolean {
  const value = rule.value ?? '';
  switch (rule.op) {
    case 'answered':
      return isAnswered(type, answer);
    case 'notAnswered':
      return !isAnswered(type, answer);
    case 'equals':
    case 'notEquals': {
      // A checkbox left alone is 'No'; text compares without case or outer spaces; a checkboxes answer
      // 'is' a value when it is one of the chosen.
      const wanted = normal(value);
      const equal =
        type === 'checkbox' && !isAnswered(type, answer)
          ? wanted === UNCHECKED_NORMAL
          : answer.normals.has(wanted);
      return rule.op === 'equals' ? equal : !equal;
    }
    case 'contains': {
      const wanted = normal(value);
      if (type === 'checkboxes') return answer.normals.has(wanted);
      if (wanted === '') return false;
      for (const part of answer.normals) if (part.includes(wanted)) return true;
      return false;
    }
    case 'gt':
    case 'lt': {
      if (answer.first === undefined) return false;
      const order = compare(type, answer.first, value.trim());
      if (order === undefined) return false;
      return rule.op === 'gt' ? order > 0 : order < 0;
    }
  }
}

/** Whether one rule holds for the answer of the field it names (`type` is that field's type). */
export function ruleHolds(rule: VisibilityRule, type: FieldType, answer: VisibilityAnswer): boolean {
  return holds(rule, type, readAnswer(answer));
}

/**
 * Which fields show, given the answers (keyed by field id), in the fields' order. A field hidden by its
 * rules, or removed, counts as unanswered for the fields after it, whatever was sent for it: a chain of
 * questions closes as a whole, as in Google Forms' sections and Tally.
 *
 * Each answer a rule looks at is read once (readAnswer), however many rules look at it: the cost is the
 * answers' parts plus the rules, not their product.
 */
export function visibleFieldIds(
  fields: readonly VisibilityField[],
  answers: ReadonlyMap<string, VisibilityAnswer>,
): Set<string> {
  const visible = new Set<string>();
  const typeOf = new Map<string, FieldType>();
  const read = new Map<string, ReadAnswer>();
  const answerOf = (fieldId: string): ReadAnswer => {
    // A field that does not show counts as unanswered, whatever was sent for it.
    if (!visible.has(fieldId)) return NO_ANSWER;
    let answer = read.get(fieldId);
    if (answer === undefined) {
      answer = readAnswer(answers.get(fieldId));
      read.set(fieldId, answer);
    }
    return answer;
  };
  for (const field of fields) {
    if (field.id === undefined) continue;
    typeOf.set(field.id, field.type);
    if (field.isRemoved) continue;
    const when = field.visibleWhen;
    let shows = true;
    if (when && when.rules.length > 0) {
      const ruleHoldsHere = (rule: VisibilityRule) => {
        const type = typeOf.get(rule.fieldId);
        if (type === undefined) return false;
        return holds(rule, type, answerOf(rule.fieldId));
      };
      shows = when.match === 'any' ? when.rules.some(ruleHoldsHere) : when.rules.every(ruleHoldsHere);
    }
    if (shows) visible.add(field.id);
  }
  return visible;
}

/**
 * What is wrong with the fields' rules, if anything, naming the field: a rule may refer only to a field
 * before it (which also rules out cycles), with an operator that fits that field, and a value where the
 * operator compares.
 */
export function visibilityProblem(fields: readonly VisibilityField[]): string | undefined {
  const before = new Map<string, VisibilityField>();
  const all = new Map(fields.filter((field) => field.id !== undefined).map((field) => [field.id, field]));
  for (const field of fields) {
    const rules = field.visibleWhen?.rules ?? [];
    if (rules.length > VISIBILITY_LIMITS.rulesMax) {
      return `${field.label}: at most ${VISIBILITY_LIMITS.rulesMax} conditions`;
    }
    if (rules.length > 0 && field.id === undefined)
      return `${field.label}: a field with conditions needs an id`;
    for (const rule of rules) {
      const target = before.get(rule.fieldId);
      if (!target) {
        if (rule.fieldId === field.id) return `${field.label}: a condition cannot refer to the field itself`;
        if (all.has(rule.fieldId))
          return `${field.label}: a condition can only refer to a question before it`;
        return `${field.label}: a condition refers to a field that does not exist`;
      }
      if (!opsForType(target.type).includes(rule.op)) {
        return `${field.label}: '${VISIBILITY_OP_LABELS[rule.op]}' does not fit ${target.label}`;
      }
      if (VALUE_OPS.includes(rule.op) && (rule.value ?? '').trim() === '') {
        return `${field.label}: the condition on ${target.label} needs a value`;
      }
    }
    if (field.id !== undefined) before.set(field.id, field);
  }
  return undefined;
}

/** 'Shown when Attending is Yes and Guests is more than 2', for the editor's field cards. */
export function describeVisibleWhen(
  when: VisibleWhen,
  labelOf: (fieldId: string) => string | undefined,
): string {
  const parts = when.rules.map((rule) => {
    const label = labelOf(rule.fieldId) ?? 'a removed field';
    const op = VISIBILITY_OP_LABELS[rule.op];
    return VALUE_OPS.includes(rule.op) ? `${label} ${op} ${rule.value ?? ''}` : `${label} ${op}`;
  });
  return `Shown when ${parts.join(when.match === 'any' ? ' or ' : ' and ')}`;
}

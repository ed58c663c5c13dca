import {
  CHECKBOX_ANSWERS,
  type FieldType,
  isChoiceType,
  opsForType,
  VALUE_OPS,
  VISIBILITY_OP_LABELS,
  type VisibilityOp,
  type VisibilityRule,
  type VisibleWhen,
} from '@sheetforms/contract';
import { cleanOptions } from '@/features/field-settings/logic/field-settings-value';
import type { EditorField } from './editor-field';
import { CONDITION_TEXT } from './messages';

/**
 * The editor's side of conditional questions (issue 23): which fields a rule may use, what input its value
 * takes, and what is wrong with rules after fields were removed or reordered. The server judges the saved
 * rules with the contract's visibilityProblem; these helpers say the same things earlier, on the field.
 */

/** The shown fields above this one, in form order: the only ones its conditions may refer to. */
export function conditionTargets(fields: readonly EditorField[], key: string): EditorField[] {
  const shown = fields.filter((field) => !field.isRemoved);
  const at = shown.findIndex((field) => field.key === key);
  return shown.slice(0, Math.max(at, 0)).filter((field) => field.id !== undefined);
}

/** The value control a rule on this field takes: its options, or an input of its kind. */
export type ConditionValueKind =
  | { kind: 'options'; options: string[] }
  | { kind: 'number' | 'date' | 'time' | 'text' };

export function conditionValueKind(target: Pick<EditorField, 'settings'>): ConditionValueKind {
  const { type } = target.settings;
  if (type === 'checkbox')
    return { kind: 'options', options: [CHECKBOX_ANSWERS.checked, CHECKBOX_ANSWERS.unchecked] };
  if (isChoiceType(type)) {
    // Options read from a sheet range are not known here: the value is typed.
    const options = target.settings.optionsFrom ? [] : [...new Set(cleanOptions(target.settings.options))];
    return options.length > 0 ? { kind: 'options', options } : { kind: 'text' };
  }
  if (type === 'number' || type === 'date' || type === 'time') return { kind: type };
  return { kind: 'text' };
}

export function needsValue(op: VisibilityOp): boolean {
  return VALUE_OPS.includes(op);
}

/** A value to start with: the first option where there are options (a rule is then complete), else blank. */
function firstValue(target: Pick<EditorField, 'settings'>): string {
  const kind = conditionValueKind(target);
  return kind.kind === 'options' ? (kind.options[0] ?? '') : '';
}

/** A new rule on this field: its first operator, and a value where that operator compares. */
export function newRule(target: Pick<EditorField, 'id' | 'settings'>): VisibilityRule {
  const op = opsForType(target.settings.type)[0] ?? 'answered';
  return needsValue(op)
    ? { fieldId: target.id ?? '', op, value: firstValue(target) }
    : { fieldId: target.id ?? '', op };
}

/** The rule with another operator: the value is kept where the new one compares, dropped where it does not. */
export function withOp(
  rule: VisibilityRule,
  op: VisibilityOp,
  target: Pick<EditorField, 'settings'> | undefined,
): VisibilityRule {
  if (!needsValue(op)) return { fieldId: rule.fieldId, op };
  const value = rule.value ?? '';
  return { fieldId: rule.fieldId, op, value: value === '' && target ? firstValue(target) : value };
}

/** What is wrong with one rule of the field `key`, as the field says it; undefined when nothing is. */
export function ruleWarning(
  rule: VisibilityRule,
  key: string,
  fields: readonly EditorField[],
): string | undefined {
  const target = fields.find((field) => field.id !== undefined && field.id === rule.fieldId);
  if (!target || target.isRemoved) return CONDITION_TEXT.removed;
  const shown = fields.filter((field) => !field.isRemoved);
  if (shown.indexOf(target) >= shown.findIndex((field) => field.key === key)) return CONDITION_TEXT.below;
  if (!opsForType(target.settings.type).includes(rule.op)) {
    return CONDITION_TEXT.opDoesNotFit(VISIBILITY_OP_LABELS[rule.op], target.label.trim());
  }
  return undefined;
}

/** The shown fields with a rule that refers to a removed field, one below it, or with a misfit operator. */
export function conditionWarnings(fields: readonly EditorField[]): Map<string, string> {
  const warnings = new Map<string, string>();
  for (const field of fields) {
    if (field.isRemoved) continue;
    for (const rule of field.visibleWhen?.rules ?? []) {
      const warning = ruleWarning(rule, field.key, fields);
      if (warning) {
        warnings.set(field.key, warning);
        break;
      }
    }
  }
  return warnings;
}

/**
 * The first shown field whose condition refers to a removed field, in the words Update Form refuses with.
 * The server would accept it (a removed field stays in the form, unanswered), but the question would then
 * never show, or always: the owner decides, by restoring the field or changing the condition.
 */
export function removedTargetProblem(fields: readonly EditorField[]): string | undefined {
  for (const field of fields) {
    if (field.isRemoved) continue;
    const ids = (field.visibleWhen?.rules ?? []).map((rule) => rule.fieldId);
    const broken = ids.some((id) => {
      const target = fields.find((other) => other.id === id);
      return !target || target.isRemoved;
    });
    if (broken) return CONDITION_TEXT.removedOnSave(field.label.trim());
  }
  return undefined;
}

function ruleFits(rule: VisibilityRule, type: FieldType): boolean {
  return opsForType(type).includes(rule.op) && (!needsValue(rule.op) || (rule.value ?? '').trim() !== '');
}

/**
 * A field's rules as saved (`before`: the fields before it in the saved list). A shown field's go as the
 * owner set them, for the server to judge. A removed field's keep only those that still hold together:
 * nobody can see or fix them until the field is restored, and they must never stop a save.
 */
export function savedVisibleWhen(
  field: EditorField,
  before: readonly EditorField[],
): VisibleWhen | undefined {
  const when = field.visibleWhen;
  if (!when || when.rules.length === 0) return undefined;
  const asSaved = (rule: VisibilityRule): VisibilityRule =>
    needsValue(rule.op)
      ? { fieldId: rule.fieldId, op: rule.op, value: rule.value ?? '' }
      : { fieldId: rule.fieldId, op: rule.op };
  let rules = when.rules.map(asSaved);
  if (field.isRemoved) {
    rules = rules.filter((rule) => {
      const target = before.find((other) => other.id !== undefined && other.id === rule.fieldId);
      return target !== undefined && ruleFits(rule, target.settings.type);
    });
    if (rules.length === 0) return undefined;
  }
  return { match: when.match, rules };
}

/** The label a rule shows for its field: a shown field's, or none (the contract says 'a removed field'). */
export function shownLabelOf(fields: readonly EditorField[]): (fieldId: string) => string | undefined {
  return (fieldId) => {
    const target = fields.find((field) => !field.isRemoved && field.id === fieldId);
    return target ? target.label.trim() || undefined : undefined;
  };
}

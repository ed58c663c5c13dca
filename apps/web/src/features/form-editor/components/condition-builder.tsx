import {
  opsForType,
  VISIBILITY_LIMITS,
  VISIBILITY_OP_LABELS,
  VISIBILITY_OPS,
  type VisibilityOp,
  type VisibilityRule,
  type VisibleWhen,
} from '@sheetforms/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { Input, Select } from '@/components/ui/input';
import type { EditorField } from '../logic/editor-field';
import {
  conditionTargets,
  conditionValueKind,
  needsValue,
  newRule,
  ruleWarning,
  withOp,
} from '../logic/field-conditions';
import { CONDITION_TEXT } from '../logic/messages';

export interface ConditionBuilderProps {
  field: EditorField;
  /** Every field of the form, removed ones too, in form order: what the rules may refer to. */
  fields: readonly EditorField[];
  /** After a refused save: mark rules still missing a value. */
  showErrors: boolean;
  onChange: (visibleWhen: VisibleWhen | undefined) => void;
}

function isOp(value: string): value is VisibilityOp {
  return (VISIBILITY_OPS as readonly string[]).includes(value);
}

const titleOf = (field: EditorField) => field.label.trim() || 'Untitled field';

/**
 * 'Show this question only when…': the field's rules on the questions above it (issue 23). Off until the
 * owner adds a condition; removing the last one makes the question always shown again.
 */
export function ConditionBuilder({ field, fields, showErrors, onChange }: ConditionBuilderProps) {
  const id = useId();
  const targets = conditionTargets(fields, field.key);
  const rules = field.visibleWhen?.rules ?? [];
  const match = field.visibleWhen?.match ?? 'all';
  const [firstTarget] = targets;

  const setRules = (next: VisibilityRule[]) => onChange(next.length > 0 ? { match, rules: next } : undefined);
  const setRule = (index: number, rule: VisibilityRule) =>
    setRules(rules.map((other, at) => (at === index ? rule : other)));
  const addRule = () => {
    if (firstTarget) setRules([...rules, newRule(firstTarget)]);
  };

  if (rules.length === 0) {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-slate-100 border-t pt-4">
        <Button
          variant="ghost"
          size="sm"
          onClick={addRule}
          disabled={!firstTarget}
          className="-ml-2"
          aria-label={`${CONDITION_TEXT.add} to ${titleOf(field)}`}
          aria-describedby={`${id}-hint`}
        >
          <PlusIcon className="size-4" />
          {CONDITION_TEXT.add}
        </Button>
        <p id={`${id}-hint`} className="text-slate-500 text-xs">
          {firstTarget ? CONDITION_TEXT.addHint : CONDITION_TEXT.noTargets}
        </p>
      </div>
    );
  }

  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-200 bg-slate-50/70 p-3 sm:p-4">
      <legend className="sr-only">
        {CONDITION_TEXT.heading} ({titleOf(field)})
      </legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-hidden="true" className="font-medium text-slate-800 text-sm">
          {CONDITION_TEXT.heading}
        </p>
        {rules.length > 1 ? (
          <div
            role="radiogroup"
            aria-label={CONDITION_TEXT.matchLabel}
            className="flex rounded-lg bg-slate-200/70 p-0.5"
          >
            {(['all', 'any'] as const).map((option) => (
              <label
                key={option}
                className="cursor-pointer rounded-md px-2.5 py-1 font-medium text-slate-600 text-xs has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-emerald-600"
              >
                <input
                  type="radio"
                  name={`${id}-match`}
                  value={option}
                  checked={match === option}
                  onChange={() => onChange({ match: option, rules })}
                  className="sr-only"
                />
                {CONDITION_TEXT.match[option]}
              </label>
            ))}
          </div>
        ) : null}
      </div>
      <ol className="mt-3 space-y-3">
        {rules.map((rule, index) => (
          <RuleRow
            // Rules have no ids of their own; their place is what the owner edits.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            number={index + 1}
            rule={rule}
            field={field}
            fields={fields}
            targets={targets}
            showErrors={showErrors}
            onChange={(next) => setRule(index, next)}
            onRemove={() => setRules(rules.filter((_, at) => at !== index))}
          />
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={addRule}
          disabled={!firstTarget || rules.length >= VISIBILITY_LIMITS.rulesMax}
          className="-ml-2"
        >
          <PlusIcon className="size-4" />
          {CONDITION_TEXT.add}
        </Button>
        {rules.length >= VISIBILITY_LIMITS.rulesMax ? (
          <p className="text-slate-500 text-xs">{CONDITION_TEXT.max(VISIBILITY_LIMITS.rulesMax)}</p>
        ) : null}
      </div>
    </fieldset>
  );
}

interface RuleRowProps {
  number: number;
  rule: VisibilityRule;
  field: EditorField;
  fields: readonly EditorField[];
  targets: readonly EditorField[];
  showErrors: boolean;
  onChange: (rule: VisibilityRule) => void;
  onRemove: () => void;
}

/** One condition: a question above, an operator that fits its type, and a value where it compares. */
function RuleRow({ number, rule, field, fields, targets, showErrors, onChange, onRemove }: RuleRowProps) {
  const id = useId();
  const target = fields.find((other) => other.id !== undefined && other.id === rule.fieldId);
  const warning = ruleWarning(rule, field.key, fields);
  const ops: VisibilityOp[] = target ? [...opsForType(target.settings.type)] : [];
  const opMisfit = target !== undefined && !ops.includes(rule.op);
  if (!ops.includes(rule.op)) ops.push(rule.op);
  const missingValue = showErrors && needsValue(rule.op) && (rule.value ?? '').trim() === '';
  const message = warning ?? (missingValue ? CONDITION_TEXT.valueRequired : undefined);
  const messageId = `${id}-message`;
  const of = ` of condition ${number}`;

  // The rule's own field stays listed while it is not a valid choice, so the owner sees what it was.
  const listed = targets.some((other) => other.id === rule.fieldId);
  const stray = listed
    ? undefined
    : !target || target.isRemoved
      ? CONDITION_TEXT.removedOption(target ? titleOf(target) : 'A field')
      : CONDITION_TEXT.belowOption(titleOf(target));

  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] sm:items-start">
      <div className="min-w-0 sm:col-auto">
        <Select
          aria-label={`${CONDITION_TEXT.question}${of}`}
          value={rule.fieldId}
          aria-invalid={!listed || undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => {
            const next = targets.find((other) => other.id === event.target.value);
            if (next) onChange(newRule(next));
          }}
        >
          {stray ? (
            <option value={rule.fieldId} disabled>
              {stray}
            </option>
          ) : null}
          {targets.map((other) => (
            <option key={other.key} value={other.id}>
              {titleOf(other)}
            </option>
          ))}
        </Select>
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`${CONDITION_TEXT.removeRule} ${number}`}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200/70 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 sm:order-last"
      >
        <CloseIcon className="size-4" />
      </button>
      <div className="col-span-2 grid min-w-0 grid-cols-2 gap-2 sm:col-span-2 sm:contents">
        <Select
          aria-label={`${CONDITION_TEXT.operator}${of}`}
          value={rule.op}
          aria-invalid={opMisfit || undefined}
          onChange={(event) => {
            const op = event.target.value;
            if (isOp(op)) onChange(withOp(rule, op, target));
          }}
          className={needsValue(rule.op) ? undefined : 'col-span-2 sm:col-span-1'}
        >
          {ops.map((op) => (
            <option key={op} value={op}>
              {VISIBILITY_OP_LABELS[op]}
            </option>
          ))}
        </Select>
        {needsValue(rule.op) ? (
          <ValueInput
            label={`${CONDITION_TEXT.value}${of}`}
            rule={rule}
            target={target}
            invalid={missingValue}
            describedBy={message ? messageId : undefined}
            onChange={(value) => onChange({ ...rule, value })}
          />
        ) : (
          <span className="hidden sm:block" />
        )}
      </div>
      {message ? (
        <p id={messageId} className={`col-span-full text-sm ${warning ? 'text-amber-700' : 'text-red-600'}`}>
          {message}
        </p>
      ) : null}
    </li>
  );
}

interface ValueInputProps {
  label: string;
  rule: VisibilityRule;
  target: EditorField | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}

/** The value a rule compares with: one of the field's options, or an input of its kind. */
function ValueInput({ label, rule, target, invalid, describedBy, onChange }: ValueInputProps) {
  const value = rule.value ?? '';
  const kind = target ? conditionValueKind(target) : { kind: 'text' as const };
  const common = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    value,
  };
  if (kind.kind === 'options') {
    // A value that is no longer an option (the options changed) stays visible until it is changed.
    const options = value === '' || kind.options.includes(value) ? kind.options : [value, ...kind.options];
    return (
      <Select {...common} onChange={(event) => onChange(event.target.value)}>
        {value === '' ? <option value="">Choose…</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    );
  }
  return (
    <Input
      {...common}
      type={kind.kind}
      step={kind.kind === 'number' ? 'any' : undefined}
      maxLength={kind.kind === 'text' ? VISIBILITY_LIMITS.valueMax : undefined}
      placeholder={kind.kind === 'text' ? 'Answer' : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

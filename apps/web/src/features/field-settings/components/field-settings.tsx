import {
  FIELD_TYPE_LABELS,
  type FieldType,
  FieldTypeSchema,
  FORM_FIELD_TYPES,
  FORM_LIMITS,
  isChoiceType,
  OPTION_LIMITS,
} from '@sheetforms/contract';
import { type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Input, Select } from '@/components/ui/input';
import { Label, labelClasses } from '@/components/ui/label';
import { SwitchField } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import {
  canOfferOther,
  changeFieldType,
  cleanOptions,
  type FieldSettingsPart,
  type FieldSettingsValue,
  findFieldSettingsProblem,
  hasBounds,
  hasPlaceholder,
  optionsFromText,
  optionsToText,
} from '../logic/field-settings-value';

export const FIELD_SETTINGS_TEXT = {
  type: 'Type',
  placeholder: 'Placeholder',
  options: 'Options',
  optionsHint: 'One option per line.',
  listed: 'Listed here',
  fromSheet: 'Options from the sheet',
  range: 'Sheet range',
  rangeHint: `A range of this spreadsheet, such as Lists!A2:A. The form reads it again at most every ${OPTION_LIMITS.cacheSeconds} seconds.`,
  allowOther: 'Allow Other',
  allowOtherHint: 'Respondents may type their own answer.',
  min: 'Minimum',
  max: 'Maximum',
  hidden: (label: string) =>
    `Respondents never see this field. It takes its value from the form's link, e.g. …?${label}=value, or from a prefilled link.`,
} as const;

export interface FieldSettingsProps {
  value: FieldSettingsValue;
  onChange: (value: FieldSettingsValue) => void;
  /** The field's label: it names the controls for screen readers ('Type of Email') and starts messages. */
  label: string;
  /** A range the sheet's own dropdown reads its options from: offers 'Options from the sheet'. */
  suggestedRange?: string | undefined;
  /** Said beside the type, e.g. why the generator suggested it. */
  typeHint?: ReactNode;
  /** Show every problem now (after a refused save), not only those of controls already used. */
  showErrors?: boolean;
  className?: string;
}

/** ' of {label}' for screen readers, so each field's controls have their own names. */
function Of({ label }: { label: string }) {
  return (
    <>
      {' '}
      <span className="sr-only">of {label}</span>
    </>
  );
}

function ProblemText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-red-600 text-sm">
      {message}
    </p>
  );
}

function boundText(bound: FieldSettingsValue['min']): string {
  return bound === undefined ? '' : String(bound);
}

/** A number input's text as a bound: blank (or not a number) is no bound. */
function numberBound(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A field's type and the rules that go with it (issue 21), shared by the generator and the editor: the
 * type menu, then the options of a choice field (listed here, or read from a range of the sheet), 'Allow
 * Other' for multiple choice and checkboxes, minimum and maximum for number and date, and the
 * placeholder of the free-text types. Problems are shown under their control in the server's words.
 */
export function FieldSettings({
  value,
  onChange,
  label,
  suggestedRange,
  typeHint,
  showErrors = false,
  className,
}: FieldSettingsProps) {
  const id = useId();
  const [touched, setTouched] = useState<ReadonlySet<FieldSettingsPart>>(new Set());
  // A range the owner set aside by going back to a typed list; offered again if they switch back.
  const asideRange = useRef<string | undefined>(undefined);
  const touch = (part: FieldSettingsPart) =>
    setTouched((parts) => (parts.has(part) ? parts : new Set([...parts, part])));

  const problem = findFieldSettingsProblem(value, label);
  const shown = problem && (showErrors || touched.has(problem.part)) ? problem : undefined;
  const messageOf = (part: FieldSettingsPart) => (shown?.part === part ? shown.message : undefined);
  const errorId = (part: FieldSettingsPart) => `${id}-${part}-error`;
  const invalid = (part: FieldSettingsPart) =>
    shown?.part === part ? { 'aria-invalid': true, 'aria-describedby': errorId(part) } : {};

  const { type } = value;
  const choice = isChoiceType(type);
  const offerRange =
    suggestedRange !== undefined || value.optionsFrom !== undefined || asideRange.current !== undefined;
  const fromSheet = value.optionsFrom !== undefined;
  const optionCount = cleanOptions(value.options).length;

  const setSource = (sheet: boolean) => {
    if (sheet === fromSheet) return;
    if (sheet) {
      onChange({ ...value, optionsFrom: { range: asideRange.current ?? suggestedRange ?? '' } });
    } else {
      asideRange.current = value.optionsFrom?.range;
      onChange({ ...value, optionsFrom: undefined });
    }
  };

  return (
    <div className={cn('grid gap-3 sm:grid-cols-2', className)}>
      <div className="min-w-0">
        <Label htmlFor={`${id}-type`}>
          {FIELD_SETTINGS_TEXT.type}
          <Of label={label} />
        </Label>
        <Select
          id={`${id}-type`}
          value={type}
          aria-describedby={typeHint ? `${id}-type-hint` : undefined}
          onChange={(event) => {
            const next = FieldTypeSchema.safeParse(event.target.value);
            if (next.success) onChange(changeFieldType(value, next.data));
          }}
        >
          {FORM_FIELD_TYPES.map((option: FieldType) => (
            <option key={option} value={option}>
              {FIELD_TYPE_LABELS[option]}
            </option>
          ))}
        </Select>
        {typeHint ? (
          <p id={`${id}-type-hint`} className="mt-1 text-slate-500 text-xs">
            {typeHint}
          </p>
        ) : null}
      </div>

      {type === 'hidden' ? (
        <p className="min-w-0 self-end rounded-lg bg-slate-50 px-3 py-2 text-slate-600 text-xs sm:mb-0.5">
          {FIELD_SETTINGS_TEXT.hidden(label)}
        </p>
      ) : null}

      {hasPlaceholder(type) ? (
        <div className="min-w-0">
          <Label htmlFor={`${id}-placeholder`}>
            {FIELD_SETTINGS_TEXT.placeholder}
            <Of label={label} />
          </Label>
          <Input
            id={`${id}-placeholder`}
            value={value.placeHolder}
            maxLength={FORM_LIMITS.placeholderMax}
            onChange={(event) => onChange({ ...value, placeHolder: event.target.value })}
          />
        </div>
      ) : null}

      {choice ? (
        <div className="min-w-0 space-y-3 sm:col-span-2">
          {offerRange ? (
            <fieldset>
              <legend className={labelClasses}>
                Where the options come from
                <Of label={label} />
              </legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {[
                  { sheet: false, text: FIELD_SETTINGS_TEXT.listed },
                  { sheet: true, text: FIELD_SETTINGS_TEXT.fromSheet },
                ].map((source) => (
                  <label
                    key={source.text}
                    className="flex cursor-pointer items-center gap-2 text-slate-700 text-sm"
                  >
                    <input
                      type="radio"
                      name={`${id}-source`}
                      checked={fromSheet === source.sheet}
                      onChange={() => setSource(source.sheet)}
                      className="size-4 accent-emerald-600"
                    />
                    {source.text}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {fromSheet ? (
            <div>
              <Label htmlFor={`${id}-range`}>
                {FIELD_SETTINGS_TEXT.range}
                <Of label={label} />
              </Label>
              <Input
                id={`${id}-range`}
                value={value.optionsFrom?.range ?? ''}
                maxLength={OPTION_LIMITS.rangeMax}
                spellCheck={false}
                autoComplete="off"
                placeholder="Lists!A2:A"
                onChange={(event) => onChange({ ...value, optionsFrom: { range: event.target.value } })}
                onBlur={() => touch('range')}
                {...invalid('range')}
              />
              <p className="mt-1 text-slate-500 text-xs">{FIELD_SETTINGS_TEXT.rangeHint}</p>
              <ProblemText id={errorId('range')} message={messageOf('range')} />
            </div>
          ) : (
            <div>
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={`${id}-options`}>
                  {FIELD_SETTINGS_TEXT.options}
                  <Of label={label} />
                </Label>
                <span className="text-slate-500 text-xs" aria-live="polite">
                  {optionCount === 1 ? '1 option' : `${optionCount} options`}
                </span>
              </div>
              <Textarea
                id={`${id}-options`}
                rows={Math.min(6, Math.max(3, (value.options?.length ?? 0) + 1))}
                value={optionsToText(value.options)}
                onChange={(event) => onChange({ ...value, options: optionsFromText(event.target.value) })}
                onBlur={() => touch('options')}
                aria-describedby={
                  shown?.part === 'options'
                    ? `${id}-options-hint ${errorId('options')}`
                    : `${id}-options-hint`
                }
                aria-invalid={shown?.part === 'options' ? true : undefined}
              />
              <p id={`${id}-options-hint`} className="mt-1 text-slate-500 text-xs">
                {FIELD_SETTINGS_TEXT.optionsHint}
              </p>
              <ProblemText id={errorId('options')} message={messageOf('options')} />
            </div>
          )}

          {canOfferOther(type) ? (
            <SwitchField
              label={
                <>
                  {FIELD_SETTINGS_TEXT.allowOther} <span className="sr-only">for {label}</span>
                </>
              }
              description={FIELD_SETTINGS_TEXT.allowOtherHint}
              checked={value.allowOther === true}
              onCheckedChange={(checked) => onChange({ ...value, allowOther: checked })}
              className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
            />
          ) : null}
        </div>
      ) : null}

      {hasBounds(type) ? (
        <div className="grid min-w-0 grid-cols-2 gap-3 sm:col-span-2">
          {(['min', 'max'] as const).map((bound) => (
            <div key={bound} className="min-w-0">
              <Label htmlFor={`${id}-${bound}`}>
                {FIELD_SETTINGS_TEXT[bound]}
                <Of label={label} />
              </Label>
              <Input
                id={`${id}-${bound}`}
                type={type === 'number' ? 'number' : 'date'}
                step={type === 'number' ? 'any' : undefined}
                value={boundText(value[bound])}
                onChange={(event) => {
                  const text = event.target.value;
                  const next = type === 'number' ? numberBound(text) : text || undefined;
                  onChange({ ...value, [bound]: next });
                }}
                onBlur={() => touch('bounds')}
                {...invalid('bounds')}
              />
            </div>
          ))}
          <div className="col-span-2 -mt-1.5 empty:hidden">
            <ProblemText id={errorId('bounds')} message={messageOf('bounds')} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

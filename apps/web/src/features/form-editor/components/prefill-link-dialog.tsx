import {
  FIELD_TYPE_LABELS,
  type FormField,
  PREFILL_LIMITS,
  type PrefillLinkBody,
} from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { CheckCircleIcon, CopyIcon, InfoIcon, LinkIcon, LockIcon, WarningIcon } from '@/components/ui/icons';
import { Input, Select } from '@/components/ui/input';
import { Label, labelClasses } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { copyText } from '@/lib/clipboard';
import { createPrefillLink } from '../api/prefill-link-api';
import { serverMessageOr } from '../logic/error-text';
import {
  buildPrefillBody,
  EMPTY_PREFILL_DRAFT,
  expiryDaysOf,
  filledValue,
  PREFILL_TEXT,
  type PrefillDraft,
  type PrefillFormField,
  type PrefillInput,
  prefillControl,
  prefillFields,
} from '../logic/prefill-link';

export interface PrefillLinkDialogProps {
  formId: string;
  /** The fields as saved: the link prefills the saved form. */
  savedFields: readonly FormField[];
  /** The editor has changes not saved yet: the owner is asked to save first. */
  hasUnsavedChanges: boolean;
}

/** 'Get prefilled link' (issue 23): the button in the editor's header and its dialog. */
export function PrefillLinkDialog({ formId, savedFields, hasUnsavedChanges }: PrefillLinkDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <LinkIcon className="size-4" />
          {PREFILL_TEXT.open}
        </Button>
      </DialogTrigger>
      {open ? (
        <PrefillLinkContent
          formId={formId}
          fields={prefillFields(savedFields)}
          hasUnsavedChanges={hasUnsavedChanges}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Dialog>
  );
}

interface ContentProps {
  formId: string;
  fields: readonly PrefillFormField[];
  hasUnsavedChanges: boolean;
  onClose: () => void;
}

function PrefillLinkContent({ formId, fields, hasUnsavedChanges, onClose }: ContentProps) {
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<PrefillDraft>(EMPTY_PREFILL_DRAFT);
  const [copied, setCopied] = useState(false);
  const create = useMutation({ mutationFn: (body: PrefillLinkBody) => createPrefillLink(formId, body) });

  const body = buildPrefillBody(fields, draft);
  const anyFilled = fields.some((field) => filledValue(draft.values[field.id]) !== undefined);
  const expiryInvalid = expiryDaysOf(draft.expiryDays) === 'invalid';

  // A change after a link was made makes that link stale: it goes, and Get link makes a new one.
  const change = (next: PrefillDraft) => {
    setDraft(next);
    setCopied(false);
    create.reset();
  };
  const setValue = (fieldId: string, value: PrefillInput) => {
    const locked = new Set(draft.locked);
    if (filledValue(value) === undefined) locked.delete(fieldId);
    change({ ...draft, values: { ...draft.values, [fieldId]: value }, locked });
  };
  const setLocked = (fieldId: string, on: boolean) => {
    const locked = new Set(draft.locked);
    if (on) locked.add(fieldId);
    else locked.delete(fieldId);
    change({ ...draft, locked });
  };

  const copy = async () => {
    const url = create.data?.url;
    if (!url) return;
    const ok = await copyText(url, panelRef.current ?? document.body);
    setCopied(ok);
    if (ok) toast.success(PREFILL_TEXT.copied);
    else {
      linkRef.current?.select();
      toast.error(PREFILL_TEXT.copyFailed);
    }
  };

  const blocked = hasUnsavedChanges || fields.length === 0;

  return (
    <DialogContent ref={panelRef} title={PREFILL_TEXT.title} description={PREFILL_TEXT.description} size="lg">
      <DialogBody className="space-y-5">
        {hasUnsavedChanges ? (
          <p
            role="status"
            className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-amber-900 text-sm"
          >
            <WarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
            {PREFILL_TEXT.unsaved}
          </p>
        ) : fields.length === 0 ? (
          <p className="text-slate-600 text-sm">{PREFILL_TEXT.noFields}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {fields.map((field) => (
                <PrefillFieldRow
                  key={field.id}
                  field={field}
                  value={draft.values[field.id]}
                  locked={draft.locked.has(field.id)}
                  onValue={(value) => setValue(field.id, value)}
                  onLocked={(on) => setLocked(field.id, on)}
                />
              ))}
            </ul>

            <div>
              <Label htmlFor={`${id}-expiry`}>{PREFILL_TEXT.expiry}</Label>
              <div className="flex items-center gap-2">
                <div className="w-28 shrink-0">
                  <Input
                    id={`${id}-expiry`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={PREFILL_LIMITS.expiryDaysMax}
                    step={1}
                    value={draft.expiryDays}
                    aria-invalid={expiryInvalid || undefined}
                    aria-describedby={`${id}-expiry-hint`}
                    onChange={(event) => change({ ...draft, expiryDays: event.target.value })}
                  />
                </div>
                <span className="text-slate-600 text-sm">{PREFILL_TEXT.days}</span>
              </div>
              <p
                id={`${id}-expiry-hint`}
                className={`mt-1 text-xs ${expiryInvalid ? 'text-red-600' : 'text-slate-500'}`}
              >
                {expiryInvalid ? PREFILL_TEXT.expiryInvalid : PREFILL_TEXT.expiryHint}
              </p>
            </div>

            {create.isError ? (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
              >
                {serverMessageOr(create.error, PREFILL_TEXT.failed)}
              </p>
            ) : null}

            {create.data ? (
              <div className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-3 sm:p-4">
                <Label htmlFor={`${id}-link`}>{PREFILL_TEXT.linkLabel}</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    ref={linkRef}
                    id={`${id}-link`}
                    readOnly
                    value={create.data.url}
                    onFocus={(event) => event.currentTarget.select()}
                    className="font-mono text-xs"
                  />
                  <Button onClick={() => void copy()} className="shrink-0">
                    {copied ? <CheckCircleIcon className="size-4" /> : <CopyIcon className="size-4" />}
                    {PREFILL_TEXT.copy}
                  </Button>
                </div>
                <p className="mt-2 text-slate-600 text-xs">
                  {create.data.expiresAt
                    ? PREFILL_TEXT.expires(new Date(create.data.expiresAt).toLocaleString())
                    : PREFILL_TEXT.neverExpires}
                </p>
              </div>
            ) : null}
          </>
        )}
      </DialogBody>
      <DialogFooter className="items-center">
        {!blocked && !anyFilled ? (
          <p id={`${id}-empty`} className="mr-auto flex items-center gap-1.5 text-slate-500 text-sm">
            <InfoIcon aria-hidden="true" className="size-4 shrink-0" />
            {PREFILL_TEXT.emptyHint}
          </p>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {blocked ? null : (
          <Button
            onClick={() => {
              if (body) create.mutate(body);
            }}
            disabled={body === undefined}
            isLoading={create.isPending}
            aria-describedby={anyFilled ? undefined : `${id}-empty`}
          >
            <LinkIcon className="size-4" />
            {create.isPending ? PREFILL_TEXT.gettingLink : PREFILL_TEXT.getLink}
          </Button>
        )}
      </DialogFooter>
    </DialogContent>
  );
}

interface RowProps {
  field: PrefillFormField;
  value: PrefillInput | undefined;
  locked: boolean;
  onValue: (value: PrefillInput) => void;
  onLocked: (on: boolean) => void;
}

/** One field: its value (an input fitting its type) and whether the answer is locked. */
function PrefillFieldRow({ field, value, locked, onValue, onLocked }: RowProps) {
  const id = useId();
  const control = prefillControl(field);
  const filled = filledValue(value) !== undefined;
  const text = typeof value === 'string' ? value : '';
  const ticked = Array.isArray(value) ? value : [];

  const head = (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
      <span className="truncate">{field.label}</span>
      <span className="font-normal text-slate-500 text-xs">{FIELD_TYPE_LABELS[field.type]}</span>
    </span>
  );

  let input: ReactNode;
  if (control.kind === 'checkboxes') {
    input = (
      <fieldset>
        <legend className={labelClasses}>{head}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {control.options.map((option) => (
            <label key={option} className="flex cursor-pointer items-center gap-2 text-slate-700 text-sm">
              <input
                type="checkbox"
                checked={ticked.includes(option)}
                onChange={(event) =>
                  onValue(
                    event.target.checked
                      ? control.options.filter((o) => o === option || ticked.includes(o))
                      : ticked.filter((o) => o !== option),
                  )
                }
                className="size-4 accent-emerald-600"
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
    );
  } else {
    const common = {
      id: `${id}-value`,
      value: text,
      onChange: (event: { target: { value: string } }) => onValue(event.target.value),
    };
    input = (
      <>
        <Label htmlFor={`${id}-value`}>{head}</Label>
        {control.kind === 'select' ? (
          <Select {...common}>
            <option value="">{PREFILL_TEXT.choose}</option>
            {control.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        ) : control.kind === 'textarea' ? (
          <Textarea {...common} rows={2} />
        ) : (
          <Input {...common} type={control.type} step={control.type === 'number' ? 'any' : undefined} />
        )}
      </>
    );
  }

  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-end sm:gap-4 sm:px-4">
      <div className="min-w-0 flex-1">{input}</div>
      <label
        className={`flex shrink-0 items-center gap-2 text-sm sm:pb-2 ${
          filled ? 'cursor-pointer text-slate-700' : 'cursor-not-allowed text-slate-400'
        }`}
      >
        <input
          type="checkbox"
          checked={locked}
          disabled={!filled}
          aria-label={`${PREFILL_TEXT.lock} ${field.label}`}
          onChange={(event) => onLocked(event.target.checked)}
          className="size-4 accent-emerald-600"
        />
        <LockIcon aria-hidden="true" className="size-3.5" />
        {PREFILL_TEXT.lock}
      </label>
    </li>
  );
}

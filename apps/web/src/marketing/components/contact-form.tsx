import { CONTACT_LIMITS } from '@sheetforms/contract';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CheckCircleIcon, ErrorIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  type ContactField,
  type ContactFieldErrors,
  type ContactValues,
  submitContact,
  validateContact,
} from '../api/contact';
import { PRIMARY_DARK } from './styles';

export const CONTACT_SEND_LABEL = 'Send message';
export const CONTACT_SENDING_LABEL = 'Sending...';

const EMPTY: ContactValues = { name: '', email: '', company: '', message: '', website: '' };
const ORDER: readonly ContactField[] = ['name', 'email', 'company', 'message'];

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'success' | 'error'; message: string };

/**
 * The contact form (spec 000 sections 2, 4 and 5): name, email and message required, company optional;
 * idle, sending, then a success banner (the form clears) or an error banner with the server's text. A
 * hidden `website` field catches bots; people never see or reach it.
 */
export function ContactForm({ className }: { className?: string }) {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const id = useId();
  const fieldId = (field: ContactField) => `${id}-${field}`;
  const errorId = (field: ContactField) => `${id}-${field}-error`;

  const focusFirst = (found: ContactFieldErrors) => {
    const first = ORDER.find((field) => found[field] !== undefined);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'sending') return;
    const checked = validateContact(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setStatus({ state: 'idle' });
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    setStatus({ state: 'sending' });
    const result = await submitContact(checked.body);
    if (result.ok) {
      setValues(EMPTY);
      setStatus({ state: 'success', message: result.message });
    } else {
      setErrors(result.errors);
      setStatus({ state: 'error', message: result.message });
      focusFirst(result.errors);
    }
  };

  const bind = (field: ContactField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 font-medium text-red-700 text-sm">
        {errors[field]}
      </p>
    ) : null;

  const sending = status.state === 'sending';

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={className}>
      <div className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <Label htmlFor={fieldId('name')}>Name</Label>
            <Input {...bind('name')} autoComplete="name" required maxLength={CONTACT_LIMITS.nameMax} />
            {fieldError('name')}
          </div>
          <div>
            <Label htmlFor={fieldId('email')}>Email</Label>
            <Input
              {...bind('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={CONTACT_LIMITS.emailMax}
            />
            {fieldError('email')}
          </div>
        </div>
        <div>
          <Label htmlFor={fieldId('company')}>
            Company <span className="font-normal text-slate-600">(optional)</span>
          </Label>
          <Input {...bind('company')} autoComplete="organization" maxLength={CONTACT_LIMITS.companyMax} />
          {fieldError('company')}
        </div>
        <div>
          <Label htmlFor={fieldId('message')}>Message</Label>
          <Textarea {...bind('message')} rows={5} required maxLength={CONTACT_LIMITS.messageMax} />
          {fieldError('message')}
        </div>

        {/* The honeypot: invisible, out of the tab order and hidden from assistive technology. */}
        <div aria-hidden="true" className="sr-only">
          <label htmlFor={fieldId('website')}>Website</label>
          <input
            id={fieldId('website')}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={values.website}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, website: value }));
            }}
          />
        </div>

        <Button type="submit" size="lg" isLoading={sending} className={cn('w-full sm:w-auto', PRIMARY_DARK)}>
          {sending ? CONTACT_SENDING_LABEL : CONTACT_SEND_LABEL}
        </Button>
      </div>
      {/* Live regions stay in the page so their news is announced; empty while idle or sending. */}
      <div role="status">
        {status.state === 'success' ? (
          <p
            data-testid="contact-success"
            className="mt-4 flex items-start gap-2 rounded-xl bg-emerald-50 px-4 py-3 font-medium text-emerald-900 text-sm ring-1 ring-emerald-200 ring-inset"
          >
            <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
            {status.message}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {status.state === 'error' ? (
          <p
            data-testid="contact-error"
            className="mt-4 flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-900 text-sm ring-1 ring-red-200 ring-inset"
          >
            <ErrorIcon className="mt-0.5 size-4 shrink-0" />
            {status.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}

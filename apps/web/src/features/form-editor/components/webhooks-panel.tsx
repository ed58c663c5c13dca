import type { CreatedWebhook, Webhook } from '@sheetforms/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon, KeyIcon, SendIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { labelClasses } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { copyText, selectContents } from '@/lib/clipboard';
import { createWebhook, deleteWebhook, listWebhooks, setWebhookEnabled } from '../api/webhooks-api';
import { serverMessageOr } from '../logic/error-text';
import { WEBHOOKS_TEXT } from '../logic/webhooks';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';

export interface WebhooksPanelProps {
  formId: string;
}

/**
 * A form's webhooks (issue 24): added, turned on and off and removed at once (not on Update Form). The
 * signing secret is shown once, right after adding; each webhook's deliveries open in a dialog.
 */
export function WebhooksPanel({ formId }: WebhooksPanelProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const queryClient = useQueryClient();
  const queryKey = ['form-webhooks', formId];
  const webhooks = useQuery({ queryKey, queryFn: () => listWebhooks(formId) });
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const setList = (update: (list: Webhook[]) => Webhook[]) =>
    queryClient.setQueryData<Webhook[]>(queryKey, (list) => update(list ?? []));

  const add = useMutation({
    mutationFn: (address: string) => createWebhook(formId, address),
    onSuccess: (webhook) => {
      const { secret: _secret, ...listed } = webhook;
      setList((list) => [...list, listed]);
      setCreated(webhook);
      setUrl('');
      setUrlError(null);
      toast.success(WEBHOOKS_TEXT.added);
    },
    onError: (error) => {
      setUrlError(serverMessageOr(error, WEBHOOKS_TEXT.addFailed));
      urlRef.current?.focus();
    },
  });
  const toggle = useMutation({
    mutationFn: (input: { webhook: Webhook; enabled: boolean }) =>
      setWebhookEnabled(formId, input.webhook.id, input.enabled),
    onMutate: ({ webhook }) => setBusyId(webhook.id),
    onSuccess: (updated) => setList((list) => list.map((item) => (item.id === updated.id ? updated : item))),
    onError: (error) => toast.error(serverMessageOr(error, WEBHOOKS_TEXT.toggleFailed)),
    onSettled: () => setBusyId(null),
  });
  const remove = useMutation({
    mutationFn: (webhook: Webhook) => deleteWebhook(formId, webhook.id),
    onMutate: (webhook) => setBusyId(webhook.id),
    onSuccess: (_data, webhook) => {
      setList((list) => list.filter((item) => item.id !== webhook.id));
      if (created?.id === webhook.id) setCreated(null);
      toast.success(WEBHOOKS_TEXT.removed);
    },
    onError: (error) => toast.error(serverMessageOr(error, WEBHOOKS_TEXT.removeFailed)),
    onSettled: () => setBusyId(null),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = url.trim();
    if (!/^https?:\/\/\S+$/i.test(address)) {
      setUrlError('Enter an http:// or https:// address');
      urlRef.current?.focus();
      return;
    }
    add.mutate(address);
  };

  const list = webhooks.data ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-slate-200 border-b px-5 py-4 sm:px-6">
        <div>
          <h2 id={headingId} className="font-semibold text-base text-slate-900">
            {WEBHOOKS_TEXT.title}
          </h2>
          <p className="mt-0.5 text-slate-500 text-sm">{WEBHOOKS_TEXT.description}</p>
        </div>
        {webhooks.isSuccess ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-xs">
            {list.length} {list.length === 1 ? 'webhook' : 'webhooks'}
          </span>
        ) : null}
      </div>

      <div className="space-y-5 px-5 py-5 sm:px-6">
        <form
          noValidate
          onSubmit={submit}
          aria-label="Add webhook"
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
        >
          <div>
            <label htmlFor={`${id}-url`} className={labelClasses}>
              {WEBHOOKS_TEXT.urlLabel}
            </label>
            <input
              ref={urlRef}
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(null);
              }}
              placeholder={WEBHOOKS_TEXT.urlPlaceholder}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-url-error` : undefined}
              className={inputClasses}
            />
            {urlError ? (
              <p id={`${id}-url-error`} className="mt-1.5 text-red-600 text-sm">
                {urlError}
              </p>
            ) : null}
          </div>
          <Button type="submit" isLoading={add.isPending} className="sm:mt-7">
            {WEBHOOKS_TEXT.add}
          </Button>
        </form>

        {created ? <SecretCallout webhook={created} onDismiss={() => setCreated(null)} /> : null}

        {webhooks.isPending ? (
          <div className="flex items-center justify-center gap-2 py-6 text-slate-500 text-sm" role="status">
            <Spinner size="sm" decorative /> Loading webhooks
          </div>
        ) : webhooks.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
          >
            {serverMessageOr(webhooks.error, WEBHOOKS_TEXT.loadFailed)}
            <Button variant="secondary" size="sm" onClick={() => webhooks.refetch()}>
              Retry
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-slate-300 border-dashed px-4 py-8 text-center">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-600"
            >
              <SendIcon className="size-5" />
            </span>
            <p className="mt-3 font-medium text-slate-900 text-sm">{WEBHOOKS_TEXT.emptyTitle}</p>
            <p className="mt-1 max-w-md text-slate-500 text-sm">{WEBHOOKS_TEXT.emptyText}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {list.map((webhook) => (
              <WebhookRow
                key={webhook.id}
                formId={formId}
                webhook={webhook}
                busy={busyId === webhook.id}
                onToggle={(enabled) => toggle.mutate({ webhook, enabled })}
                onRemove={() => remove.mutate(webhook)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

interface WebhookRowProps {
  formId: string;
  webhook: Webhook;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onRemove: () => void;
}

function WebhookRow({ formId, webhook, busy, onToggle, onRemove }: WebhookRowProps) {
  const id = useId();
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" aria-busy={busy || undefined}>
      <div className="min-w-0 flex-1">
        <p
          id={`${id}-url`}
          className="truncate font-medium font-mono text-slate-900 text-sm"
          title={webhook.url}
        >
          {webhook.url}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-500 text-xs">
          {webhook.enabled ? (
            <Badge variant="success" dot>
              On
            </Badge>
          ) : (
            <Badge variant={webhook.disabledReason ? 'danger' : 'neutral'} dot>
              Off
            </Badge>
          )}
          {webhook.disabledReason ? <span className="text-red-700">{webhook.disabledReason}</span> : null}
          <span>response.created</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Switch
          checked={webhook.enabled}
          disabled={busy}
          onCheckedChange={onToggle}
          aria-label={webhook.enabled ? 'Turn off' : 'Turn on'}
          aria-describedby={`${id}-url`}
        />
        <WebhookDeliveriesDialog formId={formId} webhook={webhook} describedBy={`${id}-url`} />
        <button
          type="button"
          aria-describedby={`${id}-url`}
          disabled={busy}
          onClick={onRemove}
          className="inline-flex items-center rounded-lg px-3 py-1.5 font-semibold text-red-600 text-sm transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {WEBHOOKS_TEXT.remove}
        </button>
      </div>
    </li>
  );
}

/** The one time a webhook's signing secret is shown: right after adding it. */
function SecretCallout({ webhook, onDismiss }: { webhook: CreatedWebhook; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const boxRef = useRef<HTMLElement>(null);
  const copy = async () => {
    const ok = await copyText(webhook.secret, boxRef.current ?? document.body);
    setCopied(ok);
    if (!ok) selectContents(boxRef.current);
  };
  return (
    <section
      aria-label={WEBHOOKS_TEXT.secretTitle}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700"
        >
          <KeyIcon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-amber-950 text-sm">
            {WEBHOOKS_TEXT.secretTitle} <span className="font-normal text-amber-800">({webhook.url})</span>
          </p>
          <p className="mt-0.5 text-amber-900 text-sm">{WEBHOOKS_TEXT.secretText}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code
              ref={boxRef}
              data-testid="webhook-secret"
              className="min-w-0 select-all break-all rounded-lg border border-amber-200 bg-white px-3 py-2 font-mono text-slate-900 text-sm"
            >
              {webhook.secret}
            </code>
            <Button variant="secondary" size="sm" onClick={copy}>
              {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
              {copied ? WEBHOOKS_TEXT.copied : WEBHOOKS_TEXT.copy}
            </Button>
            <Button size="sm" onClick={onDismiss}>
              {WEBHOOKS_TEXT.dismiss}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

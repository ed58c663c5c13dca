import type { PublicForm } from '@sheetforms/contract';
import { keyedRecord, ownValue } from '@sheetforms/contract/answers';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../lib/constants';
import { loadPublicForm } from '../lib/form-api';
import { formNames } from '../lib/form-names';
import { ApiError, api } from '../lib/http';
import { navigate } from '../lib/navigation';
import { storage } from '../lib/storage';
import { toast } from '../lib/toast';
import { answersFromForm, buildResponse, responseKey, validateAnswers } from '../logic/answers';
import { consentForSubmission } from '../logic/consent';
import { SubmissionAttempts } from '../logic/idempotency';
import { type FieldErrors, FORM_POST_FIELDS, type FormPageData, type InitialView } from '../logic/page-data';
import { formIdFromPath, loginUrlFor } from '../logic/redirect';
import { SUBMIT_MESSAGES, type SubmitDeps, submitForm } from '../logic/submit';
import { shownFields } from '../logic/visibility';
import { CookieBanner } from './cookie-banner';
import { FormField, fieldId } from './form-field';
import { ButtonSpinner, buttonStyles, Shell } from './shell';
import type { SignatureFieldProps, SignatureHandle } from './signature-field';
import { useFormStart } from './use-form-start';
import { useShownFields } from './use-shown-fields';

type PageState =
  | { kind: 'missing-id' }
  | { kind: 'loading' }
  /** retry: only where trying again can help (no reply, a server error), never for an unknown form. */
  | { kind: 'error'; detail: string | undefined; title?: string; retry: boolean }
  | { kind: 'ready'; form: PublicForm; rendered?: Extract<InitialView, { kind: 'form' }> }
  | { kind: 'submitted' };

const SIGNATURE_REQUIRED = 'Signature is required';
/** The server's answer for an unknown form id: no retry will find it. */
const FORM_NOT_FOUND = 'Form not found';

/** Whether loading again may work: no reply at all, the server failing, or being asked to slow down. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetworkError || error.status >= 500 || error.status === 429;
}

function goToLogin() {
  navigate(loginUrlFor(window.location.href), { replace: true });
}

/** The state the server rendered, or loading when the browser renders alone (or the form needs a login). */
function initialState(formId: string, initial: FormPageData | undefined): PageState {
  if (!formId) return { kind: 'missing-id' };
  const view = initial?.formId === formId ? initial.view : undefined;
  if (view?.kind === 'form') return { kind: 'ready', form: view.form, rendered: view };
  if (view?.kind === 'error')
    return { kind: 'error', detail: view.detail, title: view.title, retry: view.detail !== FORM_NOT_FOUND };
  if (view?.kind === 'submitted') return { kind: 'submitted' };
  return { kind: 'loading' };
}

export function PublicFormPage({ pathname, initial }: { pathname: string; initial?: FormPageData }) {
  const formId = formIdFromPath(pathname);
  const [state, setState] = useState<PageState>(() => initialState(formId, initial));
  const [attempt, setAttempt] = useState(0);
  // What the server rendered is already the loaded form: no second request for it.
  const rendered = useRef(state.kind !== 'loading');
  useClearToastsOnChange(state.kind);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load when Retry is pressed.
  useEffect(() => {
    if (!formId) return;
    if (rendered.current) {
      rendered.current = false;
      return;
    }
    let cancelled = false;
    const token = storage.get(STORAGE_KEYS.formUserToken);
    setState({ kind: 'loading' });
    loadPublicForm(formId, token)
      .then(({ data: form }) => {
        if (cancelled) return;
        if (form.settings.loginRequired === 1 && !token) {
          goToLogin();
          return;
        }
        document.title = `${form.name} · SheetForms`;
        if (form.settings.loginRequired === 1) formNames.remember(form.formId, form.name);
        setState({ kind: 'ready', form });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) {
          storage.remove(STORAGE_KEYS.formUserToken);
          goToLogin();
          return;
        }
        setState({
          kind: 'error',
          detail: error instanceof ApiError ? error.detail : undefined,
          retry: isRetryable(error),
        });
      });
    return () => {
      cancelled = true;
    };
  }, [formId, attempt]);

  if (state.kind === 'missing-id') {
    return (
      <Shell>
        <Notice tone="error" title="Missing form ID">
          This link does not point to a form. Check the address and try again.
        </Notice>
      </Shell>
    );
  }
  if (state.kind === 'loading') return <FormSkeleton noScriptLogin={initial?.view.kind === 'login'} />;
  if (state.kind === 'error') {
    return (
      <Shell>
        <Notice tone="error" title={state.title ?? 'Failed to load form'}>
          {state.detail && state.detail !== 'Failed to load form'
            ? state.detail
            : 'Something went wrong while loading this form.'}
          {state.retry ? (
            <div className="mt-5">
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => setAttempt((n) => n + 1)}
              >
                Try again
              </button>
            </div>
          ) : null}
        </Notice>
      </Shell>
    );
  }
  if (state.kind === 'submitted') return <ThankYou />;
  return (
    <RespondentForm
      key={state.form.formId}
      form={state.form}
      rendered={state.rendered}
      nonce={initial?.nonce ?? ''}
      onSubmitted={() => setState({ kind: 'submitted' })}
    />
  );
}

/**
 * A toast describes the page state it was raised in; when the state moves on (form → error, error →
 * loading on Try again) it is dropped. Two moves keep it: arriving at 'submitted' (the toast then is the
 * submission's own 'Form submitted successfully!', which already replaced whatever showed before), and
 * the first load of the page finishing (loading → ready): what shows then came with the navigation here,
 * e.g. the login page's 'Login successful!', and still holds.
 */
function useClearToastsOnChange(kind: PageState['kind']) {
  const previous = useRef(kind);
  // A layout effect: cleared in the same commit as the new state, so a toast raised for the new state
  // right after it shows (the first thing a respondent could see) is never dropped by a late clear.
  useLayoutEffect(() => {
    const before = previous.current;
    if (before === kind) return;
    previous.current = kind;
    if (kind === 'submitted' || (before === 'loading' && kind === 'ready')) return;
    toast.clear();
  }, [kind]);
}

/**
 * The form. Its inputs are uncontrolled: a respondent may type before the page's JavaScript arrives
 * (the server rendered the form), and hydration must keep what they typed; the answers are read from
 * the inputs on submit. Without JavaScript it is a plain POST to /form/{formId} (decision 0020).
 */
function RespondentForm({
  form,
  rendered,
  nonce,
  onSubmitted,
}: {
  form: PublicForm;
  rendered?: Extract<InitialView, { kind: 'form' }>;
  nonce: string;
  onSubmitted(): void;
}) {
  const [errors, setErrors] = useState<FieldErrors>(() => rendered?.errors ?? {});
  const [signatureError, setSignatureError] = useState<string | undefined>(rendered?.signatureError);
  const [formError, setFormError] = useState<string | undefined>(rendered?.formError);
  // What the form starts with: the server's copy (it read the address), or the address read here, a
  // prefilled link's locked answers only once the server verified its token.
  const { start, verifying } = useFormStart(form, rendered, setFormError);
  const formRef = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [accepting, setAccepting] = useState(form.acceptingResponses);
  const [focusRequest, setFocusRequest] = useState(0);
  const submittingRef = useRef(false);
  const signatureRef = useRef<SignatureHandle>(null);
  const signatureVersion = useRef(0);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const deps = useRef<SubmitDeps>({
    request: api,
    attempts: new SubmissionAttempts(),
    notify: toast,
    uploaded: null,
  });
  const signatureEnabled = form.settings.signatureEnabled === 1;
  const shown = useShownFields(form.jdata, formRef, start.values);
  const { refresh: refreshShown } = shown;
  // Verified locked answers arrive after the first paint, and may be what a condition looks at.
  useEffect(() => {
    if (start.locked.size > 0) refreshShown();
  }, [start.locked, refreshShown]);

  // Focus moves to the first field in error after a failed submit (only then, not on every edit).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per focus request.
  useEffect(() => {
    if (focusRequest === 0) return;
    const index = form.jdata.findIndex((field) => ownValue(errors, field.label));
    if (index >= 0) document.getElementById(fieldId(index))?.focus();
    else if (signatureError) signatureRef.current?.focus();
  }, [focusRequest]);

  const onChange = useCallback((label: string) => {
    setFormError(undefined);
    setErrors((previous) => {
      if (!ownValue(previous, label)) return previous;
      const { [label]: _cleared, ...rest } = previous;
      return rest;
    });
  }, []);

  const onSignatureChange = useCallback((version: number) => {
    signatureVersion.current = version;
    setSignatureError(undefined);
  }, []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Sent before the link's token is verified, its locked answers would be neither shown nor sent.
    if (submittingRef.current || !accepting || verifying) return;

    // The answers as the form's controls hold them (they are uncontrolled: see above), read the way the
    // no-JavaScript post sends them.
    const answers = formRef.current ? answersFromForm(form.jdata, new FormData(formRef.current)) : {};
    setFormError(undefined);
    // Only the fields the answers show are checked and sent, as the server judges them.
    const fields = shownFields(form.jdata, answers);
    const { fieldErrors: found, formError: unseenError } = splitUnseenErrors(
      fields,
      validateAnswers(fields, answers),
    );
    const signatureMissing = signatureEnabled && (signatureRef.current?.isEmpty() ?? true);
    if (Object.keys(found).length > 0 || signatureMissing || unseenError) {
      setErrors(found);
      setFormError(unseenError);
      setSignatureError(signatureMissing ? SIGNATURE_REQUIRED : undefined);
      setFocusRequest((n) => n + 1);
      return;
    }
    const response = buildResponse(fields, answers);
    // A hidden field's value came with the link: by itself it is no answer (the server agrees).
    if (
      !signatureEnabled &&
      !fields.some((field) => field.type !== 'hidden' && Object.hasOwn(response, responseKey(field)))
    ) {
      toast.error(SUBMIT_MESSAGES.noAnswer);
      return;
    }
    const token = storage.get(STORAGE_KEYS.formUserToken);
    if (form.settings.loginRequired === 1 && !token) {
      toast.error(SUBMIT_MESSAGES.loginRequired);
      goToLogin();
      return;
    }

    submittingRef.current = true;
    setSubmitting(true);
    const signature = signatureRef.current;
    const outcome = await submitForm(
      {
        formId: form.formId,
        fields: form.jdata,
        response,
        signature:
          signatureEnabled && signature
            ? { version: signatureVersion.current, toBlob: () => signature.toBlob() }
            : null,
        token,
        consent: consentForSubmission(form.settings.gdprEnabled, storage.get),
        honeypot: honeypotRef.current?.value ?? '',
        prefillToken: start.prefillToken,
      },
      deps.current,
    );
    submittingRef.current = false;
    setSubmitting(false);

    if (outcome.kind === 'submitted') {
      storage.remove(STORAGE_KEYS.formUserToken);
      onSubmitted();
    } else if (outcome.kind === 'invalid') {
      setErrors(outcome.fieldErrors);
      setFocusRequest((n) => n + 1);
    } else if (outcome.kind === 'refused') {
      setFormError(outcome.message);
      formRef.current?.scrollIntoView?.({ block: 'start' });
    } else if (outcome.kind === 'not-accepting') {
      setAccepting(false);
    } else if (outcome.kind === 'unauthorized') {
      // The token expired or belongs to another form: the next submit goes through the login page.
      storage.remove(STORAGE_KEYS.formUserToken);
    }
  };

  return (
    <>
      <CookieBanner gdprEnabled={form.settings.gdprEnabled} />
      <Shell>
        <div className="px-5 pt-7 pb-6 sm:px-9 sm:pt-9">
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-[28px]">{form.name}</h1>
          {form.description ? (
            <p className="mt-2 whitespace-pre-line text-[15px] text-slate-600 leading-relaxed">
              {form.description}
            </p>
          ) : null}
        </div>
        {accepting ? (
          <form
            ref={formRef}
            method="post"
            action={`/form/${encodeURIComponent(form.formId)}`}
            noValidate
            onSubmit={onSubmit}
            onChange={shown.onFormChange}
            className="border-slate-100 border-t px-5 py-6 sm:px-9 sm:py-8"
          >
            {formError ? (
              <p role="alert" className="mb-5 rounded-xl bg-red-50 px-4 py-3 text-red-700 text-sm">
                {formError}
              </p>
            ) : null}
            {verifying ? (
              <p role="status" className="mb-5 flex items-center gap-2 text-slate-500 text-sm">
                <ButtonSpinner />
                Loading the answers this link sets...
              </p>
            ) : null}
            <input type="hidden" name={FORM_POST_FIELDS.nonce} value={nonce} />
            {start.prefillToken ? (
              <input type="hidden" name={FORM_POST_FIELDS.prefillToken} value={start.prefillToken} />
            ) : null}
            {/* A gap, not margins: a field hidden by its conditions leaves no space behind. */}
            <div className="flex flex-col gap-5">
              {form.jdata.map((field, index) => {
                const locked = start.locked.has(field.id);
                // A field the verified link locks is made anew: its inputs are uncontrolled, so only a new
                // one starts with the owner's answer (the others keep what the respondent typed).
                const key = `${field.id || field.label}${locked ? ':locked' : ''}`;
                const control = (
                  <FormField
                    key={key}
                    field={field}
                    index={index}
                    defaultValue={ownValue(start.values, field.label)}
                    error={ownValue(errors, field.label)}
                    disabled={submitting}
                    locked={locked}
                    onChange={onChange}
                  />
                );
                if (!field.visibleWhen?.rules.length) return control;
                // Kept in the page while hidden, so what was typed is there if it shows again (it is not
                // sent meanwhile). Without JavaScript every field shows: form.html's <noscript> style.
                const className = !shown.isShown(field)
                  ? 'pf-rule-hidden'
                  : shown.isRevealed(field)
                    ? 'pf-reveal'
                    : undefined;
                return (
                  <div key={key} className={className}>
                    {control}
                  </div>
                );
              })}
              {signatureEnabled ? (
                <SignatureSlot
                  ref={signatureRef}
                  width={form.settings.signatureWidth}
                  height={form.settings.signatureHeight}
                  error={signatureError}
                  disabled={submitting}
                  onChange={onSignatureChange}
                />
              ) : null}
            </div>
            <Honeypot inputRef={honeypotRef} />
            <p className="mt-6 text-slate-500 text-sm">
              <span className="text-red-600">*</span> Required fields
            </p>
            <button
              type="submit"
              className={`${buttonStyles.primary} mt-4 w-full`}
              disabled={submitting || verifying}
              aria-disabled={submitting || verifying || undefined}
            >
              {submitting ? <ButtonSpinner /> : null}
              {submitting ? 'Submitting...' : 'Submit Form'}
            </button>
          </form>
        ) : (
          <div className="border-slate-100 border-t px-5 py-8 sm:px-9">
            <Notice tone="info" title={SUBMIT_MESSAGES.notAccepting} compact>
              Please check back later or contact the form owner.
            </Notice>
          </div>
        )}
      </Shell>
    </>
  );
}

type SignatureComponent = (props: SignatureFieldProps) => React.ReactNode;

/**
 * signature_pad is only downloaded for forms that ask for a signature, after the page is live. Until
 * then (and on the server) the slot shows the pad's frame at its size, so nothing moves when it arrives.
 */
function SignatureSlot(props: SignatureFieldProps) {
  const [Field, setField] = useState<SignatureComponent | null>(null);
  useEffect(() => {
    let live = true;
    import('./signature-field').then((module) => {
      if (live) setField(() => module.SignatureField);
    });
    return () => {
      live = false;
    };
  }, []);
  if (Field) return <Field {...props} />;
  return (
    <fieldset className="pf-signature min-w-0">
      <legend className="mb-1.5 block font-medium text-slate-800 text-sm">
        Digital Signature
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      </legend>
      {/* The draw / type choice's place, so the pad does not move when the real one arrives. */}
      <div
        aria-hidden="true"
        className="mb-2 flex flex-wrap gap-x-5 gap-y-1 text-slate-700 text-sm opacity-70"
      >
        <span>Draw your signature</span>
        <span>Type your signature</span>
      </div>
      <p className="mb-2 text-slate-500 text-sm">
        Draw your signature in the box with a mouse, finger or stylus.
      </p>
      <div
        aria-hidden="true"
        className="block max-w-full rounded-xl border-2 border-slate-300 border-dashed bg-white"
        style={{ width: props.width, height: props.height }}
      />
      <noscript>
        <p className="mt-1.5 text-amber-700 text-sm">
          Signing needs JavaScript: turn it on to sign this form.
        </p>
      </noscript>
      {props.error ? <p className="mt-1.5 text-red-600 text-sm">{props.error}</p> : null}
      <div aria-hidden="true" className="mt-3 flex flex-wrap gap-2">
        <span className={`${buttonStyles.secondary} opacity-70`}>Clear Signature</span>
        <span className={`${buttonStyles.secondary} opacity-70`}>Download PNG</span>
      </div>
    </fieldset>
  );
}

/** People never see or fill this; bots that fill every input do, and the server then stores nothing. */
function Honeypot({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden opacity-0"
    >
      <label htmlFor="pf-website">Website</label>
      <input
        ref={inputRef}
        id="pf-website"
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

function ThankYou() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Shell>
      <div className="px-6 py-14 text-center sm:px-10 sm:py-16" data-testid="thank-you">
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 ring-8 ring-emerald-50/50">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8 text-emerald-600"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 13l4 4L19 7" />
          </svg>
        </div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-6 font-bold text-2xl text-slate-900 tracking-tight focus:outline-none"
        >
          Thank You!
        </h1>
        <p className="mt-2 text-slate-600">Your form has been submitted successfully.</p>
      </div>
    </Shell>
  );
}

function Notice({
  tone,
  title,
  children,
  compact = false,
}: {
  tone: 'error' | 'info';
  title: string;
  children?: React.ReactNode;
  compact?: boolean;
}) {
  const color = tone === 'error' ? 'bg-red-50 text-red-600' : 'bg-amber-50 text-amber-600';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`text-center ${compact ? '' : 'px-6 py-12 sm:px-10'}`}
    >
      <div className={`mx-auto flex size-12 items-center justify-center rounded-full ${color}`}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {tone === 'error' ? (
            <path d="M12 8v5m0 3.5v.01M10.3 3.9L2.4 17.5A2 2 0 004.1 20.5h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" />
          ) : (
            <path d="M12 7v5l3 2M12 21a9 9 0 100-18 9 9 0 000 18z" />
          )}
        </svg>
      </div>
      {compact ? (
        <h2 className="mt-4 font-semibold text-lg text-slate-900">{title}</h2>
      ) : (
        <h1 className="mt-4 font-semibold text-slate-900 text-xl">{title}</h1>
      )}
      <div className="mt-2 text-slate-600 text-sm">{children}</div>
    </div>
  );
}

function FormSkeleton({ noScriptLogin = false }: { noScriptLogin?: boolean }) {
  return (
    <Shell>
      {noScriptLogin ? (
        <noscript>
          <div className="px-6 pt-10 text-center sm:px-10">
            <h1 className="font-semibold text-slate-900 text-xl">Please log in to submit the form</h1>
            <p className="mt-2 text-slate-600 text-sm">
              This form asks you to log in first, and logging in needs JavaScript. Turn it on and reload the
              page.
            </p>
          </div>
        </noscript>
      ) : null}
      <div
        role="status"
        aria-live="polite"
        className="pf-skeleton px-5 pt-8 pb-10 sm:px-9"
        data-testid="form-loading"
      >
        <span className="sr-only">Loading form...</span>
        <div aria-hidden="true" className="animate-pulse">
          <div className="h-7 w-2/3 rounded-lg bg-slate-200" />
          <div className="mt-3 h-4 w-5/6 rounded bg-slate-100" />
          <div className="mt-10 space-y-6">
            {[0, 1, 2].map((n) => (
              <div key={n}>
                <div className="h-3.5 w-28 rounded bg-slate-200" />
                <div className="mt-2 h-11 rounded-xl bg-slate-100" />
              </div>
            ))}
          </div>
          <div className="mt-8 h-12 rounded-xl bg-slate-200" />
        </div>
      </div>
    </Shell>
  );
}

/**
 * A hidden field's error (a required one the link did not fill) has no place on the page: it is told
 * above the form instead, as the server's form error would be.
 */
function splitUnseenErrors(
  fields: readonly PublicForm['jdata'][number][],
  errors: FieldErrors,
): { fieldErrors: FieldErrors; formError: string | undefined } {
  const fieldErrors: FieldErrors = keyedRecord();
  let formError: string | undefined;
  for (const field of fields) {
    const message = ownValue(errors, field.label);
    if (!message) continue;
    if (field.type === 'hidden') formError ??= message;
    else fieldErrors[field.label] = message;
  }
  return { fieldErrors, formError };
}

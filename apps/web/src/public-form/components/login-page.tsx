import { useEffect, useRef, useState } from 'react';
import { Logo } from '@/components/ui/logo';
import { STORAGE_KEYS } from '../lib/constants';
import { loginToForm } from '../lib/form-api';
import { formNames } from '../lib/form-names';
import { navigate } from '../lib/navigation';
import { requestLastingStorage, storage } from '../lib/storage';
import { toast } from '../lib/toast';
import { type LoginErrors, type LoginValues, loginErrorMessage, validateLogin } from '../logic/login';
import { formIdFromRedirect, sameOriginTarget } from '../logic/redirect';
import { ButtonSpinner, buttonStyles, inputStyles, Shell } from './shell';

function readRedirect(): string | null {
  return new URLSearchParams(window.location.search).get('redirect');
}

/** Only same-origin targets are followed; anything else (or nothing) goes to /. */
function targetOf(redirect: string | null): string {
  return sameOriginTarget(redirect, window.location.origin) ?? '/';
}

/** /form-login?redirect={url}: the respondent login of a protected form (spec 001). */
export function LoginPage() {
  const redirect = readRedirect();
  const formId = formIdFromRedirect(redirect, window.location.origin);
  const formName = formNames.recall(formId);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submittingRef = useRef(false);
  const alreadyIn = Boolean(redirect && storage.get(STORAGE_KEYS.formUserToken));

  useEffect(() => {
    document.title = 'Form Login · SheetForms';
    // A stored respondent token with a redirect goes straight there.
    if (alreadyIn) navigate(targetOf(redirect), { replace: true });
  }, [alreadyIn, redirect]);

  useEffect(() => {
    if (focusRequest === 0) return;
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
  }, [focusRequest, errors]);

  if (alreadyIn) return null;

  const update = (key: keyof LoginValues, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    const found = validateLogin(values);
    if (found.email || found.password) {
      setErrors(found);
      setFocusRequest((n) => n + 1);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    // Asked now, while the click still counts as the respondent's (a blocked embed only; see storage.ts).
    requestLastingStorage();
    try {
      const { data } = await loginToForm({ email: values.email.trim(), password: values.password, formId });
      if (!data?.token) throw new Error('no token');
      storage.set(STORAGE_KEYS.formUserToken, data.token);
      toast.success('Login successful!');
      navigate(targetOf(redirect), { replace: true });
    } catch (error) {
      toast.error(loginErrorMessage(error));
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const field = (key: keyof LoginValues) => ({
    id: `login-${key}`,
    name: key,
    value: values[key],
    disabled: submitting,
    'aria-required': true,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `login-${key}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => update(key, event.target.value),
  });

  return (
    <Shell wide={false}>
      <div className="px-6 pt-8 pb-8 sm:px-8">
        <div className="flex flex-col items-center text-center">
          <Logo className="size-11" />
          <h1 className="mt-4 font-bold text-2xl text-slate-900 tracking-tight">Form Login</h1>
          <p className="mt-1.5 text-slate-600 text-sm">Please login to access the form</p>
          {formName ? (
            <p className="mt-3 text-slate-800 text-sm" data-testid="login-form-name">
              Sign in to open <span className="font-semibold">{formName}</span>
            </p>
          ) : null}
        </div>
        <form noValidate onSubmit={onSubmit} className="mt-7 space-y-5">
          <div>
            <label htmlFor="login-email" className="mb-1.5 block font-medium text-slate-800 text-sm">
              Email
            </label>
            <input
              {...field('email')}
              ref={emailRef}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              className={inputStyles}
            />
            {errors.email ? (
              <p id="login-email-error" className="mt-1.5 text-red-600 text-sm">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="login-password" className="mb-1.5 block font-medium text-slate-800 text-sm">
              Password
            </label>
            <div className="relative">
              <input
                {...field('password')}
                ref={passwordRef}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder="Your password"
                className={`${inputStyles} pr-20`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls="login-password"
                className="absolute inset-y-1 right-1 rounded-lg px-3 font-medium text-slate-500 text-xs hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
            {errors.password ? (
              <p id="login-password-error" className="mt-1.5 text-red-600 text-sm">
                {errors.password}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={submitting}>
            {submitting ? <ButtonSpinner /> : null}
            {submitting ? 'Logging in...' : 'Login'}
          </button>
        </form>
        {/* Respondents have no self-service reset: the owner's Reset on Authorized Users issues a new one. */}
        <p className="mt-6 text-center text-slate-600 text-sm">
          Forgot your password? Ask the form owner to reset it.
        </p>
      </div>
    </Shell>
  );
}

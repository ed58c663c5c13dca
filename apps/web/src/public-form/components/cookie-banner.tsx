import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../lib/constants';
import { storage } from '../lib/storage';
import { toast } from '../lib/toast';
import { consentFor, readConsent, shouldShowCookieBanner, storeConsent } from '../logic/consent';
import { buttonStyles } from './shell';

const bannerButton = 'min-h-10 flex-1 sm:flex-none';

/**
 * The cookie-consent banner of a GDPR-enabled form (spec 001: Cookie banner, Cookie consent). It sits in
 * the page's flow above the form, never fixed over it: a floating banner hid the signature pad and the
 * submit button on short screens.
 */
export function CookieBanner({ gdprEnabled }: { gdprEnabled: number }) {
  // The server cannot read the browser's storage: it renders the banner as for a first visit, and the
  // browser hides it before its first paint of the live page if a choice is stored.
  const [visible, setVisible] = useState(() => shouldShowCookieBanner(gdprEnabled, null));
  const [managing, setManaging] = useState(false);

  useLayoutEffect(() => {
    setVisible(shouldShowCookieBanner(gdprEnabled, storage.get(STORAGE_KEYS.gdprConsent)));
  }, [gdprEnabled]);

  if (!visible) return null;

  const choose = (action: 'accept' | 'deny') => {
    storeConsent(storage.set, consentFor(action));
    setVisible(false);
  };

  return (
    <>
      <section
        aria-label="Cookie consent"
        className="pf-cookie-banner mx-auto w-full max-w-2xl px-3 pt-3 sm:px-6 sm:pt-6"
      >
        <div className="flex flex-col gap-3 rounded-2xl bg-slate-900 p-4 text-slate-100 shadow-lg sm:flex-row sm:items-center sm:gap-5">
          <p className="flex-1 text-sm leading-relaxed">
            <span className="font-semibold text-white">We value your privacy.</span> Essential cookies keep
            this form working. With your consent we also use analytics and marketing cookies.
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${bannerButton} rounded-xl px-3.5 py-2 font-medium text-slate-200 text-sm underline-offset-2 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-emerald-400`}
              onClick={() => setManaging(true)}
            >
              Manage Preferences
            </button>
            <button
              type="button"
              className={`${bannerButton} rounded-xl border border-slate-600 px-4 py-2 font-semibold text-sm text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400`}
              onClick={() => choose('deny')}
            >
              Deny
            </button>
            <button
              type="button"
              className={`${bannerButton} rounded-xl bg-emerald-500 px-4 py-2 font-semibold text-slate-950 text-sm hover:bg-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400`}
              onClick={() => choose('accept')}
            >
              Accept
            </button>
          </div>
        </div>
      </section>
      {managing ? (
        <PreferencesDialog
          onClose={() => setManaging(false)}
          onSave={(preferences) => {
            storeConsent(storage.set, consentFor('save', preferences));
            setManaging(false);
            setVisible(false);
            toast.success('Cookie preferences saved!');
          }}
        />
      ) : null}
    </>
  );
}

function PreferencesDialog({
  onClose,
  onSave,
}: {
  onClose(): void;
  onSave(preferences: { analytics: boolean; marketing: boolean }): void;
}) {
  const stored = readConsent(storage.get);
  const [analytics, setAnalytics] = useState(stored?.analytics ?? false);
  const [marketing, setMarketing] = useState(stored?.marketing ?? false);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>('input:not([disabled]), button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !dialogRef.current) return;
      // Keep Tab inside the dialog.
      const focusable = dialogRef.current.querySelectorAll<HTMLElement>('input:not([disabled]), button');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  const options = [
    {
      name: 'Essential',
      text: 'Needed for the form to work. Always on.',
      checked: true,
      disabled: true,
      set: undefined,
    },
    {
      name: 'Analytics',
      text: 'Help the form owner understand how the form is used.',
      checked: analytics,
      disabled: false,
      set: setAnalytics,
    },
    {
      name: 'Marketing',
      text: 'Used to show relevant offers elsewhere.',
      checked: marketing,
      disabled: false,
      set: setMarketing,
    },
  ];

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-3 sm:items-center">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-2xl bg-white p-5 text-slate-800 shadow-2xl"
      >
        <h2 id={titleId} className="font-semibold text-lg text-slate-900">
          Cookie preferences
        </h2>
        <p className="mt-1 text-slate-500 text-sm">Choose which cookies this form may use.</p>
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {options.map((option) => (
            <li key={option.name}>
              <label className="flex cursor-pointer items-start gap-3 p-3.5 has-disabled:cursor-default">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-emerald-600"
                  checked={option.checked}
                  disabled={option.disabled}
                  onChange={(event) => option.set?.(event.target.checked)}
                />
                <span>
                  <span className="block font-medium text-sm">{option.name}</span>
                  <span className="block text-slate-500 text-xs">{option.text}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonStyles.quiet} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonStyles.primarySm}
            onClick={() => onSave({ analytics, marketing })}
          >
            Save Preferences
          </button>
        </div>
      </div>
    </div>
  );
}

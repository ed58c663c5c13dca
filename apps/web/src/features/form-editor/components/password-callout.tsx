import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon, KeyIcon } from '@/components/ui/icons';
import { selectContents } from '@/lib/clipboard';
import { sharePasswordText } from '../logic/messages';

export interface PasswordCalloutProps {
  name: string;
  email: string;
  password: string;
  onDismiss: () => void;
}

/** The one time a generated password is shown: right after adding a user or resetting their password. */
export function PasswordCallout({ name, email, password, onDismiss }: PasswordCalloutProps) {
  const [copied, setCopied] = useState(false);
  const passwordRef = useRef<HTMLElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      // No clipboard access (an insecure page or a refused permission): select it for a manual copy.
      selectContents(passwordRef.current);
    }
  };

  return (
    <section
      aria-label="Generated password"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
      data-testid="password-callout"
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
            Password for {name} <span className="font-normal text-amber-800">({email})</span>
          </p>
          <p className="mt-0.5 text-amber-900 text-sm">{sharePasswordText(name)}</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code
              ref={passwordRef}
              data-testid="generated-password"
              className="select-all rounded-lg border border-amber-200 bg-white px-3 py-2 font-mono text-base text-slate-900 tracking-wider"
            >
              {password}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
              Copy
            </Button>
            <Button variant="ghost" size="sm" onClick={onDismiss}>
              Done
            </Button>
            <span role="status" className="text-emerald-700 text-sm">
              {copied ? 'Copied to clipboard' : ''}
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}

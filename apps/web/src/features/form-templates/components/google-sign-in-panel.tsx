import { Button } from '@/components/ui/button';
import { GoogleMark } from '@/components/ui/google-mark';
import { TEMPLATES_TEXT } from '../logic/messages';

export interface GoogleSignInPanelProps {
  templateCount: number;
  ready: boolean;
  isSigningIn: boolean;
  onSignIn: () => void;
}

/** Spec 001 section 4: with templates on and no Google token, the owner signs in first, and is told why. */
export function GoogleSignInPanel({ templateCount, ready, isSigningIn, onSignIn }: GoogleSignInPanelProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="text-slate-700 text-sm">{TEMPLATES_TEXT.signInWhy}</p>
      {templateCount > 0 ? (
        <p className="mt-2 text-slate-500 text-xs">
          {templateCount} {templateCount === 1 ? 'template' : 'templates'} linked to this form.
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="mt-3 w-full sm:w-auto"
        onClick={onSignIn}
        isLoading={isSigningIn}
        disabled={!ready}
      >
        {isSigningIn ? null : <GoogleMark />}
        {TEMPLATES_TEXT.signInButton}
      </Button>
      {ready ? null : (
        <p role="status" className="mt-2 text-slate-500 text-xs">
          {TEMPLATES_TEXT.loadingGoogle}
        </p>
      )}
    </div>
  );
}

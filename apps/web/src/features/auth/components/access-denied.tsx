import type { Role } from '@sheetforms/contract';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { openBlankPopup, PopupBlockedError } from '@/features/auth/logic/google-popup';
import { rememberRedirectAfterLogin } from '@/lib/storage';

export const ACCESS_DENIED_TEXT = "You don't have permission to access this page.";
export const SIGN_IN_FAILED_TEXT = 'Sign-in failed. Please try again.';

export function requiredRolesText(roles: readonly Role[]): string {
  return `${roles.length === 1 ? 'Required role' : 'Required roles'}: ${roles.join(', ')}`;
}

/**
 * 'Sign in' on a refused page: the public pages' Google popup flow (loaded on the click, so the dashboard
 * does not carry it), coming back to this page once signed in.
 */
export function SignInButton() {
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = () => {
    let popup: Window;
    try {
      // Opened inside the click, or the browser blocks it.
      popup = openBlankPopup();
    } catch (error) {
      console.error('Google sign-in failed', error);
      // A blocked popup says what to do about it (allow pop-ups); anything else is the generic text.
      setFailure(error instanceof PopupBlockedError ? error.message : SIGN_IN_FAILED_TEXT);
      return;
    }
    const { pathname, search, hash } = window.location;
    rememberRedirectAfterLogin(`${pathname}${search}${hash}`);
    setIsSigningIn(true);
    setFailure(null);
    import('@/features/auth/logic/page-sign-in')
      .then((module) => module.signInWithGoogle(popup))
      .catch((error: unknown) => {
        console.error('Google sign-in failed', error);
        if (!popup.closed) popup.close();
        setIsSigningIn(false);
        setFailure(SIGN_IN_FAILED_TEXT);
      });
  };
  return (
    <>
      <Button size="lg" onClick={start} isLoading={isSigningIn}>
        Sign in
      </Button>
      {failure ? (
        <p role="alert" className="basis-full text-red-700 text-sm">
          {failure}
        </p>
      ) : null}
    </>
  );
}

export interface AccessDeniedProps {
  roles: readonly Role[];
  /** A visitor who is not signed in is also offered 'Sign in'. */
  signedOut?: boolean;
}

/** Spec 000 section 2: the guard's refusal, with a way back (the home page is the public app: a full load). */
export function AccessDenied({ roles, signedOut = false }: AccessDeniedProps) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="mb-6 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600"
      >
        <LockIcon className="size-7" />
      </span>
      <h1 className="font-bold text-2xl text-slate-900">Access Denied</h1>
      <p className="mt-3 text-slate-600">{ACCESS_DENIED_TEXT}</p>
      <p className="mt-2 font-medium text-slate-800 text-sm">{requiredRolesText(roles)}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        {signedOut ? <SignInButton /> : null}
        <a href="/" className={buttonClasses(signedOut ? 'secondary' : 'primary', 'lg')}>
          Return to Home
        </a>
      </div>
    </section>
  );
}

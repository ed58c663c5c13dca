import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { openBlankPopup } from '@/features/auth/logic/google-popup';
import { takeFlashMessage } from '@/lib/flash-message';
import { Footer } from './footer';
import { applyHead } from './head';
import type { MarketingOutletContext } from './outlet-context';
import { findMarketingRoute } from './routes';
import { fetchIsLocalMode, logoutStoredSession, readStoredAccount, type StoredAccount } from './session';
import { LOGOUT_SUCCESS_MESSAGE, SIGN_IN_FAILURE_MESSAGE } from './texts';
import { notify, ToastHost } from './toasts';
import { TopBar } from './top-bar';

function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : SIGN_IN_FAILURE_MESSAGE;
}

/** The shell of every public page: skip link, top navigation, the page, footer, toasts. */
export function MarketingLayout() {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  // The server renders the signed-out bar; the stored session is read after hydration.
  const [account, setAccount] = useState<StoredAccount | null>(null);
  const [localMode, setLocalMode] = useState(false);
  const [isSigningIn, setIsSigningIn] = useState(false);

  useEffect(() => {
    setAccount(readStoredAccount());
    // Signing in or out in another tab shows here too.
    const onStorage = () => setAccount(readStoredAccount());
    window.addEventListener('storage', onStorage);
    const flash = takeFlashMessage();
    if (flash) notify(flash);
    fetchIsLocalMode().then(setLocalMode, () => setLocalMode(false));
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A client-side navigation: the new page's head, and the top of the page (unless a #fragment is asked for).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const route = findMarketingRoute(pathname);
    if (route) applyHead(route);
    if (!hash) window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash]);

  const signIn = useCallback(() => {
    let popup: Window;
    try {
      // Opened inside the click, or the browser blocks it; the flow itself loads meanwhile.
      popup = openBlankPopup();
    } catch (error) {
      console.error('Google sign-in failed', error);
      notify({ kind: 'error', text: failureText(error) });
      return;
    }
    setIsSigningIn(true);
    import('@/features/auth/logic/page-sign-in')
      .then((module) => module.signInWithGoogle(popup))
      .catch((error: unknown) => {
        console.error('Google sign-in failed', error);
        if (!popup.closed) popup.close();
        notify({ kind: 'error', text: failureText(error) });
        setIsSigningIn(false);
      });
  }, []);

  const logout = useCallback(async () => {
    await logoutStoredSession();
    setAccount(null);
    notify({ kind: 'success', text: LOGOUT_SUCCESS_MESSAGE });
    navigate('/');
  }, [navigate]);

  const context: MarketingOutletContext = { signIn, isSigningIn, account };

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <TopBar
        account={account}
        localMode={localMode}
        onLogin={signIn}
        isSigningIn={isSigningIn}
        onLogout={() => void logout()}
      />
      <main id="main" className="flex-1">
        <Suspense fallback={<div className="min-h-[60vh]" />}>
          <Outlet context={context} />
        </Suspense>
      </main>
      <Footer />
      <ToastHost />
    </div>
  );
}

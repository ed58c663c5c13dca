import { Outlet } from 'react-router';
import { useAuthConfig } from '@/features/auth/api/get-auth-config';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useGoogleSignIn } from '@/features/auth/hooks/use-google-sign-in';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { Footer } from '@/features/marketing/components/footer';
import { TopBar } from '@/features/marketing/components/top-bar';

/** Handed to public pages, so that every sign-in button on a page shares one popup flow. */
export interface PublicOutletContext {
  signIn: () => void;
  isSigningIn: boolean;
}

export function PublicLayout() {
  const { user, isLoading, isAuthenticated } = useAuth();
  // Without the config (e.g. the API is down) the bar still renders; signing in reports the error.
  const { data: authConfig } = useAuthConfig();
  const { signIn, isSigningIn } = useGoogleSignIn();
  const logout = useLogout();

  const outletContext: PublicOutletContext = { signIn: () => void signIn(), isSigningIn };

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-emerald-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <TopBar
        user={isAuthenticated ? user : null}
        isAuthLoading={isLoading}
        localMode={authConfig?.mode === 'local'}
        onLogin={outletContext.signIn}
        isSigningIn={isSigningIn}
        onLogout={() => void logout()}
      />
      <main id="main" className="flex-1">
        <Outlet context={outletContext} />
      </main>
      <Footer />
    </div>
  );
}

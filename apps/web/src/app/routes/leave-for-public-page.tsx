import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LOGOUT_SUCCESS_MESSAGE } from '@/features/auth/hooks/use-logout';
import { setFlashMessage } from '@/lib/flash-message';
import { NotFoundRoute } from './not-found';

/** The public pages: served prerendered by the marketing app, not by this one (decision 0018). */
export const PUBLIC_PAGE_PATHS = ['/', '/pricing', '/contact', '/chat', '/chat-support'] as const;

/** Where this app was loaded: if the server answered it for a public page, leaving again would loop. */
const loadedAt = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * Leaves the dashboard for a public page with a full page load. After a chosen logout the home page says
 * 'Logged out successfully' (the toast shown here would vanish with the page).
 */
export function LeaveForPublicPage() {
  const { pathname, search, hash } = useLocation();
  const { loggedOut } = useAuth();
  const servedHere = pathname === loadedAt;
  useEffect(() => {
    if (servedHere) return;
    if (loggedOut) setFlashMessage({ kind: 'success', text: LOGOUT_SUCCESS_MESSAGE });
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash, loggedOut, servedHere]);
  // A build without the public pages: say so instead of reloading for ever.
  return servedHere ? <NotFoundRoute /> : null;
}

import type { Role } from '@sheetforms/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { rememberRedirectAfterLogin } from '@/lib/storage';
import { useAuth } from '../hooks/use-auth';
import { AccessDenied } from './access-denied';

export const AUTHENTICATING_TEXT = 'Authenticating...';

export interface ProtectedRouteProps {
  /** One required role, or a list of roles any of which is enough. Omitted: any signed-in user. */
  roles?: Role | Role[];
  children: ReactNode;
}

/** Sends a visitor home, remembering where they were going (state.from and sessionStorage). */
function RedirectHome({ from, remember }: { from: Location; remember: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!remember) {
      navigate('/', { replace: true });
      return;
    }
    rememberRedirectAfterLogin(`${from.pathname}${from.search}${from.hash}`);
    navigate('/', { replace: true, state: { from } });
  }, [from, remember, navigate]);
  return null;
}

/** The route guard of spec 000 section 2. */
export function ProtectedRoute({ roles, children }: ProtectedRouteProps) {
  const { user, isLoading, isAuthenticated, loggedOut } = useAuth();
  const location = useLocation();
  const wasAuthenticated = useRef(false);
  if (isAuthenticated) wasAuthenticated.current = true;

  if (isLoading) return <PageLoader label={AUTHENTICATING_TEXT} />;
  if (!isAuthenticated || !user) {
    // Someone who logs out on this page chose to leave it: the next sign-in starts afresh. A visitor
    // arriving signed out, or a session that expired here, comes back to this page after signing in.
    const remember = !(wasAuthenticated.current && loggedOut);
    return <RedirectHome from={location} remember={remember} />;
  }

  const allowed = roles === undefined ? [] : Array.isArray(roles) ? roles : [roles];
  if (allowed.length > 0 && !allowed.includes(user.role)) return <AccessDenied roles={allowed} />;

  return children;
}

import { Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { useUnreadMessagesCount } from '@/features/admin-messages/api/get-messages';
import { useAuthConfig } from '@/features/auth/api/get-auth-config';
import { AUTHENTICATING_TEXT } from '@/features/auth/components/protected-route';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { DashboardShell } from '@/features/dashboard/components/dashboard-shell';

/** /dashboard/*: rendered inside the route guard, so a user is normally present. */
export function DashboardLayout() {
  const { user } = useAuth();
  const { data: authConfig } = useAuthConfig();
  const logout = useLogout();
  // The sidebar's count next to 'Messages' (Admins only; anyone else would be refused).
  const unread = useUnreadMessagesCount(user?.role === 'Admin');

  if (!user) return <PageLoader label={AUTHENTICATING_TEXT} />;

  return (
    <DashboardShell
      user={user}
      localMode={authConfig?.mode === 'local'}
      onSignOut={() => void logout()}
      messagesUnread={unread.data}
    >
      <Outlet />
    </DashboardShell>
  );
}

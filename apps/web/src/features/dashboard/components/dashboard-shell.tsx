import type { User } from '@sheetforms/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Drawer, DrawerContent } from '@/components/ui/drawer';
import { ChatIcon, FormIcon, MailIcon, MenuIcon, ProfileIcon, SignOutIcon } from '@/components/ui/icons';
import { LocalModeBadge } from '@/components/ui/local-mode-badge';
import { Logo } from '@/components/ui/logo';

export interface DashboardShellProps {
  user: User;
  localMode: boolean;
  onSignOut: () => void;
  /** Unread contact messages, shown next to 'Messages' (Admins only). */
  messagesUnread?: number | undefined;
  children: ReactNode;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

/** Tailwind's md breakpoint, from which the sidebar is always shown. */
const WIDE_SCREEN = '(min-width: 48rem)';

function sidebarLinkClasses({ isActive }: { isActive: boolean }): string {
  return [
    'flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm transition-colors',
    focusRing,
    isActive ? 'bg-emerald-50 text-emerald-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  ].join(' ');
}

/**
 * The dashboard frame (spec 000 section 2): a sidebar with Forms, Chat (Admin only), the user's name and
 * role and a sign-out button. Below md the same sidebar slides out over the page as a menu: the kit's
 * Drawer from the left edge, which keeps focus inside, closes on Escape and on the overlay, and gives
 * focus back to the menu button.
 */
export function DashboardShell({
  user,
  localMode,
  onSignOut,
  messagesUnread,
  children,
}: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Following a link closes the menu, also when the link is the page already shown (no path change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  // The menu is the phone's: a window widened past md shows the sidebar itself, so the menu closes.
  useEffect(() => {
    if (!menuOpen || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE_SCREEN);
    const close = () => {
      if (wide.matches) setMenuOpen(false);
    };
    close();
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside
        aria-label="Dashboard"
        className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-slate-200 border-r bg-white md:flex"
      >
        <div className="border-slate-200 border-b px-4 py-4">
          <HomeLink />
        </div>
        <SidebarContent
          user={user}
          onSignOut={onSignOut}
          onNavigate={closeMenu}
          messagesUnread={messagesUnread}
        />
      </aside>

      <Drawer open={menuOpen} onOpenChange={setMenuOpen}>
        <DrawerContent
          id="dashboard-sidebar"
          side="left"
          title={<HomeLink />}
          closeLabel="Close menu"
          // Back to the menu button however the menu closed (Safari does not focus a clicked button).
          onCloseAutoFocus={(event) => {
            if (!toggleRef.current) return;
            event.preventDefault();
            toggleRef.current.focus();
          }}
        >
          <aside aria-label="Dashboard" className="flex min-h-0 flex-1 flex-col overflow-y-auto">
            <SidebarContent
              user={user}
              onSignOut={onSignOut}
              onNavigate={closeMenu}
              messagesUnread={messagesUnread}
            />
          </aside>
        </DrawerContent>
      </Drawer>

      <div className="flex min-w-0 flex-1 flex-col">
        <header
          // On wide screens the sidebar carries the menu, so the bar is only needed for the Local mode badge.
          className={`sticky top-0 z-20 flex h-14 items-center gap-3 border-slate-200 border-b bg-white/90 px-4 backdrop-blur sm:px-6 ${
            localMode ? '' : 'md:hidden'
          }`}
        >
          <button
            ref={toggleRef}
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'dashboard-sidebar' : undefined}
            onClick={() => setMenuOpen(true)}
            className={`-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
          >
            <MenuIcon className="size-6" />
          </button>
          <span className="flex items-center gap-2 md:hidden">
            <Logo className="size-7" />
            <span className="font-bold text-slate-900">SheetForms</span>
          </span>
          <div className="ml-auto flex items-center gap-3">{localMode ? <LocalModeBadge /> : null}</div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function HomeLink() {
  return (
    <Link to="/" className={`flex items-center gap-2 rounded-lg ${focusRing}`}>
      <Logo className="size-8" />
      <span className="font-bold text-lg text-slate-900 tracking-tight">SheetForms</span>
    </Link>
  );
}

/** The sidebar's links, the user and Sign out: one copy for the wide sidebar and the phone's menu. */
function SidebarContent({
  user,
  onSignOut,
  onNavigate,
  messagesUnread,
}: {
  user: User;
  onSignOut: () => void;
  onNavigate: () => void;
  messagesUnread: number | undefined;
}) {
  const displayName = user.name || user.email;
  const unreadText = unreadBadgeText(messagesUnread);
  return (
    <>
      <nav aria-label="Dashboard navigation" className="flex-1 px-3 py-4">
        <ul className="space-y-1">
          <li>
            <NavLink to="/dashboard/forms" className={sidebarLinkClasses} onClick={onNavigate}>
              <FormIcon className="size-5" strokeWidth={1.8} />
              Forms
            </NavLink>
          </li>
          {user.role === 'Admin' ? (
            <li>
              <NavLink to="/dashboard/chat" className={sidebarLinkClasses} onClick={onNavigate}>
                <ChatIcon className="size-5" strokeWidth={1.8} />
                Chat
              </NavLink>
            </li>
          ) : null}
          {user.role === 'Admin' ? (
            <li>
              <NavLink
                to="/dashboard/messages"
                className={sidebarLinkClasses}
                onClick={onNavigate}
                aria-label={unreadText ? `Messages, ${unreadText} unread` : undefined}
              >
                <MailIcon className="size-5" strokeWidth={1.8} />
                Messages
                {unreadText ? (
                  <span
                    aria-hidden="true"
                    data-testid="messages-unread"
                    className="ml-auto rounded-full bg-emerald-700 px-2 py-0.5 font-semibold text-white text-xs"
                  >
                    {unreadText}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/dashboard/profile" className={sidebarLinkClasses} onClick={onNavigate}>
              <ProfileIcon className="size-5" strokeWidth={1.8} />
              Profile
            </NavLink>
          </li>
        </ul>
      </nav>

      <div className="border-slate-200 border-t p-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
          >
            {displayName.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p data-testid="user-name" className="truncate font-medium text-slate-900 text-sm">
              {displayName}
            </p>
            <p data-testid="user-role" className="text-slate-500 text-xs">
              {user.role}
            </p>
          </div>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          className={`mt-4 flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 font-semibold text-slate-700 text-sm hover:bg-slate-50 ${focusRing}`}
        >
          <SignOutIcon className="size-4" />
          Sign out
        </button>
      </div>
    </>
  );
}

/** The sidebar badge: nothing at 0, the count up to 99, then '99+'. */
export function unreadBadgeText(count: number | undefined): string | undefined {
  if (!count || count <= 0) return undefined;
  return count > 99 ? '99+' : String(count);
}

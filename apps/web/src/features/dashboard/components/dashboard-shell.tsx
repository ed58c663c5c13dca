import type { User } from '@sheetforms/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChatIcon, CloseIcon, FormIcon, MenuIcon, SignOutIcon } from '@/components/ui/icons';
import { LocalModeBadge } from '@/components/ui/local-mode-badge';
import { Logo } from '@/components/ui/logo';

export interface DashboardShellProps {
  user: User;
  localMode: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

function sidebarLinkClasses({ isActive }: { isActive: boolean }): string {
  return [
    'flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm transition-colors',
    focusRing,
    isActive ? 'bg-emerald-50 text-emerald-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  ].join(' ');
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dashboard frame (spec 000 section 2): a sidebar with Forms, Chat (Admin only), the user's name and
 * role and a sign-out button. Below md the same sidebar slides out over the page as a menu.
 */
export function DashboardShell({ user, localMode, onSignOut, children }: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  }, []);

  // Following a link closes the menu, also when the link is the page already shown (no path change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const sidebar = sidebarRef.current;
    sidebar?.querySelector<HTMLElement>(FOCUSABLE)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeMenu();
        return;
      }
      // Keep Tab inside the open menu.
      if (event.key !== 'Tab' || !sidebar) return;
      const focusable = Array.from(sidebar.querySelectorAll<HTMLElement>(FOCUSABLE));
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
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, closeMenu]);

  const displayName = user.name || user.email;

  return (
    <div className="flex min-h-screen bg-slate-50">
      {menuOpen ? (
        <div
          data-testid="sidebar-overlay"
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-900/40 md:hidden"
          onClick={closeMenu}
        />
      ) : null}

      <aside
        id="dashboard-sidebar"
        ref={sidebarRef}
        aria-label="Dashboard"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-slate-200 border-r bg-white duration-200 md:sticky md:top-0 md:h-screen md:translate-x-0 md:visible ${
          // Visibility switches at once on opening (so focus can move in) and after the slide on closing.
          menuOpen
            ? 'visible translate-x-0 shadow-2xl transition-transform'
            : 'invisible -translate-x-full transition-[transform,visibility]'
        }`}
      >
        <div className="flex items-center justify-between gap-2 border-slate-200 border-b px-4 py-4">
          <Link to="/" className={`flex items-center gap-2 rounded-lg ${focusRing}`}>
            <Logo className="size-8" />
            <span className="font-bold text-lg text-slate-900 tracking-tight">SheetForms</span>
          </Link>
          <button
            type="button"
            aria-label="Close menu"
            onClick={closeMenu}
            className={`rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 md:hidden ${focusRing}`}
          >
            <CloseIcon className="size-5" />
          </button>
        </div>

        <nav aria-label="Dashboard navigation" className="flex-1 px-3 py-4">
          <ul className="space-y-1">
            <li>
              <NavLink
                to="/dashboard/forms"
                className={sidebarLinkClasses}
                onClick={() => setMenuOpen(false)}
              >
                <FormIcon className="size-5" strokeWidth={1.8} />
                Forms
              </NavLink>
            </li>
            {user.role === 'Admin' ? (
              <li>
                <NavLink
                  to="/dashboard/chat"
                  className={sidebarLinkClasses}
                  onClick={() => setMenuOpen(false)}
                >
                  <ChatIcon className="size-5" strokeWidth={1.8} />
                  Chat
                </NavLink>
              </li>
            ) : null}
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
      </aside>

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
            aria-controls="dashboard-sidebar"
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

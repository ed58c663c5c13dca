import type { User } from '@sheetforms/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { GoogleMark } from '@/components/ui/google-mark';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { LocalModeBadge } from '@/components/ui/local-mode-badge';
import { Logo } from '@/components/ui/logo';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/chat-support', label: 'Chat Support' },
] as const;

export interface TopBarProps {
  /** The signed-in user, or null when signed out. */
  user: User | null;
  /** While the stored session is being checked, the account area stays empty instead of flickering. */
  isAuthLoading: boolean;
  localMode: boolean;
  onLogin: () => void;
  isSigningIn: boolean;
  onLogout: () => void;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

function navLinkClasses({ isActive }: { isActive: boolean }): string {
  return [
    'block rounded-lg px-3 py-2 font-medium text-sm transition-colors',
    focusRing,
    isActive ? 'bg-emerald-50 text-emerald-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  ].join(' ');
}

/** The navigation bar of the public pages (spec 000 section 2). */
export function TopBar({ user, isAuthLoading, localMode, onLogin, isSigningIn, onLogout }: TopBarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Following a link closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const displayName = user ? user.name || user.email : '';

  return (
    <header className="sticky top-0 z-30 border-slate-200 border-b bg-white/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 px-4 py-3 sm:px-6 lg:px-8"
      >
        <div className="flex items-center gap-3">
          <Link to="/" className={`flex items-center gap-2 rounded-lg ${focusRing}`}>
            <Logo className="size-9" />
            <span className="font-bold text-lg text-slate-900 tracking-tight">SheetForms</span>
          </Link>
          {localMode ? <LocalModeBadge /> : null}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className={`inline-flex items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">Main menu</span>
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>

        <div
          id="main-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-4 pt-3 pb-2 md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:justify-between md:p-0`}
        >
          <ul className="flex flex-col gap-1 md:mx-auto md:flex-row md:items-center">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>

          <div className="flex min-h-10 flex-col gap-3 border-slate-200 border-t pt-4 md:flex-row md:items-center md:border-0 md:pt-0">
            {isAuthLoading ? null : user ? (
              <>
                <span className="flex items-center gap-2 text-slate-700 text-sm">
                  <span
                    aria-hidden="true"
                    className="flex size-8 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
                  >
                    {displayName.charAt(0).toUpperCase()}
                  </span>
                  <span data-testid="nav-user-name" className="max-w-48 truncate font-medium">
                    {displayName}
                  </span>
                </span>
                <Link to="/dashboard/forms" className={buttonClasses('primary', 'md')}>
                  Dashboard
                </Link>
                <Button variant="secondary" onClick={onLogout}>
                  Logout
                </Button>
              </>
            ) : (
              <Button onClick={onLogin} isLoading={isSigningIn}>
                <GoogleMark className="size-4 rounded-full bg-white p-px" />
                Login with Google
              </Button>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { GoogleMark } from '@/components/ui/google-mark';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { LocalModeBadge } from '@/components/ui/local-mode-badge';
import { Logo } from '@/components/ui/logo';
import { DASHBOARD_PATH } from '@/features/auth/logic/sign-in-texts';
import type { StoredAccount } from './session';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/chat-support', label: 'Chat Support' },
] as const;

export interface TopBarProps {
  /** The signed-in account, or null when signed out (also on the server: the session lives in the browser). */
  account: StoredAccount | null;
  localMode: boolean;
  onLogin: () => void;
  isSigningIn: boolean;
  onLogout: () => void;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

function navLinkClasses({ isActive }: { isActive: boolean }): string {
  return [
    'block rounded-lg px-3 py-2.5 font-medium text-sm transition-colors md:py-2',
    focusRing,
    isActive ? 'bg-emerald-50 text-emerald-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  ].join(' ');
}

/**
 * The navigation bar of the public pages (spec 000 section 2). On wide screens it is three columns (brand,
 * links, account) so that the account area switching from 'Login with Google' to the signed-in controls
 * after hydration moves nothing else; on phones the links and the account area fold into a menu.
 */
export function TopBar({ account, localMode, onLogin, isSigningIn, onLogout }: TopBarProps) {
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

  const displayName = account ? account.name || account.email : '';

  return (
    <header className="sticky top-0 z-30 border-slate-200 border-b bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-3 sm:px-6 md:grid md:grid-cols-[1fr_auto_1fr] lg:px-8"
      >
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" className={`flex shrink-0 items-center gap-2 rounded-lg ${focusRing}`}>
            <Logo className="size-9" />
            <span className="font-bold text-lg text-slate-900 tracking-tight">SheetForms</span>
          </Link>
          {localMode ? <LocalModeBadge /> : null}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className={`inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">Main menu</span>
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>

        <div
          id="main-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} w-full flex-col gap-3 pt-3 pb-2 md:contents`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={navLinkClasses}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>

          <div className="flex min-h-10 min-w-0 flex-col gap-3 border-slate-200 border-t pt-4 md:flex-row md:items-center md:justify-end md:border-0 md:pt-0">
            {account ? (
              <>
                <span className="flex min-w-0 items-center gap-2 text-slate-700 text-sm">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
                  >
                    {displayName.charAt(0).toUpperCase()}
                  </span>
                  <span data-testid="nav-user-name" className="max-w-48 truncate font-medium">
                    {displayName}
                  </span>
                </span>
                {/* The dashboard is another app: a full page load. */}
                <a href={DASHBOARD_PATH} className={buttonClasses('primary', 'md')}>
                  Dashboard
                </a>
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

import { useEffect, useState } from 'react';
import { LoginPage } from './components/login-page';
import { PublicFormPage } from './components/public-form-page';
import { Toaster } from './components/toaster';
import { NAVIGATE_EVENT } from './lib/navigation';
import type { FormPageData } from './logic/page-data';

export interface PublicAppProps {
  /** The page the server rendered (path + query) and its inlined data; absent when the browser renders alone. */
  initial?: { location: string; data: FormPageData };
  /** Called once the tree is live in the browser (after hydration). */
  onMounted?: () => void;
}

/** The respondent app: /form-login or /form/{formId}, plus the toasts. */
export function PublicApp({ initial, onMounted }: PublicAppProps = {}) {
  const [location, setLocation] = useState(
    () => initial?.location ?? window.location.pathname + window.location.search,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the tree first mounts.
  useEffect(() => {
    const update = () => setLocation(window.location.pathname + window.location.search);
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATE_EVENT, update);
    // A child's mount effect may already have navigated (children's effects run before this one).
    update();
    onMounted?.();
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATE_EVENT, update);
    };
  }, []);
  const pathname = location.split('?', 1)[0] ?? '';
  const isLogin = pathname === '/form-login';
  // The server's data describes the page it rendered only, not one navigated to later.
  const data = initial && initial.location === location ? initial.data : undefined;
  return (
    <>
      {isLogin ? (
        <LoginPage key={location} />
      ) : (
        <PublicFormPage key={location} pathname={pathname} initial={data} />
      )}
      <Toaster />
    </>
  );
}

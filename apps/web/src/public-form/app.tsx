import { useEffect, useState } from 'react';
import { LoginPage } from './components/login-page';
import { PublicFormPage } from './components/public-form-page';
import { Toaster } from './components/toaster';
import { NAVIGATE_EVENT } from './lib/navigation';
import { toast } from './lib/toast';
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
    // Back and forward change the page without a word: what the last page said no longer applies. (A
    // navigation of the app's own says why it moved, e.g. 'Login successful!', and that toast stays.)
    const back = () => {
      toast.clear();
      update();
    };
    window.addEventListener('popstate', back);
    window.addEventListener(NAVIGATE_EVENT, update);
    // A child's mount effect may already have navigated (children's effects run before this one).
    update();
    onMounted?.();
    return () => {
      window.removeEventListener('popstate', back);
      window.removeEventListener(NAVIGATE_EVENT, update);
    };
  }, []);
  const pathname = location.split('?', 1)[0] ?? '';
  const isLogin = pathname === '/form-login';
  // The server's data describes the page it rendered only, not one navigated to later.
  const data = initial && initial.location === location ? initial.data : undefined;
  // The toast comes first: it sits in the flow above the card (see Toaster).
  return (
    <>
      <Toaster />
      {isLogin ? (
        <LoginPage key={location} />
      ) : (
        <PublicFormPage key={location} pathname={pathname} initial={data} />
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { LoginPage } from './components/login-page';
import { PublicFormPage } from './components/public-form-page';
import { Toaster } from './components/toaster';
import { NAVIGATE_EVENT } from './lib/navigation';

/** The respondent app: /form-login or /form/{formId}, plus the toasts. */
export function PublicApp() {
  const [location, setLocation] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    const update = () => setLocation(window.location.pathname + window.location.search);
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATE_EVENT, update);
    // A child's mount effect may already have navigated (children's effects run before this one).
    update();
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATE_EVENT, update);
    };
  }, []);
  const isLogin = window.location.pathname === '/form-login';
  return (
    <>
      {isLogin ? <LoginPage key={location} /> : <PublicFormPage key={location} />}
      <Toaster />
    </>
  );
}

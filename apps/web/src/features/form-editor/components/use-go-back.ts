import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { FORMS_DASHBOARD_PATH } from '../logic/messages';

/**
 * Back returns to the previous page (navigate(-1)); when the editor was opened in a fresh tab there is
 * none inside the app, so it opens the forms dashboard instead.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
    if (typeof idx === 'number' && idx > 0) void navigate(-1);
    else void navigate(FORMS_DASHBOARD_PATH);
  }, [navigate]);
}

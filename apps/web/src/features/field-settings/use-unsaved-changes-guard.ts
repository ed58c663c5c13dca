import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

export const UNSAVED_CHANGES_TEXT = {
  title: 'Leave without saving?',
  body: 'Your changes to this form will be lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

export interface UnsavedChangesGuard {
  /** A navigation inside the app is waiting for the owner's answer. */
  isAsking: boolean;
  /** Cancels the waiting navigation. */
  stay: () => void;
  /** Lets the waiting navigation go on. */
  leave: () => void;
  /**
   * Lets every navigation through from now on, without asking: call it when the changes were saved,
   * just before navigating away (the navigation may run before `dirty` is re-rendered as false).
   */
  allowLeaving: () => void;
}

/**
 * Asks before the owner leaves a page with unsaved changes: a navigation inside the app waits for
 * Stay or Leave (show UnsavedChangesDialog), and closing or reloading the tab gets the browser's own
 * question. Moves within the same path (a query or hash change) are never held.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  const allowed = useRef(false);
  dirtyRef.current = dirty;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    isAsking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}

import type { FormListItem } from '@sheetforms/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkSheetAccess } from '../api/check-sheet-access';
import { needsRecheckAfterSave, type SheetSettings, trimSheetSettings } from '../logic/sheet-settings';
import { isSheetConfigured, type SheetCheckState, serviceAccountEmailFrom } from '../logic/sheet-status';

/** Spec 000 section 9: the recheck after a successful sheet-settings save waits 500 ms. */
export const RECHECK_AFTER_SAVE_MS = 500;

/**
 * The Sheet Status column's checks (spec 000 section 4): every form with a URL and a sheet name is checked
 * once after the list loads (and forms that appear later, once each); Recheck repeats a check; a save
 * schedules one 500 ms later. A newer check of a row discards the answer of an older one.
 */
export function useSheetChecks(forms: FormListItem[] | undefined) {
  const [checks, setChecks] = useState<Record<string, SheetCheckState>>({});
  const seen = useRef(new Set<string>());
  const runs = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const mounted = useRef(true);

  const nextRun = useCallback((formId: string): number => {
    const run = (runs.current.get(formId) ?? 0) + 1;
    runs.current.set(formId, run);
    const timer = timers.current.get(formId);
    if (timer !== undefined) {
      clearTimeout(timer);
      timers.current.delete(formId);
    }
    return run;
  }, []);

  const runCheck = useCallback(
    async (formId: string, settings: SheetSettings) => {
      const run = nextRun(formId);
      setChecks((current) => ({ ...current, [formId]: { phase: 'checking' } }));
      const result = await checkSheetAccess(trimSheetSettings(settings));
      if (!mounted.current || runs.current.get(formId) !== run) return;
      setChecks((current) => ({ ...current, [formId]: { phase: 'done', result } }));
    },
    [nextRun],
  );

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    return () => {
      mounted.current = false;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    if (!forms) return;
    for (const form of forms) {
      if (seen.current.has(form.formId)) continue;
      seen.current.add(form.formId);
      if (isSheetConfigured(form)) void runCheck(form.formId, form);
    }
  }, [forms, runCheck]);

  /** Recheck: repeats the check now. */
  const recheck = useCallback(
    (formId: string, settings: SheetSettings) => {
      if (isSheetConfigured(settings)) void runCheck(formId, settings);
    },
    [runCheck],
  );

  /** After a successful save: forget the old result, and check the saved settings 500 ms later. */
  const recheckAfterSave = useCallback(
    (formId: string, settings: SheetSettings) => {
      nextRun(formId);
      setChecks((current) => {
        const { [formId]: _dropped, ...rest } = current;
        return rest;
      });
      if (!needsRecheckAfterSave(settings)) return;
      timers.current.set(
        formId,
        setTimeout(() => {
          timers.current.delete(formId);
          void runCheck(formId, settings);
        }, RECHECK_AFTER_SAVE_MS),
      );
    },
    [nextRun, runCheck],
  );

  /** The service account to share with, when a PERMISSION_DENIED answer named one. */
  const serviceAccountEmail = useMemo(() => {
    for (const check of Object.values(checks)) {
      if (check.phase !== 'done' || check.result.error !== 'PERMISSION_DENIED') continue;
      const email = serviceAccountEmailFrom(check.result.message);
      if (email) return email;
    }
    return undefined;
  }, [checks]);

  return { checks, recheck, recheckAfterSave, serviceAccountEmail };
}

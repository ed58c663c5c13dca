import type { FormListItem, SheetAccess } from '@sheetforms/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkSheetAccess } from '../api/check-sheet-access';
import { checkSheetAccessBatch } from '../api/check-sheet-access-batch';
import { needsRecheckAfterSave, type SheetSettings, trimSheetSettings } from '../logic/sheet-settings';
import {
  checkFailedResult,
  isRetryable,
  isSheetConfigured,
  retryDelayMs,
  type SheetCheckState,
  serviceAccountEmailFrom,
} from '../logic/sheet-status';

/** Spec 000 section 9: the recheck after a successful sheet-settings save waits 500 ms. */
export const RECHECK_AFTER_SAVE_MS = 500;

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * The Sheet Status column's checks (spec 000 section 4): every form with a URL and a sheet name is checked
 * once after the list loads, all in one call (and forms that appear later, once each); Recheck repeats a
 * check; a save schedules one 500 ms later. A newer check of a row discards the answer of an older one.
 * Checks Google (or the server) was too busy for are made again by themselves, 30 s later and then less
 * and less often, while the page is visible (issue 22: reloading the list used to spend the quota).
 */
export function useSheetChecks(forms: FormListItem[] | undefined) {
  const [checks, setChecks] = useState<Record<string, SheetCheckState>>({});
  const [visible, setVisible] = useState(pageVisible);
  // Counts finished batches: a retry that answers 'retrying' again leaves the retrying rows as they were,
  // and must still schedule the next retry.
  const [batchesDone, setBatchesDone] = useState(0);
  const seen = useRef(new Set<string>());
  const runs = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const retryAttempt = useRef(0);
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

  /** Many rows in one call; the server reads each form's own settings. */
  const runBatch = useCallback(
    async (formIds: string[]) => {
      if (formIds.length === 0) return;
      const started = new Map(formIds.map((formId) => [formId, nextRun(formId)]));
      setChecks((current) => {
        const next = { ...current };
        for (const formId of formIds) next[formId] = { phase: 'checking' };
        return next;
      });
      const results = await checkSheetAccessBatch(formIds);
      if (!mounted.current) return;
      const answered: Record<string, SheetCheckState> = {};
      for (const formId of formIds) {
        if (runs.current.get(formId) !== started.get(formId)) continue;
        // Left unchecked: the list is older than the form (deleted, or its settings cleared meanwhile).
        const result: SheetAccess = results[formId] ?? checkFailedResult();
        answered[formId] = { phase: 'done', result };
      }
      if (!Object.values(answered).some((check) => check.phase === 'done' && isRetryable(check.result))) {
        retryAttempt.current = 0;
      }
      setChecks((current) => ({ ...current, ...answered }));
      setBatchesDone((count) => count + 1);
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
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!forms) return;
    const unseen: string[] = [];
    for (const form of forms) {
      if (seen.current.has(form.formId)) continue;
      seen.current.add(form.formId);
      if (isSheetConfigured(form)) unseen.push(form.formId);
    }
    void runBatch(unseen);
  }, [forms, runBatch]);

  // The rows whose last check Google (or the server) was too busy for, as one stable key.
  const retryingKey = useMemo(() => {
    if (!forms) return '';
    return forms
      .filter((form) => {
        const check = checks[form.formId];
        return isSheetConfigured(form) && check?.phase === 'done' && isRetryable(check.result);
      })
      .map((form) => form.formId)
      .join('\n');
  }, [forms, checks]);

  useEffect(() => {
    if (retryingKey === '' || !visible || batchesDone < 0) return;
    const timer = setTimeout(() => {
      retryAttempt.current += 1;
      void runBatch(retryingKey.split('\n'));
    }, retryDelayMs(retryAttempt.current));
    return () => clearTimeout(timer);
  }, [retryingKey, visible, batchesDone, runBatch]);

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

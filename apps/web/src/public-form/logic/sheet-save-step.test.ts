import { describe, expect, it } from 'vitest';
import { createSheetSaveStep, SHEET_SAVE_MESSAGES, type SyncState } from './sheet-save-step';

function recorder() {
  const messages: string[] = [];
  const notify = {
    info: (m: string) => messages.push(`info:${m}`),
    success: (m: string) => messages.push(`success:${m}`),
    warning: (m: string) => messages.push(`warning:${m}`),
    error: (m: string) => messages.push(`error:${m}`),
  };
  return { messages, notify };
}

const context = (notify: ReturnType<typeof recorder>['notify']) => ({
  formId: 'f',
  formName: 'Form',
  response: {},
  receipt: { responseId: 'r1', syncState: 'pending' as const },
  notify,
});

function stepWith(states: (SyncState | undefined | Error)[]) {
  let calls = 0;
  const step = createSheetSaveStep({
    readState: async () => {
      const next = states[Math.min(calls++, states.length - 1)];
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async () => {},
    waitMs: 1000,
    pollMs: 100,
  });
  return { step, calls: () => calls };
}

describe('the Saving to Google Sheets step', () => {
  it('says saving, then saved once the response is synced', async () => {
    const { messages, notify } = recorder();
    const { step, calls } = stepWith(['pending', 'claimed', 'synced']);
    await step(context(notify));
    expect(messages).toEqual([`info:${SHEET_SAVE_MESSAGES.saving}`, `success:${SHEET_SAVE_MESSAGES.saved}`]);
    expect(calls()).toBe(3);
  });

  it('warns at once when the sync failed', async () => {
    const { messages, notify } = recorder();
    const { step, calls } = stepWith(['failed']);
    await step(context(notify));
    expect(messages.at(-1)).toBe(`warning:${SHEET_SAVE_MESSAGES.notSaved}`);
    expect(calls()).toBe(1);
  });

  it('warns when the row has not landed in time, and survives failed status calls', async () => {
    const { messages, notify } = recorder();
    const { step, calls } = stepWith([new Error('network'), 'pending']);
    await step(context(notify));
    expect(messages).toEqual([
      `info:${SHEET_SAVE_MESSAGES.saving}`,
      `warning:${SHEET_SAVE_MESSAGES.notSaved}`,
    ]);
    expect(calls()).toBe(10);
  });
});

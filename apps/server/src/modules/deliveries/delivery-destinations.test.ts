import type { FormSettings } from '@sheetforms/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { formHasDestinations } from '../forms/delivery-destinations.js';
import { settingsForStorage } from '../forms/form-settings.js';
import type { DeliveriesRepository, PlannedDelivery, ResponseToPlan } from './deliveries.repository.js';
import { createDeliveriesWorker } from './deliveries.worker.js';

/**
 * A submission is stored with nothing to plan when formHasDestinations says so, so the planner never sees
 * it: that is only right if the planner would have planned nothing for it. Every combination of what the
 * planner reads (owner mail and its digest, the receipt, webhooks, mail configured) is planned by the real
 * worker, and wherever the predicate answers false, nothing may be planned.
 */
const FIELDS = JSON.stringify([
  { id: 'email', label: 'Email', type: 'email', required: false, placeHolder: '', isRemoved: false },
]);

async function plannedFor(settings: FormSettings, webhookIds: string[], mail: boolean, answer: string) {
  const item: ResponseToPlan = {
    responseId: 'r1',
    formRowId: 'f1',
    createdAt: '2026-11-29T10:00:00.000Z',
    answersJson: JSON.stringify({ Email: answer }),
    fieldsJson: FIELDS,
    settingsJson: JSON.stringify(settings),
    webhookIds,
  };
  let pending = [item];
  const planned: PlannedDelivery[] = [];
  const repository = {
    responsesToPlan: async () => pending.splice(0),
    plan: async (_ids: readonly string[], deliveries: readonly PlannedDelivery[]) => {
      planned.push(...deliveries);
    },
    claim: async () => [],
    contexts: async () => [],
  } as unknown as DeliveriesRepository;
  const worker = createDeliveriesWorker({
    repository,
    disableWebhook: async () => {},
    mail: mail ? { logOnly: true } : undefined,
    publicUrl: 'http://forms.example.test',
    log: pino({ level: 'silent' }),
    allowPrivateWebhooks: true,
    pollMs: 1000,
  });
  await worker.runOnce();
  pending = [];
  return planned;
}

describe('formHasDestinations', () => {
  it('answers false only where the planner plans nothing', async () => {
    let falseCases = 0;
    for (const notifyOwner of [0, 1] as const)
      for (const ownerDigest of ['instant', 'hourly', 'daily'] as const)
        for (const receipt of [undefined, false, true])
          for (const webhookIds of [[], ['w1']])
            for (const mail of [false, true])
              for (const answer of ['ada@example.com', '']) {
                const settings = settingsForStorage({
                  notifyOwner,
                  ownerDigest,
                  ...(receipt === undefined
                    ? {}
                    : { respondentReceipt: { enabled: receipt, emailFieldId: 'email' } }),
                });
                const planned = await plannedFor(settings, webhookIds, mail, answer);
                const predicted = formHasDestinations(settings, webhookIds.length, mail);
                const label = JSON.stringify({ notifyOwner, ownerDigest, receipt, webhookIds, mail, answer });
                if (!predicted) {
                  falseCases++;
                  expect(planned, label).toEqual([]);
                }
                // Cautious, never wrong the other way: only a receipt without an address plans nothing.
                if (predicted && planned.length === 0) expect(receipt && answer === '', label).toBe(true);
              }
    expect(falseCases).toBeGreaterThan(0);
  });

  it('is true for any enabled webhook, and for owner mail or receipts only where mail is configured', () => {
    const quiet = settingsForStorage({ notifyOwner: 0 });
    const notify = settingsForStorage({ notifyOwner: 1 });
    const receipt = settingsForStorage({
      notifyOwner: 0,
      respondentReceipt: { enabled: true, emailFieldId: 'email' },
    });
    expect(formHasDestinations(quiet, 0, true)).toBe(false);
    expect(formHasDestinations(quiet, 1, false)).toBe(true);
    expect(formHasDestinations(notify, 0, true)).toBe(true);
    expect(formHasDestinations(notify, 0, false)).toBe(false);
    expect(formHasDestinations(receipt, 0, true)).toBe(true);
    expect(formHasDestinations(receipt, 0, false)).toBe(false);
  });
});

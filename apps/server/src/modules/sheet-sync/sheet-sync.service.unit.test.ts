import { describe, expect, it } from 'vitest';
import type { FormStateCount } from './sheet-sync.repository.js';
import { createSheetSyncService, type SheetSyncServiceRepository } from './sheet-sync.service.js';

describe('sheet sync service', () => {
  it('asks the repository for the owner’s own data only, and sums states per form', async () => {
    const asked: string[] = [];
    const counts: Record<string, FormStateCount[]> = {
      owner: [
        { formId: 'a', state: 'pending', count: 2 },
        { formId: 'a', state: 'claimed', count: 1 },
        { formId: 'a', state: 'failed', count: 4 },
        { formId: 'b', state: 'failed', count: 1 },
      ],
    };
    const repository: SheetSyncServiceRepository = {
      async requeueFailedOfOwnedForm(ownerId, formId) {
        asked.push(`requeue ${ownerId} ${formId}`);
        return ownerId === 'owner' ? 3 : undefined;
      },
      async requeueFailedResponseOfOwnedForm(ownerId, formId, responseId) {
        asked.push(`requeue ${ownerId} ${formId} ${responseId}`);
        return { formFound: true, requeued: true };
      },
      async unsyncedCountsOfOwner(ownerId) {
        asked.push(`counts ${ownerId}`);
        return counts[ownerId] ?? [];
      },
      async syncStateOf(responseId) {
        asked.push(`state ${responseId}`);
        return 'pending';
      },
    };
    const service = createSheetSyncService(repository);
    expect(await service.syncCountsForForms('owner')).toEqual({
      a: { pending: 3, failed: 4 },
      b: { pending: 0, failed: 1 },
    });
    expect(await service.syncCountsForForms('other')).toEqual({});
    expect(await service.retryFailedForForm('other', 'a')).toBeUndefined();
    expect(await service.retryFailedForForm('owner', 'a')).toBe(3);
    expect(await service.responseSyncState('r1')).toBe('pending');
    expect(asked).toEqual(['counts owner', 'counts other', 'requeue other a', 'requeue owner a', 'state r1']);
  });
});

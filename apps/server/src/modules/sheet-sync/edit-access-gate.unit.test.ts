import { describe, expect, it } from 'vitest';
import type { ClaimedForm, ClaimedResponse, SheetBatch } from './batch.js';
import { type EditAccessDecision, gateEditAccess } from './edit-access-gate.js';

const SHEET = 'S';

function form(id: string, ownerId: string, provenFor: string | null): ClaimedForm {
  return {
    id,
    formId: id,
    ownerId,
    spreadsheetId: SHEET,
    sheetName: 'Data',
    sheetId: null,
    syncPausedReason: null,
    editAccessProvenFor: provenFor,
    fieldsJson: '[]',
    settingsJson: '{}',
  };
}

function batchOf(forms: ClaimedForm[]): SheetBatch {
  const responses: ClaimedResponse[] = forms.map((f) => ({
    id: `r-${f.id}`,
    formRowId: f.id,
    answersJson: '{}',
    signatureUrl: null,
    respondentEmail: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    attempts: 0,
    dedupeRequired: false,
    form: f,
  }));
  return { spreadsheetId: SHEET, sheetName: 'Data', sheetId: null, responses, forms };
}

function gateWith(decisions: Record<string, EditAccessDecision>) {
  const asked: string[] = [];
  const recorded: string[][] = [];
  const deps = {
    async decide(ownerId: string) {
      asked.push(ownerId);
      const decision = decisions[ownerId];
      if (!decision) throw new Error(`no decision for ${ownerId}`);
      return decision;
    },
    async recordProven(formRowIds: readonly string[]) {
      recorded.push([...formRowIds]);
    },
  };
  return { asked, recorded, run: (batch: SheetBatch) => gateEditAccess(batch, deps) };
}

describe('gateEditAccess', () => {
  it('asks nothing for forms whose owner proved edit access to this spreadsheet', async () => {
    const { asked, run } = gateWith({});
    const batch = batchOf([form('a', 'ada', SHEET)]);
    expect(await run(batch)).toEqual({ allowed: batch, held: [], unshared: [] });
    expect(asked).toEqual([]);
  });

  it('asks once per owner, records a proof, and holds back only the forms whose owner cannot edit', async () => {
    const { asked, recorded, run } = gateWith({
      ada: { kind: 'granted' },
      bob: { kind: 'denied', ownerEmail: 'bob@example.com', canView: true },
      cy: { kind: 'denied', ownerEmail: 'cy@example.com', canView: false },
      dee: { kind: 'unreachable', ownerEmail: 'dee@example.com' },
    });
    const outcome = await run(
      batchOf([
        form('a1', 'ada', null),
        form('a2', 'ada', 'another spreadsheet'),
        form('b', 'bob', null),
        form('c', 'cy', null),
        form('d', 'dee', null),
      ]),
    );
    expect(asked).toEqual(['ada', 'bob', 'cy', 'dee']);
    expect(recorded).toEqual([['a1', 'a2']]);
    expect(outcome.allowed.forms.map((f) => f.id)).toEqual(['a1', 'a2']);
    expect(outcome.allowed.responses.map((r) => r.id)).toEqual(['r-a1', 'r-a2']);
    expect(outcome.held).toEqual([
      {
        reason:
          'bob@example.com can only view this spreadsheet, so SheetForms writes nothing into it. Ask its owner for edit access (Share > Editor); waiting responses are written once it is given. If you can edit it through a Google group, your organization or a shared drive, choose Verify with Google under the form’s Sheet Status on Manage Forms to prove it.',
        responseIds: ['r-b'],
      },
      {
        reason:
          'cy@example.com does not have edit access to this spreadsheet, so SheetForms writes nothing into it. Ask its owner to share it with cy@example.com as Editor; waiting responses are written once it is. If you can edit it through a Google group, your organization or a shared drive, choose Verify with Google under the form’s Sheet Status on Manage Forms to prove it.',
        responseIds: ['r-c'],
      },
    ]);
    expect(outcome.unshared).toEqual(['r-d']);
  });

  it('lets a failed check throw, so the batch is retried and nothing is written', async () => {
    const { run } = gateWith({});
    await expect(run(batchOf([form('x', 'nobody', null)]))).rejects.toThrow('no decision');
  });
});

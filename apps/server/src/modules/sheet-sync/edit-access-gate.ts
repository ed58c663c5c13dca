import type { ClaimedForm, SheetBatch } from './batch.js';

/**
 * What the owner-access check (sheets module) decided for a form's owner and its spreadsheet, asked
 * fresh: they can edit it, they cannot (canView: they may open it), or the service account cannot open
 * it at all.
 */
export type EditAccessDecision =
  | { kind: 'granted' }
  | { kind: 'denied'; ownerEmail: string | undefined; canView: boolean }
  | { kind: 'unreachable'; ownerEmail: string | undefined };

export interface EditAccessGateDeps {
  /** The owner-access check, never from its cache: access may have changed since the binding. */
  decide(ownerId: string, spreadsheetId: string): Promise<EditAccessDecision>;
  /** Records on the forms that their owner's edit access to this spreadsheet is proven. */
  recordProven(formRowIds: readonly string[], spreadsheetId: string): Promise<void>;
}

export interface GateOutcome {
  /** The batch with only the forms (and their responses) that may be written now. */
  allowed: SheetBatch;
  /** Forms whose owner's edit access is not shown: their responses wait, with this reason. */
  held: Array<{ reason: string; responseIds: string[] }>;
  /**
   * Responses of forms whose spreadsheet the service account cannot open at all: they fail as a write
   * refused for sharing would, and the owner's Retry after sharing it runs the check again.
   */
  unshared: string[];
}

/**
 * Before the first write to a binding whose owner's edit access has not been proven (every new binding
 * but one made on the owner's own Google token, so access taken away since the binding is noticed; one
 * the service account could not open then; one made before edit access was required), the owner-access
 * check runs once per owner of the batch (decision 0022). A proof is recorded on the forms, so later
 * batches skip the check; a form that fails it is held back and nothing of it is written. A Google
 * failure of the check throws: the caller retries the batch as for any other read.
 */
export async function gateEditAccess(batch: SheetBatch, deps: EditAccessGateDeps): Promise<GateOutcome> {
  const unproven = batch.forms.filter((form) => form.editAccessProvenFor !== batch.spreadsheetId);
  if (unproven.length === 0) return { allowed: batch, held: [], unshared: [] };
  const byOwner = new Map<string, ClaimedForm[]>();
  for (const form of unproven) byOwner.set(form.ownerId, [...(byOwner.get(form.ownerId) ?? []), form]);

  const heldForms = new Map<string, string>();
  for (const [ownerId, forms] of byOwner) {
    const decision = await deps.decide(ownerId, batch.spreadsheetId);
    if (decision.kind === 'granted') {
      await deps.recordProven(
        forms.map((form) => form.id),
        batch.spreadsheetId,
      );
      continue;
    }
    const reason = decision.kind === 'unreachable' ? UNSHARED : heldReason(decision);
    for (const form of forms) heldForms.set(form.id, reason);
  }
  if (heldForms.size === 0) return { allowed: batch, held: [], unshared: [] };

  const held = new Map<string, string[]>();
  const unshared: string[] = [];
  for (const response of batch.responses) {
    const reason = heldForms.get(response.form.id);
    if (reason === UNSHARED) unshared.push(response.id);
    else if (reason !== undefined) held.set(reason, [...(held.get(reason) ?? []), response.id]);
  }
  return {
    allowed: {
      ...batch,
      responses: batch.responses.filter((response) => !heldForms.has(response.form.id)),
      forms: batch.forms.filter((form) => !heldForms.has(form.id)),
    },
    held: [...held].map(([reason, responseIds]) => ({ reason, responseIds })),
    unshared,
  };
}

/** Marks forms whose spreadsheet the service account cannot open (not a reason shown to anyone). */
const UNSHARED = '\u0000unshared';

/**
 * An owner who edits the spreadsheet only through a Google group, a Workspace domain or a shared drive
 * can show it with their own Google token alone, which the sync never has: Verify with Google beside the
 * form's Sheet Status sends it once, and the proof is remembered (decision 0044).
 */
const OWN_TOKEN_WAY_OUT =
  'If you can edit it through a Google group, your organization or a shared drive, choose Verify with Google under the form’s Sheet Status on Manage Forms to prove it.';

/** Why nothing is written, and what the owner does about it; the responses go out once it is done. */
function heldReason(decision: Extract<EditAccessDecision, { kind: 'denied' }>): string {
  const who = decision.ownerEmail ?? 'The form owner’s Google account';
  return decision.canView
    ? `${who} can only view this spreadsheet, so SheetForms writes nothing into it. Ask its owner for edit access (Share > Editor); waiting responses are written once it is given. ${OWN_TOKEN_WAY_OUT}`
    : `${who} does not have edit access to this spreadsheet, so SheetForms writes nothing into it. Ask its owner to share it with ${who} as Editor; waiting responses are written once it is. ${OWN_TOKEN_WAY_OUT}`;
}

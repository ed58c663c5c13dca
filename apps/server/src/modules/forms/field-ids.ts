import { type FormField, newFieldId } from '@sheetforms/contract';

/** A field as stored and read back: it always has its id. */
export type StoredField = FormField & { id: string };

/**
 * The id a field stored without one reads with: from its position, so every read of the same row gives
 * the same id (migration 0016 gave every stored field a real one; this only keeps an older row readable).
 * 'field-{n}' never collides with newFieldId()'s 'f' and ten base-36 characters.
 */
export function positionalFieldId(index: number): string {
  return `field-${index + 1}`;
}

/** Fields read from storage, each with an id: its own, or its position's when it has none (or a taken one). */
export function withStoredIds(fields: readonly FormField[]): StoredField[] {
  const taken = new Set(fields.map((field) => field.id).filter((id) => id !== undefined));
  const seen = new Set<string>();
  return fields.map((field, index) => {
    if (field.id !== undefined && !seen.has(field.id)) {
      seen.add(field.id);
      return { ...field, id: field.id };
    }
    let id = positionalFieldId(index);
    for (let n = 2; taken.has(id) || seen.has(id); n++) id = `${positionalFieldId(index)}-${n}`;
    seen.add(id);
    return { ...field, id };
  });
}

/**
 * The ids of fields the owner saves (POST and PUT /forms): an id sent is kept (the editor sends them, so
 * renames and reorders keep them). A field sent without one takes the id of the stored field with its
 * label, when no other field sent claims it (an older client that sends no ids keeps them too), and
 * otherwise a new one. The contract has already refused two fields with one id.
 */
export function assignFieldIds(
  sent: readonly FormField[],
  stored: readonly StoredField[] = [],
  newId: () => string = newFieldId,
): StoredField[] {
  const claimed = new Set(sent.map((field) => field.id).filter((id) => id !== undefined));
  const storedByLabel = new Map(stored.map((field) => [field.label, field.id]));
  return sent.map((field) => {
    if (field.id !== undefined) return { ...field, id: field.id };
    const kept = storedByLabel.get(field.label);
    if (kept !== undefined && !claimed.has(kept)) {
      claimed.add(kept);
      return { ...field, id: kept };
    }
    let id = newId();
    while (claimed.has(id)) id = newId();
    claimed.add(id);
    return { ...field, id };
  });
}

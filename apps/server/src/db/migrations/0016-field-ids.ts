import { FIELD_ID_PATTERN, newFieldId } from '@sheetforms/contract';
import type { Kysely } from 'kysely';

/**
 * Every field of every form gets a stable id (issue 21): answers may be keyed by it, and the editor keeps
 * it across renames and reorders. Fields that already have an id the forms module can read (FIELD_ID_PATTERN)
 * keep it; any other id is replaced, since reading it back would fail. A row whose fields_json is not a
 * JSON array is left as it is (the forms module reads a field without an id by its position). Forms are
 * read and written a page at a time, in id order, so a large table never sits in memory at once.
 */
const PAGE = 500;

/** The fields with an id each, or undefined when nothing changes (or the text is not a field list). */
export function fieldsWithIds(text: string, newId: () => string = newFieldId): string | undefined {
  let fields: unknown;
  try {
    fields = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields)) return undefined;
  const isField = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' && item !== null && !Array.isArray(item);
  const readable = (id: unknown): id is string => typeof id === 'string' && FIELD_ID_PATTERN.test(id);
  const taken = new Set(
    fields
      .filter(isField)
      .map((field) => field.id)
      .filter(readable),
  );
  let changed = false;
  const seen = new Set<unknown>();
  const next = fields.map((field) => {
    if (!isField(field)) return field;
    if (readable(field.id) && !seen.has(field.id)) {
      seen.add(field.id);
      return field;
    }
    let id = newId();
    while (taken.has(id) || seen.has(id)) id = newId();
    seen.add(id);
    changed = true;
    return { ...field, id };
  });
  return changed ? JSON.stringify(next) : undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; fields_json: string }> = await db
      .selectFrom('forms')
      .select(['id', 'fields_json'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const fields = fieldsWithIds(row.fields_json);
      if (fields !== undefined)
        await db.updateTable('forms').set({ fields_json: fields }).where('id', '=', row.id).execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

/** Ids are harmless to builds before them (the contract then ignored unknown keys): nothing to undo. */
export async function down(): Promise<void> {}

import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { type Cell, type Rows, trimRow } from './cells.js';

/**
 * A sheet's cells on disk: one NDJSON file per sheet, so an append writes a few lines instead of
 * rewriting the whole sheet (the seeded sheet has 100,000 rows). Each line is either
 * - a JSON array: a row added at the end; or
 * - `{"op":"replace","at":r,"rows":[…]}`: rows r… replaced by these (padding with empty rows); or
 * - `{"op":"insert","at":r,"rows":[…]}`: rows inserted before row r, shifting the rest down.
 * Replaying the lines in order gives the sheet. Writes are appended and fsync'd; a torn last line (a crash
 * mid-write) is ignored on load. When edits pile up the file is compacted by an atomic rewrite.
 */
export type RowOp =
  | { op: 'push'; rows: Rows }
  | { op: 'replace'; at: number; rows: Rows }
  | { op: 'insert'; at: number; rows: Rows };

/** Applies an operation to rows in memory (loading replays the file through this too). */
export function applyRowOp(rows: Rows, op: RowOp): void {
  if (op.op === 'push') {
    for (const row of op.rows) rows.push(trimRow(row));
    return;
  }
  while (rows.length < op.at) rows.push([]);
  if (op.op === 'insert') {
    rows.splice(op.at, 0, ...op.rows.map(trimRow));
    return;
  }
  op.rows.forEach((row, offset) => {
    rows[op.at + offset] = trimRow(row);
  });
}

/** The file's lines for an operation (pushes are bare arrays, the common and compact case). */
export function serializeRowOp(op: RowOp): string {
  if (op.op === 'push') return op.rows.map((row) => `${JSON.stringify(trimRow(row))}\n`).join('');
  return `${JSON.stringify({ op: op.op, at: op.at, rows: op.rows.map(trimRow) })}\n`;
}

/** Reads a sheet's file (missing means no cells). Returns the rows and how many edit lines it holds. */
export async function loadRowsFile(filePath: string): Promise<{ rows: Rows; edits: number }> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { rows: [], edits: 0 };
    throw error;
  }
  // Fast path: a file of plain rows (the usual case, and the big seeded sheet) parses as one JSON array.
  if (!text.includes('\n{') && !text.startsWith('{') && text.endsWith('\n')) {
    try {
      return { rows: JSON.parse(`[${text.slice(0, -1).replaceAll('\n', ',')}]`) as Rows, edits: 0 };
    } catch {
      // A torn or odd line: fall back to reading line by line below.
    }
  }
  const rows: Rows = [];
  let edits = 0;
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      // Only the last line can be torn (appends are sequential); anything else is real corruption.
      if (index >= lines.length - 2) break;
      throw new Error(
        `${filePath}: line ${index + 1} is not JSON; fix or delete the file. (${String(error)})`,
      );
    }
    if (Array.isArray(parsed)) {
      rows.push(parsed as Cell[]);
      continue;
    }
    const op = parsed as { op?: unknown; at?: unknown; rows?: unknown };
    if ((op.op !== 'replace' && op.op !== 'insert') || typeof op.at !== 'number' || !Array.isArray(op.rows)) {
      throw new Error(`${filePath}: line ${index + 1} is not a row or a row operation`);
    }
    applyRowOp(rows, { op: op.op, at: op.at, rows: op.rows as Rows });
    edits++;
  }
  return { rows, edits };
}

/** Appends lines and flushes them to disk before resolving, so an acknowledged write survives a crash. */
export async function appendDurably(filePath: string, text: string): Promise<void> {
  const handle = await open(filePath, 'a');
  try {
    await handle.write(text);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** The file text for rows written as plain lines. */
export function rowsToText(rows: Rows): string {
  return rows.map((row) => `${JSON.stringify(trimRow(row))}\n`).join('');
}

/** Replaces the file with `text` (a temporary file renamed over it: all or nothing, flushed first). */
export async function rewriteRowsFile(filePath: string, text: string): Promise<void> {
  const tempPath = `${filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(tempPath, 'w');
    try {
      await handle.write(text);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, filePath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

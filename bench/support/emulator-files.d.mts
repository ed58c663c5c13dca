import type { ChildProcess } from 'node:child_process';

/** The sizes of a spreadsheet's row files (one per sheet), by file name. */
export declare function sheetFiles(dir: string): Map<string, number>;
/** Waits until the row files stop changing and each ends a line. */
export declare function settledFiles(dir: string): Promise<void>;
/** The response ids (UUIDs) in what was written to the row files since `before`. */
export declare function appendedResponseIds(dir: string, before: Map<string, number>): string[];
/** SIGSTOPs `child` as soon as one of the row files grows past `before`; false when none grew in time. */
export declare function freezeWhenSheetGrows(
  child: ChildProcess,
  dir: string,
  before: Map<string, number>,
  timeoutMs?: number,
): Promise<boolean>;

import type { DocumentStore } from '../docs/document-store.js';
import type { NewSpreadsheet, SpreadsheetStore } from '../sheets/spreadsheet-store.js';
import type { EmulatorState, StateDocument } from '../state/emulator-state.js';
import {
  ASSISTANT_QUESTIONS,
  CERTIFICATE_TEMPLATE,
  EMPTY_SHEET,
  EVENT_REGISTRATION,
  PRIVATE_BUDGET,
} from './demo-data.js';
import { LARGE_DATASET_TITLE, largeDataset } from './large-dataset.js';

interface SeedFile {
  version: 1;
  seeded: boolean;
}

/**
 * Adds the demo data. On first start it seeds once and remembers that (`seed.json`), so demo sheets a
 * user deleted do not come back on the next restart; the control API's reset and seed add them again.
 */
export class SeedService {
  private constructor(
    private readonly file: StateDocument<SeedFile>,
    private readonly spreadsheets: SpreadsheetStore,
    private readonly documents: DocumentStore,
  ) {}

  static async open(
    state: EmulatorState,
    spreadsheets: SpreadsheetStore,
    documents: DocumentStore,
  ): Promise<SeedService> {
    const file = await state.document('seed', {
      initial: (): SeedFile => ({ version: 1, seeded: false }),
      parse: (raw): SeedFile => ({ version: 1, seeded: (raw as { seeded?: unknown })?.seeded === true }),
    });
    return new SeedService(file, spreadsheets, documents);
  }

  async seedOnFirstStart(): Promise<void> {
    if (this.file.read().seeded) return;
    await this.seedMissing();
  }

  /** Adds each demo spreadsheet and document whose title is missing. Returns the titles added. */
  async seedMissing(): Promise<string[]> {
    const added: string[] = [];
    const titles = new Set(this.spreadsheets.list().map((spreadsheet) => spreadsheet.title));
    // The large sheet is generated only when it is missing (it is the one that costs time).
    const demos: Array<[title: string, make: () => NewSpreadsheet]> = [
      [EVENT_REGISTRATION.title, () => EVENT_REGISTRATION],
      [PRIVATE_BUDGET.title, () => PRIVATE_BUDGET],
      [EMPTY_SHEET.title, () => EMPTY_SHEET],
      [LARGE_DATASET_TITLE, () => largeDataset()],
      [ASSISTANT_QUESTIONS.title, () => ASSISTANT_QUESTIONS],
    ];
    for (const [title, make] of demos) {
      if (titles.has(title)) continue;
      await this.spreadsheets.create(make());
      added.push(title);
    }
    if (!this.documents.list().some((document) => document.title === CERTIFICATE_TEMPLATE.title)) {
      await this.documents.create(CERTIFICATE_TEMPLATE);
      added.push(CERTIFICATE_TEMPLATE.title);
    }
    await this.file.update((file) => {
      file.seeded = true;
    });
    return added;
  }
}

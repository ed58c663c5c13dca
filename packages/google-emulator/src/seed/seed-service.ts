import type { DocumentStore } from '../docs/document-store.js';
import type { NewSpreadsheet, SpreadsheetStore } from '../sheets/spreadsheet-store.js';
import type { EmulatorState, StateDocument } from '../state/emulator-state.js';
import {
  ASSISTANT_QUESTIONS,
  CERTIFICATE_TEMPLATE,
  EMPTY_SHEET,
  EVENT_REGISTRATION,
  PRIVATE_BUDGET,
  REGISTRATION_CONFIRMATION,
  WORKSHOP_SIGNUPS,
} from './demo-data.js';
import { LARGE_DATASET_TITLE, largeDataset } from './large-dataset.js';

interface SeedFile {
  version: 1;
  seeded: boolean;
  /** The demo titles already offered to this data directory (added, or deleted by someone since). */
  titles: string[];
}

/** What every data directory seeded before `seed.json` listed titles received. */
const FIRST_DEMO_TITLES = [
  EVENT_REGISTRATION.title,
  PRIVATE_BUDGET.title,
  EMPTY_SHEET.title,
  LARGE_DATASET_TITLE,
  ASSISTANT_QUESTIONS.title,
  CERTIFICATE_TEMPLATE.title,
];

const DEMO_DOCUMENTS = [CERTIFICATE_TEMPLATE, REGISTRATION_CONFIRMATION];

/**
 * Adds the demo data. It remembers in `seed.json` which demo files a data directory was given, so demo
 * files a user deleted do not come back on the next restart, while demo files added to the emulator later
 * (such as 'Registration Confirmation') still reach existing data directories. The control API's reset
 * and seed add every missing one again.
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
      initial: (): SeedFile => ({ version: 1, seeded: false, titles: [] }),
      parse: parseSeedFile,
    });
    return new SeedService(file, spreadsheets, documents);
  }

  /** On start: every demo file this data directory was never offered, when its title is free. */
  async seedOnFirstStart(): Promise<void> {
    const offered = new Set(this.file.read().titles);
    await this.seedMissing((title) => !offered.has(title));
  }

  /** Adds each demo spreadsheet and document whose title is missing. Returns the titles added. */
  async seedMissing(wanted: (title: string) => boolean = () => true): Promise<string[]> {
    const added: string[] = [];
    const titles = new Set(this.spreadsheets.list().map((spreadsheet) => spreadsheet.title));
    // The large sheet is generated only when it is missing (it is the one that costs time).
    const demos: Array<[title: string, make: () => NewSpreadsheet]> = [
      [EVENT_REGISTRATION.title, () => EVENT_REGISTRATION],
      [PRIVATE_BUDGET.title, () => PRIVATE_BUDGET],
      [EMPTY_SHEET.title, () => EMPTY_SHEET],
      [LARGE_DATASET_TITLE, () => largeDataset()],
      [ASSISTANT_QUESTIONS.title, () => ASSISTANT_QUESTIONS],
      [WORKSHOP_SIGNUPS.title, () => WORKSHOP_SIGNUPS],
    ];
    for (const [title, make] of demos) {
      if (titles.has(title) || !wanted(title)) continue;
      await this.spreadsheets.create(make());
      added.push(title);
    }
    const documentTitles = new Set(this.documents.list().map((document) => document.title));
    for (const demo of DEMO_DOCUMENTS) {
      if (documentTitles.has(demo.title) || !wanted(demo.title)) continue;
      // Link-viewable (the store's default), so every signed-in local account can read it.
      await this.documents.create(demo);
      added.push(demo.title);
    }
    await this.file.update((file) => {
      file.seeded = true;
      file.titles = [
        ...new Set([...file.titles, ...demos.map(([title]) => title), ...DEMO_DOCUMENTS.map((d) => d.title)]),
      ];
    });
    return added;
  }
}

function parseSeedFile(raw: unknown): SeedFile {
  const file = (raw ?? {}) as { seeded?: unknown; titles?: unknown };
  const seeded = file.seeded === true;
  const titles = Array.isArray(file.titles)
    ? file.titles.filter((title): title is string => typeof title === 'string')
    : seeded
      ? FIRST_DEMO_TITLES
      : [];
  return { version: 1, seeded, titles };
}

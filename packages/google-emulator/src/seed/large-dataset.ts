import type { NewSpreadsheet } from '../sheets/spreadsheet-store.js';
import { DEMO_OWNER_EMAIL } from './demo-data.js';

const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Tim'];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Berners-Lee',
];
const CITIES = [
  'London',
  'Paris',
  'Berlin',
  'Madrid',
  'Rome',
  'Lisbon',
  'Dublin',
  'Vienna',
  'Prague',
  'Oslo',
];
/** The large demo spreadsheet's title. */
export const LARGE_DATASET_TITLE = 'Large Dataset';

const HEADER = ['ID', 'Name', 'Email', 'City', 'Score', 'Joined'];

/**
 * 'Large Dataset': a header and `dataRows` rows, generated deterministically (the same every time) and
 * written straight as the rows file's lines, so 100,000 rows take well under a second.
 */
export function largeDataset(dataRows = 100_000): NewSpreadsheet {
  const lines: string[] = [JSON.stringify(HEADER)];
  const start = Date.UTC(2020, 0, 1);
  // Four years of dates, made once: formatting a date per row would be most of the time spent here.
  const dates = Array.from({ length: 1461 }, (_, day) =>
    new Date(start + day * 86_400_000).toISOString().slice(0, 10),
  );
  for (let i = 1; i <= dataRows; i++) {
    const first = FIRST[i % FIRST.length] ?? '';
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? '';
    const city = CITIES[(i * 7) % CITIES.length] ?? '';
    const score = (i * 37) % 101;
    const joined = dates[i % dates.length] ?? '';
    lines.push(
      JSON.stringify([
        i,
        `${first} ${last}`,
        `${first}.${last}.${i}@example.com`.toLowerCase(),
        city,
        score,
        joined,
      ]),
    );
  }
  return {
    title: LARGE_DATASET_TITLE,
    ownerEmail: DEMO_OWNER_EMAIL,
    sharing: { link: 'edit', people: [] },
    sheets: [
      {
        title: 'Data',
        rowsText: { text: `${lines.join('\n')}\n`, rowCount: dataRows + 1, columnCount: HEADER.length },
      },
    ],
  };
}

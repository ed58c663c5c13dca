import type { QuestionRow } from '@sheetforms/contract';
import { vi } from 'vitest';

/** Test rows shaped like the demo questions spreadsheet. */
export const ROWS: QuestionRow[] = [
  {
    question: 'I want to create a form from my Google Sheet',
    answer: 'Click Add Form. See the Demo Website or Watch How It Works.',
    srNo: '1',
    websiteLink: 'https://sheetforms.example.com',
    googleSheetLink: 'https://docs.google.com/spreadsheets/d/abc/edit',
    youtubeLink: 'https://www.youtube.com/watch?v=demo',
    type: 'button',
  },
  {
    question: 'I want to embed my form on my website',
    answer: 'Copy the iframe code. Try the Demo Google Sheet.',
    srNo: '2',
    websiteLink: 'https://sheetforms.example.com',
    googleSheetLink: 'https://docs.google.com/spreadsheets/d/abc/edit',
    youtubeLink: 'https://www.youtube.com/watch?v=demo',
    type: 'Button',
  },
  {
    question: 'Why does Sheet Status say Not Accessible?',
    answer: 'Fix the sharing, then click Recheck.',
    srNo: '3',
    websiteLink: '',
    googleSheetLink: '',
    youtubeLink: '',
    type: 'question',
  },
  {
    question: 'I need help from a person',
    answer: 'Click Chat With Us to talk to our support team.',
    srNo: '4',
    websiteLink: '',
    googleSheetLink: '',
    youtubeLink: '',
    type: 'question',
  },
];

export interface FetchRoutes {
  questions?: () => Response | Promise<Response>;
  contact?: (init: RequestInit | undefined) => Response | Promise<Response>;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs the global fetch: the questions feed (ROWS by default) and the contact call. */
export function stubFetch(routes: FetchRoutes = {}) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url.endsWith('/sheets/questions')) {
      return routes.questions
        ? routes.questions()
        : json({ data: ROWS, count: ROWS.length, timestamp: '2025-01-01T00:00:00.000Z' });
    }
    if (url.endsWith('/contact/submit') && routes.contact) return routes.contact(init);
    return json({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

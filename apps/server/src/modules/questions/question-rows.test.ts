import { describe, expect, it } from 'vitest';
import { QuestionSheetShapeError, questionRowsFromValues } from './question-rows.js';

const HEADER = [
  'Questions',
  'Answer',
  'Sr. No.',
  'Website link',
  'Google sheet link',
  'Youtube link',
  'Type',
];

describe('questionRowsFromValues', () => {
  it('reads each field by its header text, whatever the column order', () => {
    const order = [6, 3, 0, 5, 2, 1, 4];
    const shuffle = (row: string[]) => order.map((index) => row[index] ?? '');
    const row = [
      'How?',
      'Like this.',
      '1',
      'https://a.example',
      'https://b.example',
      'https://c.example',
      'button',
    ];
    expect(questionRowsFromValues([shuffle(HEADER), shuffle(row)])).toEqual([
      {
        question: 'How?',
        answer: 'Like this.',
        srNo: '1',
        websiteLink: 'https://a.example/',
        googleSheetLink: 'https://b.example/',
        youtubeLink: 'https://c.example/',
        type: 'button',
      },
    ]);
  });

  it('matches headers ignoring case and spaces, and reads missing optional columns as blank', () => {
    expect(
      questionRowsFromValues([
        [' questions ', 'ANSWER', 'Extra'],
        ['Q', 'A', 'x'],
      ]),
    ).toEqual([
      {
        question: 'Q',
        answer: 'A',
        srNo: '',
        websiteLink: '',
        googleSheetLink: '',
        youtubeLink: '',
        type: '',
      },
    ]);
  });

  it('skips blank and numbered-only rows, trims cells, and keeps at most the limit', () => {
    const rows = questionRowsFromValues(
      [HEADER, [], ['', '', '7'], ['  Q1 ', ' A1 '], ['Q2', 'A2'], ['Q3', 'A3']],
      2,
    );
    expect(rows.map((row) => [row.question, row.answer])).toEqual([
      ['Q1', 'A1'],
      ['Q2', 'A2'],
    ]);
  });

  it('drops links that are not absolute http(s) URLs', () => {
    const [row] = questionRowsFromValues([
      HEADER,
      ['Q', 'A', '1', 'javascript:alert(1)', '/relative', 'data:text/html,x', ''],
    ]);
    expect(row).toMatchObject({ websiteLink: '', googleSheetLink: '', youtubeLink: '' });
  });

  it("refuses a sheet without the 'Questions' and 'Answer' columns", () => {
    expect(() =>
      questionRowsFromValues([
        ['Question', 'Answer'],
        ['Q', 'A'],
      ]),
    ).toThrow(QuestionSheetShapeError);
    expect(() => questionRowsFromValues([])).toThrow(QuestionSheetShapeError);
  });
});

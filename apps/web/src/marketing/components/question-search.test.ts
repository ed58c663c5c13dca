// @vitest-environment node
import type { QuestionRow } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { ROWS } from '../testing/feed';
import { answerFor, NO_ANSWER_TEXT } from './assistant-answer';
import { allowedTypos, bestMatch, editDistance, searchQuestions, stem, stems } from './question-search';

function row(question: string, answer: string): QuestionRow {
  return {
    question,
    answer,
    srNo: '',
    websiteLink: '',
    googleSheetLink: '',
    youtubeLink: '',
    type: 'question',
  };
}

/** A feed like the demo spreadsheet's: questions whose words overlap ('form' is everywhere). */
const FEED: QuestionRow[] = [
  row('I want to create a form from my Google Sheet', 'Click Add Form and paste the sheet link.'),
  row('How much does SheetForms cost?', 'Free for one form; Pro is $29 a month.'),
  row('Is there a free trial?', 'Every paid plan starts with a 14-day trial, no card needed.'),
  row('How do I sign in?', 'Use Login with Google at the top right.'),
  row('I want to embed my form on my website', 'Copy the iframe code from Manage Forms.'),
  row('Can I export responses to Excel or CSV?', 'On the Responses page choose Export.'),
  row('Which field types are supported?', 'Text, email, number, date, dropdown and checkbox fields.'),
  row('Where do I see the responses?', 'Every response lands in your sheet as a new row.'),
];

const answerOf = (typed: string) => bestMatch(typed, FEED)?.question;

describe('stem', () => {
  it('takes off -s, -es, -ing, -ed and -ly, and a silent -e, so the forms of a word meet', () => {
    expect(['form', 'forms'].map(stem)).toEqual(['form', 'form']);
    expect(['box', 'boxes'].map(stem)).toEqual(['box', 'box']);
    expect(['share', 'shares', 'shared', 'sharing'].map(stem)).toEqual(['shar', 'shar', 'shar', 'shar']);
    expect(['embed', 'embedded', 'embedding'].map(stem)).toEqual(['embed', 'embed', 'embed']);
    expect(['export', 'exported', 'exporting', 'exports'].map(stem)).toEqual(Array(4).fill('export'));
    expect(['quick', 'quickly'].map(stem)).toEqual(['quick', 'quick']);
    expect(['reply', 'replies'].map(stem)).toEqual(['reply', 'reply']);
  });

  it('leaves short words and words that only look suffixed alone', () => {
    expect(['is', 'need', 'feed', 'class', 'fill', 'only'].map(stem)).toEqual([
      'is',
      'need',
      'feed',
      'class',
      'fill',
      'only',
    ]);
  });

  it('drops stop words and joins log in / sign-in into one word', () => {
    expect(stems('How do I log in to my sheets?')).toEqual(['login', 'sheet']);
    expect(stems('sign-in')).toEqual(['login']);
  });
});

describe('editDistance', () => {
  it('counts edits (a swap of neighbours is one), and forgives one typo from 4 letters and two from 8', () => {
    expect(editDistance('form', 'from', 2)).toBe(1);
    expect(editDistance('export', 'exprot', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('respons', 'respon', 1)).toBe(1);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
    expect([allowedTypos('csv'), allowedTypos('form'), allowedTypos('spreadsheet')]).toEqual([0, 1, 2]);
  });
});

describe('searchQuestions', () => {
  it('matches stems: other forms of the words in a question', () => {
    expect(answerOf('embedding forms on websites')).toBe('I want to embed my form on my website');
    expect(answerOf('exporting my responses')).toBe('Can I export responses to Excel or CSV?');
  });

  it('matches synonyms: price/cost/plan, sheet/spreadsheet, survey/form, log in/sign, free/trial', () => {
    expect(answerOf("what's the price")).toBe('How much does SheetForms cost?');
    expect(answerOf('pricing')).toBe('How much does SheetForms cost?');
    expect(answerOf('make a survey from a spreadsheet')).toBe('I want to create a form from my Google Sheet');
    expect(answerOf('how can I log in')).toBe('How do I sign in?');
    expect(answerOf('can I try it for free')).toBe('Is there a free trial?');
  });

  it('forgives typos: one from 4 letters, two from 8', () => {
    expect(answerOf('exprot responses')).toBe('Can I export responses to Excel or CSV?');
    expect(answerOf('embd my from')).toBe('I want to embed my form on my website');
    expect(answerOf('spredshet survey')).toBe('I want to create a form from my Google Sheet');
    // Three letters: no typo allowed, so 'csb' is not 'csv'.
    expect(answerOf('csb')).toBeUndefined();
  });

  it('finds no row for a question the feed does not cover, even when one common word matches', () => {
    expect(answerOf('pizza recipe')).toBeUndefined();
    expect(answerOf('form for pizza orders and delivery')).toBeUndefined();
    expect(searchQuestions('I want to', FEED)).toEqual([]);
  });

  it('ranks the closer question first among rows that share the words', () => {
    const ranked = searchQuestions('see responses', FEED).map((item) => item.row.question);
    expect(ranked[0]).toBe('Where do I see the responses?');
  });

  it('searches the answers too, at a lower weight than the questions', () => {
    const [best] = searchQuestions('iframe code', FEED);
    expect(best?.row.question).toBe('I want to embed my form on my website');
    expect(best?.score).toBe(0.5);
  });
});

describe('answerFor', () => {
  it("keeps spec 5's exact matches first, then searches, then says it has no answer", () => {
    expect(answerFor('I want to embed my form on my website', ROWS).row).toBe(ROWS[1]);
    expect(answerFor('embed my form on my website', ROWS).row).toBe(ROWS[1]);
    expect(answerFor('sheet status not accesible', ROWS).row).toBe(ROWS[2]);
    expect(answerFor('how do I bake bread', ROWS)).toEqual({ text: NO_ANSWER_TEXT, row: undefined });
  });
});

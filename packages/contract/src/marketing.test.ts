import { describe, expect, it } from 'vitest';
import {
  ASSISTANT,
  answerParts,
  canSendQuestion,
  matchQuestion,
  PLANS,
  type QuestionRow,
  stripQuestionPrefix,
  yearlyPerMonth,
  yearlySavingPercent,
} from './marketing.js';

const row = (question: string, answer: string, extra: Partial<QuestionRow> = {}): QuestionRow => ({
  question,
  answer,
  srNo: '1',
  websiteLink: '',
  googleSheetLink: '',
  youtubeLink: '',
  type: '',
  ...extra,
});

const rows = [
  row('I want to create a form from my Google Sheet', 'Paste its URL.'),
  row('Collect event registrations', 'Use the demo.'),
  row('export responses to PDF', 'Use a template.'),
];

describe('question matching (spec 5)', () => {
  it('strips the I want (to) prefix', () => {
    expect(stripQuestionPrefix('  I want to   Export Responses ')).toBe('export responses');
    expect(stripQuestionPrefix('I want a form')).toBe('a form');
    expect(stripQuestionPrefix('I wanted more')).toBe('i wanted more');
  });

  it('tries exact, then prefix-stripped rows, then a substring either way, then the fallback', () => {
    expect(matchQuestion('export responses to PDF', rows)).toMatchObject({
      how: 'exact',
      answer: 'Use a template.',
    });
    expect(matchQuestion('I want to create a form from my google sheet', rows)).toMatchObject({
      how: 'prefix-stripped',
      answer: 'Paste its URL.',
    });
    expect(matchQuestion('I want to collect event registrations for my conference', rows)).toMatchObject({
      how: 'contains',
      answer: 'Use the demo.',
    });
    expect(matchQuestion('I want to export responses', rows)).toMatchObject({ how: 'contains' });
    expect(matchQuestion('I want to fly', rows)).toEqual({
      row: undefined,
      answer: ASSISTANT.fallbackAnswer,
      how: 'fallback',
    });
    expect(matchQuestion('I want to', rows).how).toBe('fallback');
    expect(matchQuestion('anything', []).how).toBe('fallback');
  });

  it('Send is disabled for empty text and a bare I want', () => {
    expect(canSendQuestion('')).toBe(false);
    expect(canSendQuestion('  I want ')).toBe(false);
    expect(canSendQuestion('I want to')).toBe(true);
  });
});

describe('answer markers', () => {
  it('turns markers into the row’s links and Chat With Us into the live-chat button', () => {
    const parts = answerParts('See the Demo Website, then Watch How It Works or Chat With Us.', {
      websiteLink: 'https://example.com/demo',
      youtubeLink: 'javascript:alert(1)',
    });
    expect(parts).toEqual([
      { kind: 'text', text: 'See the ' },
      { kind: 'link', text: 'Demo Website', href: 'https://example.com/demo' },
      { kind: 'text', text: ', then Watch How It Works or ' },
      { kind: 'chat', text: 'Chat With Us', href: '/chat-support' },
      { kind: 'text', text: '.' },
    ]);
    expect(answerParts('No markers here.')).toEqual([{ kind: 'text', text: 'No markers here.' }]);
  });
});

describe('pricing figures', () => {
  it('has the spec’s three plans and prices, Pro most popular, 17% saved yearly', () => {
    expect(PLANS.map((plan) => [plan.name, plan.monthlyPrice, plan.yearlyPrice, plan.popular])).toEqual([
      ['Free', 0, 0, false],
      ['Pro', 29, 290, true],
      ['Enterprise', 99, 990, false],
    ]);
    expect(PLANS.map(yearlyPerMonth)).toEqual([0, 24, 83]);
    expect(yearlySavingPercent(PLANS[1] as (typeof PLANS)[number])).toBe(17);
    expect(yearlySavingPercent(PLANS[2] as (typeof PLANS)[number])).toBe(17);
  });
});

// @vitest-environment node
import { type FormField, fillTemplate } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { fieldLabels, latestResponse, previewData } from './preview-values';

const fields: FormField[] = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: '', isRemoved: false },
  { label: 'Email', type: 'email', required: false, placeHolder: '', isRemoved: false },
  { label: 'Old', type: 'text', required: false, placeHolder: '', isRemoved: true },
];
const NOW = new Date('2026-11-25T12:00:00Z');
const TEMPLATE = '<p>{{Full Name}} / {{Email}} / {{date}} / {{Response ID}}</p>';

describe('previewData', () => {
  it('fills with "Sample answer" for every visible field when there is no response', () => {
    const { values, source } = previewData(fields, undefined, NOW);
    expect(source).toBe('sample');
    expect(values.answers).toEqual({ 'Full Name': 'Sample answer', Email: 'Sample answer' });
    expect(fillTemplate(TEMPLATE, values)).toBe(
      '<p>Sample answer / Sample answer / November 25, 2026 / sample-response-id</p>',
    );
  });

  it("fills a field labelled '__proto__' or 'constructor' like any other", () => {
    const odd: FormField[] = [
      { label: '__proto__', type: 'text', required: false, placeHolder: '', isRemoved: false },
      { label: 'constructor', type: 'text', required: false, placeHolder: '', isRemoved: false },
    ];
    const { values } = previewData(odd, undefined, NOW);
    expect(Object.keys(values.answers)).toEqual(['__proto__', 'constructor']);
    expect(fillTemplate('<p>{{__proto__}} / {{constructor}}</p>', values)).toBe(
      '<p>Sample answer / Sample answer</p>',
    );
  });

  it('fills with the latest response, escaping its answers, its signature as an image', () => {
    const { values, source } = previewData(
      fields,
      {
        id: 'resp-1',
        response: { 'Full Name': '<b>Ann</b>', Email: 'ann@example.org', signature: '/uploads/s.png' },
        createdAt: '2026-11-24T09:30:00.000Z',
        respondent: null,
        syncState: 'synced',
        syncError: null,
        formResponseWithTemplate: [],
      },
      NOW,
    );
    expect(source).toBe('latest-response');
    expect(values.signatureImageSrc).toBe('/uploads/s.png');
    expect(values.answers).not.toHaveProperty('signature');
    expect(fillTemplate(`${TEMPLATE}{{Signature}}`, values)).toBe(
      '<p>&lt;b&gt;Ann&lt;/b&gt; / ann@example.org / November 25, 2026 / resp-1</p>' +
        '<img src="/uploads/s.png" alt="Signature" style="max-width:100%;height:auto">',
    );
  });

  it("fills {{Respondent}} with the latest response's login email, or a sample address", () => {
    const latest = {
      id: 'resp-2',
      response: { 'Full Name': 'Bo' },
      createdAt: '2026-11-24T09:30:00.000Z',
      respondent: 'bo@example.org',
      syncState: 'synced' as const,
      syncError: null,
      formResponseWithTemplate: [],
    };
    expect(fillTemplate('{{Respondent}}', previewData(fields, latest, NOW).values)).toBe('bo@example.org');
    expect(
      fillTemplate('{{Respondent}}', previewData(fields, { ...latest, respondent: null }, NOW).values),
    ).toBe('');
    expect(fillTemplate('{{Respondent}}', previewData(fields, undefined, NOW).values)).toBe(
      'respondent@example.com',
    );
  });

  it('matches placeholders against visible fields only', () => {
    expect(fieldLabels(fields)).toEqual(['Full Name', 'Email']);
  });
});

describe('latestResponse', () => {
  it('picks the newest response whatever the order', () => {
    const at = (id: string, createdAt: string) => ({
      id,
      response: {},
      createdAt,
      respondent: null,
      syncState: 'synced' as const,
      syncError: null,
      formResponseWithTemplate: [],
    });
    const responses = [
      at('old', '2026-01-01T00:00:00Z'),
      at('new', '2026-03-01T00:00:00Z'),
      at('mid', '2026-02-01T00:00:00Z'),
    ];
    expect(latestResponse(responses)?.id).toBe('new');
    expect(latestResponse([])).toBeUndefined();
  });
});

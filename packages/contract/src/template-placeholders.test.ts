import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  fillTemplate,
  listPlaceholders,
  type TemplateValues,
  unmatchedPlaceholders,
} from './template-placeholders.js';

const values: TemplateValues = {
  answers: { 'Full Name': 'Ada Lovelace', Email: 'ada@example.com', Notes: '' },
  date: 'November 25, 2026',
  timestamp: '11/25/2026, 09:05 AM',
  responseId: 'r_123',
  signatureImageSrc: '/api/v1/uploads/signatures/abc.png',
};

describe('fillTemplate', () => {
  it('fills field labels, the date, the timestamp and the response id', () => {
    const html = '<p>{{Full Name}} <b>{{Email}}</b> on {{date}} at {{Timestamp}} ({{Response ID}})</p>';
    expect(fillTemplate(html, values)).toBe(
      '<p>Ada Lovelace <b>ada@example.com</b> on November 25, 2026 at 11/25/2026, 09:05 AM (r_123)</p>',
    );
  });

  it('fills {{Respondent}} with the login email (escaped), empty without one; a field of that label wins', () => {
    const html = '<p>{{Respondent}}|{{respondent}}</p>';
    expect(fillTemplate(html, { ...values, respondent: 'r&d@example.com' })).toBe(
      '<p>r&amp;d@example.com|r&amp;d@example.com</p>',
    );
    expect(fillTemplate(html, values)).toBe('<p>|</p>');
    expect(
      fillTemplate(html, {
        ...values,
        respondent: 'login@example.com',
        answers: { ...values.answers, Respondent: 'Typed by hand' },
      }),
    ).toBe('<p>Typed by hand|Typed by hand</p>');
    expect(unmatchedPlaceholders('{{Respondent}}', [])).toEqual([]);
  });

  it('escapes answers, so an answer can never add markup', () => {
    const filled = fillTemplate('<p>{{Full Name}}</p>', {
      ...values,
      answers: { 'Full Name': '<img src=x onerror=alert(1)> & "quotes" \'too\'' },
    });
    expect(filled).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot; &#39;too&#39;</p>');
  });

  it('keeps the line breaks of long answers', () => {
    const filled = fillTemplate('<p>{{Notes}}</p>', { ...values, answers: { Notes: 'one\ntwo\r\nthree' } });
    expect(filled).toBe('<p>one<br>two<br>three</p>');
  });

  it('matches after trimming the inner whitespace, then ignoring case', () => {
    expect(fillTemplate('{{  Full Name }}|{{full name}}|{{FULL&nbsp;NAME}}|{{Full\u00a0Name}}', values)).toBe(
      'Ada Lovelace|Ada Lovelace|Ada Lovelace|Ada Lovelace',
    );
  });

  it('prefers the exact label over a label that differs only in case', () => {
    const filled = fillTemplate('{{name}} {{Name}} {{NAME}}', {
      ...values,
      answers: { Name: 'Upper', name: 'lower' },
    });
    expect(filled).toBe('lower Upper Upper');
  });

  it('reads labels written with entities, as the HTML shows them', () => {
    const filled = fillTemplate('<p>{{Name &amp; Title}}</p>', {
      ...values,
      answers: { 'Name & Title': 'Dr. A' },
    });
    expect(filled).toBe('<p>Dr. A</p>');
  });

  it('fills an empty answer with nothing and leaves unknown placeholders as they are', () => {
    expect(fillTemplate('[{{Notes}}] [{{Unknown Field}}] [{{}}] [{ {x} }]', values)).toBe(
      '[] [{{Unknown Field}}] [{{}}] [{ {x} }]',
    );
  });

  it('puts the signature image in, with its source escaped, or nothing without one', () => {
    expect(fillTemplate('<p>{{Signature}}</p>', { ...values, signatureImageSrc: '/s.png?a=1&b="2"' })).toBe(
      '<p><img src="/s.png?a=1&amp;b=&quot;2&quot;" alt="Signature" style="max-width:100%;height:auto"></p>',
    );
    expect(fillTemplate('<p>{{Signature}}</p>', { ...values, signatureImageSrc: null })).toBe('<p></p>');
    expect(fillTemplate('<p>{{signature}}</p>', { ...values, signatureImageSrc: undefined })).toBe('<p></p>');
  });

  it('lets a field named like a built-in win over the built-in', () => {
    expect(fillTemplate('{{date}}', { ...values, answers: { date: '1990-01-01' } })).toBe('1990-01-01');
    expect(fillTemplate('{{Date}}', values)).toBe('November 25, 2026');
  });

  it('never fills inside a tag', () => {
    const html = '<a href="https://example.com/{{Full Name}}" title="{{Email}}">{{Full Name}}</a>';
    expect(fillTemplate(html, values)).toBe(
      '<a href="https://example.com/{{Full Name}}" title="{{Email}}">Ada Lovelace</a>',
    );
  });

  it('does not read a filled answer again as a placeholder', () => {
    const filled = fillTemplate('{{Full Name}}', { ...values, answers: { 'Full Name': '{{Email}}' } });
    expect(filled).toBe('{{Email}}');
  });
});

describe('listPlaceholders and unmatchedPlaceholders', () => {
  const html =
    '<h1>{{Full Name}}</h1><p>{{ Email }} {{date}} {{Full Name}} {{Compnay}}</p><p title="{{Hidden}}">{{Signature}}</p>';

  it('lists each placeholder once, in order, by the name the document shows', () => {
    expect(listPlaceholders(html)).toEqual(['Full Name', 'Email', 'date', 'Compnay', 'Signature']);
  });

  it('reports the placeholders that match no field label and no built-in', () => {
    expect(unmatchedPlaceholders(html, ['Full Name', 'Email', 'Company'])).toEqual(['Compnay']);
    expect(unmatchedPlaceholders(html, ['full name', 'EMAIL'])).toEqual(['Compnay']);
    expect(unmatchedPlaceholders(html, [])).toEqual(['Full Name', 'Email', 'Compnay']);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

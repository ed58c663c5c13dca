import { describe, expect, it } from 'vitest';
import { answersFromJson } from '../responses/response-serializers.js';
import { ownerNotification } from './owner-email.js';

const base = {
  deliveryId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  from: 'SheetForms <no-reply@forms.example.com>',
  to: 'owner@example.com',
  formName: 'Orders',
  responsesUrl: 'https://forms.example.com/dashboard/responses?formId=abc',
  createdAt: '2026-11-27T10:00:00.000Z',
  answers: { Name: 'Ada', Notes: 'line one\nline two' },
  messageIdDomain: 'forms.example.com',
};

describe('the owner notification', () => {
  it("names the form in the subject and carries the answers as 'Label: answer' lines and as a table", () => {
    const mail = ownerNotification(base);
    expect(mail.subject).toBe('Orders: new response');
    expect(mail.messageId).toBe(`<${base.deliveryId}@forms.example.com>`);
    expect(mail.text).toContain('Name: Ada');
    expect(mail.text).toContain('Notes: line one\n  line two');
    expect(mail.text).toContain(
      'See every response: https://forms.example.com/dashboard/responses?formId=abc',
    );
    expect(mail.html).toContain('<th style="');
    expect(mail.html).toContain('>Ada</td>');
  });

  it('escapes answers and labels in the HTML part, and keeps the subject on one line', () => {
    const mail = ownerNotification({
      ...base,
      formName: 'Evil\r\nBcc: x@example.com',
      answers: { '<img src=x onerror=alert(1)>': '"><script>alert(1)</script>' },
      respondent: 'r@example.com',
    });
    expect(mail.subject).toBe('Evil Bcc: x@example.com: new response');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
    expect(mail.text).toContain('Respondent: r@example.com');
  });

  it("lists fields labelled '__proto__' or 'constructor' with exactly the answers given, nothing inherited", () => {
    // As the worker hands them: read from answers_json, where '__proto__' is an own key like the others.
    const answered = ownerNotification({
      ...base,
      answers: answersFromJson('{"__proto__":"campaign-7","constructor":"Beta"}'),
    });
    // The text part: the greeting and a blank line, the answers, a blank line and the link.
    expect(answered.text.split('\n').slice(2, -2)).toEqual(['__proto__: campaign-7', 'constructor: Beta']);
    expect(answered.html).toContain('>__proto__</th>');
    expect(answered.html).toContain('>campaign-7</td>');

    const unanswered = ownerNotification({ ...base, answers: answersFromJson('{"__proto__":"campaign-7"}') });
    expect(unanswered.text.split('\n').slice(2, -2)).toEqual(['__proto__: campaign-7']);
    expect(unanswered.html).not.toContain('constructor');
    expect(unanswered.html).not.toContain('native code');
  });
});

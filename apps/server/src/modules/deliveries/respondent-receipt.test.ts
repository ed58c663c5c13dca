import { describe, expect, it } from 'vitest';
import { answersFromJson } from '../responses/response-serializers.js';
import { receiptAddress, respondentReceipt } from './respondent-receipt.js';

describe('receiptAddress', () => {
  it('takes one typed address, trimmed and lower-cased', () => {
    expect(receiptAddress('  Ada@Example.COM ')).toBe('ada@example.com');
  });
  it.each([
    ['nothing', undefined],
    ['an empty answer', ''],
    ['two addresses', 'a@example.com, b@example.com'],
    ['a header after a line break', 'a@example.com\r\nBcc: victim@example.com'],
    ['a display name', 'Ada <ada@example.com>'],
    ['no domain dot', 'ada@example'],
    ['an address too long for SMTP', `${'a'.repeat(250)}@example.com`],
  ])('refuses %s', (_case, answer) => {
    expect(receiptAddress(answer)).toBeUndefined();
  });
});

describe('respondentReceipt', () => {
  const base = {
    deliveryId: '0190-abc',
    from: 'SheetForms <no-reply@forms.example.test>',
    to: 'ada@example.com',
    formName: 'Booking\r\nBcc: victim@example.com',
    createdAt: '2026-11-28T10:00:00.000Z',
    answers: { Name: 'Ada <script>' },
    messageIdDomain: 'forms.example.test',
  };
  it('keeps the subject on one line, escapes answers in HTML, and names the Message-ID after the delivery', () => {
    const mail = respondentReceipt(base);
    expect(mail.subject).toBe('Your response to Booking Bcc: victim@example.com');
    expect(mail.html).toContain('Ada &lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Name: Ada <script>');
    expect(mail.messageId).toBe('<0190-abc@forms.example.test>');
    expect(mail.attachments).toBeUndefined();
  });
  it("attaches the PDF under the template's name, made safe for a file name", () => {
    const mail = respondentReceipt({
      ...base,
      pdf: { name: 'Order "1"/2\r\n', content: Buffer.from('%PDF') },
    });
    expect(mail.attachments).toEqual([
      { filename: 'Order _1__2.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' },
    ]);
    expect(mail.text).toContain('The document of your response is attached.');
  });
  it("copies fields labelled '__proto__' or 'constructor' with exactly the answers given, nothing inherited", () => {
    // As the worker hands them: read from answers_json, where '__proto__' is an own key like the others.
    const answered = respondentReceipt({
      ...base,
      answers: answersFromJson('{"__proto__":"campaign-7","constructor":"Beta"}'),
    });
    // The text part: the thanks and a blank line, the answers, a blank line and the footnote.
    expect(answered.text.split('\n').slice(2, -2)).toEqual(['__proto__: campaign-7', 'constructor: Beta']);
    expect(answered.html).toContain('>__proto__</th>');
    expect(answered.html).toContain('>campaign-7</td>');

    const unanswered = respondentReceipt({ ...base, answers: answersFromJson('{"__proto__":"campaign-7"}') });
    expect(unanswered.text.split('\n').slice(2, -2)).toEqual(['__proto__: campaign-7']);
    expect(unanswered.html).not.toContain('constructor');
    expect(unanswered.html).not.toContain('native code');
  });
});

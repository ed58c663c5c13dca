// @vitest-environment node
import type { PublicForm } from '@sheetforms/contract';
import { encodePrefillPayload } from '@sheetforms/contract/answers';
import { describe, expect, it } from 'vitest';
import { choiceStart } from './answers';
import { startFromAddress, startFromView, withVerifiedPrefill } from './prefill';

/** A form whose labels are names every plain object answers with something it inherits. */
const form: PublicForm = {
  formId: 'proto-form',
  name: 'Members',
  description: '',
  settings: {
    loginRequired: 0,
    signatureEnabled: 0,
    signatureWidth: 400,
    signatureHeight: 200,
    gdprEnabled: 0,
  },
  jdata: [
    { id: 'p1', label: 'constructor', type: 'radio', required: false, placeHolder: '', options: ['A', 'B'] },
    {
      id: 'p2',
      label: 'toString',
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      options: ['Red', 'Green'],
    },
    { id: 'p3', label: '__proto__', type: 'hidden', required: false, placeHolder: '' },
    { id: 'p4', label: 'valueOf', type: 'text', required: false, placeHolder: '' },
  ],
  acceptingResponses: true,
};

describe('how the form starts, for fields labelled like Object members', () => {
  it('starts them empty on the server-rendered page without values (the page was a 500)', () => {
    const start = startFromView(form, { kind: 'form', form });
    for (const field of form.jdata) expect(start.values[field.label]).toBeUndefined();
    const [radio, checkboxes] = form.jdata;
    if (!radio || !checkboxes) throw new Error('the form has its fields');
    expect(choiceStart(radio, start.values[radio.label])).toEqual({
      chosen: [],
      other: false,
      otherText: '',
    });
    expect(choiceStart(checkboxes, start.values[checkboxes.label]).chosen).toEqual([]);
  });

  it("takes the server's values (JSON) by their own keys, __proto__ included", () => {
    const values = JSON.parse('{"constructor":"B","toString":["Green"],"__proto__":"campaign-7"}');
    const start = startFromView(form, { kind: 'form', form, values, locked: ['__proto__'] });
    expect(Object.entries(start.values)).toEqual([
      ['constructor', 'B'],
      ['toString', ['Green']],
      ['__proto__', 'campaign-7'],
    ]);
    expect(start.values.valueOf).toBeUndefined();
    expect([...start.locked]).toEqual(['p3']);
  });

  it('prefills them from the address by label', () => {
    const start = startFromAddress(form, '?constructor=b&toString=red,Green&__proto__=campaign-7&valueOf=hi');
    expect(Object.entries(start.values)).toEqual([
      ['constructor', 'B'],
      ['toString', ['Red', 'Green']],
      ['__proto__', 'campaign-7'],
      ['valueOf', 'hi'],
    ]);
    const empty = startFromAddress(form, '');
    for (const field of form.jdata) expect(empty.values[field.label]).toBeUndefined();
  });

  it('takes the verified answers by field id, locked, over the address values, __proto__ included', () => {
    const start = startFromAddress(form, '?valueOf=hi&constructor=a&prefill=payload.signature');
    const verified = JSON.parse('{"p1":"B","p3":"campaign-7","gone":"x"}');
    const locked = withVerifiedPrefill(form, start, 'payload.signature', verified);
    expect(Object.entries(locked.values)).toEqual([
      ['constructor', 'B'],
      ['valueOf', 'hi'],
      ['__proto__', 'campaign-7'],
    ]);
    expect([...locked.locked]).toEqual(['p1', 'p3']);
    expect(locked.prefillToken).toBe('payload.signature');
    expect(locked.unverifiedToken).toBeUndefined();
    // The start it was made from is left as it was.
    expect(start.values.constructor).toBe('A');
  });
});

describe("a prefilled link's token on the page the browser renders", () => {
  it('is only remembered until the server verifies it: none of its answers shown, locked or sent', () => {
    const token = `${encodePrefillPayload({ formId: form.formId, values: { p4: 'forged', p3: 'x' } })}.c2ln`;
    const start = startFromAddress(form, `?valueOf=typed&prefill=${token}`);
    expect(start.unverifiedToken).toBe(token);
    expect(start.prefillToken).toBeUndefined();
    expect(start.locked.size).toBe(0);
    expect(Object.entries(start.values)).toEqual([['valueOf', 'typed']]);
    expect(startFromAddress(form, '?prefill=').unverifiedToken).toBeUndefined();
  });
});

// @vitest-environment node
import {
  HONEYPOT_FIELD,
  PUBLIC_STORAGE_KEYS,
  SIGNATURE_NOT_UPLOADED_MESSAGE,
  SUBMISSION_LIMITS,
} from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_NOT_UPLOADED_MESSAGE as COPIED_NOT_UPLOADED } from '../logic/signature-upload';
import { ANSWER_MAX, HONEYPOT, STORAGE_KEYS } from './constants';

describe('public form constants', () => {
  it('match the contract they copy', () => {
    expect(STORAGE_KEYS).toEqual(PUBLIC_STORAGE_KEYS);
    expect(HONEYPOT).toBe(HONEYPOT_FIELD);
    expect(ANSWER_MAX).toBe(SUBMISSION_LIMITS.answerMax);
    expect(COPIED_NOT_UPLOADED).toBe(SIGNATURE_NOT_UPLOADED_MESSAGE);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normaliseSignatureInput } from './signature-size';

describe('normaliseSignatureInput', () => {
  it('keeps sizes within 200-800 x 100-400', () => {
    expect(normaliseSignatureInput({ width: '200', height: '400' })).toEqual({
      width: 200,
      height: 400,
      widthFellBack: false,
      heightFellBack: false,
    });
    expect(normaliseSignatureInput({ width: '800', height: '100' })).toMatchObject({
      width: 800,
      height: 100,
    });
  });

  it.each([
    ['199', '99'],
    ['801', '401'],
    ['', ''],
    ['abc', '-5'],
  ])('falls back to 400 x 200 for %s x %s', (width, height) => {
    expect(normaliseSignatureInput({ width, height })).toEqual({
      width: 400,
      height: 200,
      widthFellBack: true,
      heightFellBack: true,
    });
  });

  it('falls back one dimension at a time', () => {
    expect(normaliseSignatureInput({ width: '1000', height: '150' })).toEqual({
      width: 400,
      height: 150,
      widthFellBack: true,
      heightFellBack: false,
    });
  });
});

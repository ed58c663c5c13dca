import { describe, expect, it } from 'vitest';
import { newSignatureKey } from './signature-storage.js';
import { signatureKeyOf } from './signature-url.js';

describe('signatureKeyOf', () => {
  const key = newSignatureKey();

  it('reads the key of one of our signature URLs, whatever its host', () => {
    expect(signatureKeyOf(`https://forms.example/uploads/signatures/${key}.png`)).toBe(key);
    expect(signatureKeyOf(`http://127.0.0.1:3000/uploads/signatures/${key}.png`)).toBe(key);
  });

  it('answers undefined for any other source', () => {
    expect(signatureKeyOf('data:image/png;base64,AAAA')).toBeUndefined();
    expect(signatureKeyOf(`https://forms.example/other/uploads/signatures/${key}.png`)).toBeUndefined();
    expect(signatureKeyOf(`https://forms.example/uploads/signatures/${key}.jpg`)).toBeUndefined();
    expect(signatureKeyOf('https://forms.example/uploads/signatures/not-a-key.png')).toBeUndefined();
    expect(signatureKeyOf('/uploads/signatures/')).toBeUndefined();
  });
});

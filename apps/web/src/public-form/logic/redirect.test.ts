// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formIdFromPath, formIdFromRedirect, loginUrlFor, sameOriginTarget } from './redirect';

const origin = 'http://localhost:3000';

describe('sameOriginTarget', () => {
  it('follows same-origin absolute and relative targets', () => {
    expect(sameOriginTarget('http://localhost:3000/form/abc?x=1#top', origin)).toBe('/form/abc?x=1#top');
    // An escaped slash stays a path of this site.
    expect(sameOriginTarget('/%2F/evil.example', origin)).toBe('/%2F/evil.example');
    expect(sameOriginTarget('/form/abc', origin)).toBe('/form/abc');
  });

  it('refuses other origins, protocol tricks and empty input', () => {
    for (const bad of [
      'https://evil.example/form/abc',
      '//evil.example/form/abc',
      '/\\evil.example',
      'http://localhost:3001/form/abc',
      'https://localhost:3000/form/abc',
      'javascript:alert(1)',
      // Same origin as parsed, but their paths begin with '//': written as a path, another host.
      '/.//evil.example/phish',
      'http://localhost:3000//evil.example/again',
      '/./\\evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(sameOriginTarget(bad, origin)).toBeNull();
    }
  });
});

describe('form ids', () => {
  it('reads the form id from /form/{formId}', () => {
    expect(formIdFromPath('/form/AbC123')).toBe('AbC123');
    expect(formIdFromPath('/form/AbC123/')).toBe('AbC123');
    expect(formIdFromPath('/form/')).toBe('');
    expect(formIdFromPath('/form-login')).toBe('');
  });

  it('reads it from a redirect target (following it is decided separately)', () => {
    expect(formIdFromRedirect('http://localhost:3000/form/xyz?ref=1', origin)).toBe('xyz');
    expect(formIdFromRedirect('/form/xyz', origin)).toBe('xyz');
    expect(formIdFromRedirect('https://evil.example/form/xyz', origin)).toBe('xyz');
    expect(formIdFromRedirect('/dashboard', origin)).toBe('');
    expect(formIdFromRedirect(null, origin)).toBe('');
  });

  it('builds the login URL with the current URL encoded', () => {
    expect(loginUrlFor('http://localhost:3000/form/xyz?a=1&b=2')).toBe(
      '/form-login?redirect=http%3A%2F%2Flocalhost%3A3000%2Fform%2Fxyz%3Fa%3D1%26b%3D2',
    );
  });
});

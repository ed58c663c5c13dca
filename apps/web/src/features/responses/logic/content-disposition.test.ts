// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="Certificate.pdf"')).toBe('Certificate.pdf');
  });

  it('reads an unquoted filename', () => {
    expect(filenameFromContentDisposition('attachment; filename=responses.csv')).toBe('responses.csv');
  });

  it('prefers the RFC 5987 filename* over the ASCII stand-in', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="Certificat d_inscription.pdf"; filename*=UTF-8''Certificat%20d%E2%80%99inscription%20%C3%A9t%C3%A9.pdf`,
      ),
    ).toBe('Certificat d’inscription été.pdf');
  });

  it('reads filename* when it comes first, and is case-insensitive', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; FILENAME*=utf-8'en'%E6%97%A5%E6%9C%AC.zip; filename="x.zip"`,
      ),
    ).toBe('日本.zip');
  });

  it('decodes ISO-8859-1 extended values', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=ISO-8859-1''caf%E9.pdf`)).toBe('café.pdf');
  });

  it('falls back to filename when filename* is malformed', () => {
    expect(
      filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.pdf"`),
    ).toBe('plain.pdf');
  });

  it('unescapes quoted-pair characters and keeps semicolons inside quotes', () => {
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\"; c.pdf"')).toBe('a "b"; c.pdf');
  });

  it('drops any path, so a name cannot point elsewhere', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="..\\\\x.pdf"')).toBe('x.pdf');
  });

  it('answers undefined without a usable name', () => {
    expect(filenameFromContentDisposition(undefined)).toBeUndefined();
    expect(filenameFromContentDisposition('')).toBeUndefined();
    expect(filenameFromContentDisposition('inline')).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=".."')).toBeUndefined();
  });
});

/**
 * The file name a download's Content-Disposition header names. RFC 6266: `filename*` (RFC 5987,
 * `UTF-8''percent-encoded`) wins over `filename`, because only it can carry non-ASCII names (the server
 * sends both, with an ASCII stand-in in `filename`). Returns undefined when the header names no file.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  if (extended) {
    const decoded = decodeExtendedValue(extended.trim());
    if (decoded) return safeFilename(decoded);
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:\\.|[^"\\])*"|[^;]+)/i.exec(header)?.[1];
  if (plain) {
    const value = plain.trim();
    const unquoted = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    return safeFilename(unquoted);
  }
  return undefined;
}

/** `charset'language'percent-encoded` (RFC 5987); only UTF-8 and ISO-8859-1 are defined. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value.replace(/^"|"$/g, ''));
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    // A malformed escape: fall back to the plain filename parameter.
  }
  return undefined;
}

/** The browser strips paths itself, but a name is also shown in toasts, so keep only its last segment. */
function safeFilename(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? undefined : base;
}

/**
 * `Content-Disposition: attachment` for a download whose name comes from the owner (a form or template
 * name). The plain `filename` is an ASCII stand-in every client understands; `filename*` (RFC 5987 /
 * RFC 6266) carries the real UTF-8 name for the browsers that read it, which is all current ones.
 */
export function attachmentDisposition(fileName: string, fallback = 'download'): string {
  const name = cleanFileName(fileName) || fallback;
  const ascii = asciiStandIn(name) || fallback;
  const header = `attachment; filename="${ascii}"`;
  return ascii === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Path separators, control characters and characters Windows forbids become `_`; runs of space collapse. */
export function cleanFileName(fileName: string): string {
  return (
    fileName
      .replace(/\s+/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
      .trim()
      .slice(0, 200)
  );
}

function asciiStandIn(name: string): string {
  return (
    name
      .normalize('NFKD')
      // Combining marks go (é → e); anything else outside printable ASCII becomes `_`.
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/[%;]/g, '_')
  );
}

/** RFC 5987 attr-char: encodeURIComponent leaves a few characters it does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

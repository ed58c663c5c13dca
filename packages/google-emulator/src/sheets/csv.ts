/**
 * CSV as RFC 4180 and spreadsheet apps write it: fields separated by commas, quoted when they hold a
 * comma, a quote or a line break, quotes inside doubled.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0; // A byte-order mark is not data.
  let fieldStarted = false;
  for (; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** One CSV line; `quoteAll` quotes every field (as Google's gviz output does). */
export function csvLine(fields: readonly string[], quoteAll = false): string {
  return fields
    .map((field) => (quoteAll || /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field))
    .join(',');
}

/**
 * The number of pages of a PDF as Chromium writes it: its page tree's nodes are plain dictionaries
 * (`<</Type /Pages /Count n /Kids [...]>>`, outside any compressed stream), and the root's count, the
 * largest, is the document's. Throws when there is no page tree to read, so a change in how the
 * browser writes PDFs fails loudly instead of letting every length through.
 */
export function pdfPageCount(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  let pages = -1;
  for (const match of text.matchAll(/\/Type\s*\/Pages\b/g)) {
    const start = text.lastIndexOf('<<', match.index);
    const end = text.indexOf('>>', match.index);
    if (start < 0 || end < 0) continue;
    const count = /\/Count\s+(\d+)/.exec(text.slice(start, end));
    if (count?.[1]) pages = Math.max(pages, Number(count[1]));
  }
  if (pages < 0) throw new Error('the PDF has no page tree to count');
  return pages;
}

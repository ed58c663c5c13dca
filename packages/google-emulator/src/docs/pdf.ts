/** A block of text for the PDF: a heading level (0 for body text), bold or not; "\n" breaks lines. */
export interface PdfBlock {
  text: string;
  heading: number;
  bold?: boolean;
  /** Nesting level of a list item: each level starts 18 points further right. */
  indent?: number;
}

const PAGE_WIDTH = 612; // US Letter, in points
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const BODY_SIZE = 11;
const LINE_FACTOR = 1.35;

/** Characters of Windows-1252 (WinAnsiEncoding) outside Latin-1, by their byte. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/**
 * A minimal, valid PDF 1.4 of text blocks (Helvetica, WinAnsi), enough for "export as PDF" of documents
 * and sheets: text wraps at the margins and flows onto new pages. No dependency; characters that
 * WinAnsiEncoding cannot show become '?'.
 */
export function textToPdf(title: string, blocks: PdfBlock[]): Buffer {
  const lines: Array<{ text: string; size: number; bold: boolean; x: number }> = [];
  for (const block of blocks) {
    const size = block.heading === 0 ? BODY_SIZE : Math.max(BODY_SIZE + 1, 22 - block.heading * 2);
    const bold = block.heading > 0 || block.bold === true;
    // Helvetica averages about half an em per character; that is close enough for wrapping.
    const x = MARGIN + 18 * (block.indent ?? 0);
    const perLine = Math.max(10, Math.floor((PAGE_WIDTH - MARGIN - x) / (size * 0.5)));
    for (const part of block.text.split('\n')) {
      const wrapped = wrap(part, perLine);
      // A blank line (an empty paragraph) still takes its height.
      for (const line of wrapped.length > 0 ? wrapped : ['']) lines.push({ text: line, size, bold, x });
    }
    lines.push({ text: '', size: BODY_SIZE / 2, bold: false, x: MARGIN });
  }

  const pages: string[] = [];
  let stream = '';
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const height = line.size * LINE_FACTOR;
    if (y - height < MARGIN && stream !== '') {
      pages.push(stream);
      stream = '';
      y = PAGE_HEIGHT - MARGIN;
    }
    y -= height;
    if (line.text !== '') {
      stream += `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${line.x} ${y.toFixed(2)} Td (${escapePdfText(line.text)}) Tj ET\n`;
    }
  }
  pages.push(stream);

  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((content, index) => {
    const pageId = 5 + index * 2;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title (${escapePdfText(title)}) /Producer (SheetForms Google emulator) >>`;

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(pdf, 'latin1');
    pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > perLine) {
      lines.push(current);
      current = '';
    }
    current = current === '' ? word : `${current} ${word}`;
    while (current.length > perLine) {
      lines.push(current.slice(0, perLine));
      current = current.slice(perLine);
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

function escapePdfText(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 63;
      if (char === '\\' || char === '(' || char === ')') return `\\${char}`;
      if (code < 32) return ' ';
      if (code <= 255) return char;
      const winAnsi = WIN_ANSI[char];
      return winAnsi === undefined ? '?' : String.fromCharCode(winAnsi);
    })
    .join('');
}

// A document shaped like a real Google Docs template, of about `bytes` bytes: headings, paragraphs of
// styled runs (every run carries a style, as Docs exports do), a table of styled cells every few
// paragraphs, bullet lists and placeholders. Used by the HTML-work bench and the worst-case proof test.

const WORDS =
  'the quick brown fox jumps over a lazy dog while seven bright students prepare their annual report on water quality'.split(
    ' ',
  );

function sentence(seed) {
  const words = [];
  for (let i = 0; i < 12; i++) words.push(WORDS[(seed * 7 + i * 3) % WORDS.length]);
  return `${words.join(' ')}.`;
}

const RUN_STYLES = [
  'color:#000000;font-weight:400;font-size:11pt;font-style:normal',
  'color:#1155cc;font-weight:700;font-size:11pt;text-decoration:underline',
  'color:#434343;font-weight:400;font-size:10pt;font-style:italic;background-color:#fff2cc',
];

function paragraph(seed) {
  const runs = [];
  for (let r = 0; r < 3; r++) {
    runs.push(`<span style="${RUN_STYLES[(seed + r) % RUN_STYLES.length]}">${sentence(seed + r)} </span>`);
  }
  if (seed % 5 === 0) runs.push('<span style="font-weight:700">{{Full Name}}</span>');
  return `<p style="line-height:1.15;margin-top:0pt;margin-bottom:10pt;text-align:left">${runs.join('')}</p>`;
}

function table(seed) {
  const rows = [];
  for (let r = 0; r < 4; r++) {
    const cells = [];
    for (let c = 0; c < 3; c++) {
      cells.push(
        `<td style="border:1pt solid #000000;padding:5pt 5pt 5pt 5pt;vertical-align:top;width:33%"><p style="margin:0pt"><span style="font-size:10pt">${sentence(seed + r + c)}</span></p></td>`,
      );
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table style="border-collapse:collapse;width:100%"><tbody>${rows.join('')}</tbody></table>`;
}

function list(seed) {
  const items = [0, 1, 2].map((i) => `<li style="margin-left:36pt"><span>${sentence(seed + i)}</span></li>`);
  return `<ul>${items.join('')}</ul>`;
}

export function realShapedHtml(bytes) {
  const parts = ['<h1 style="text-align:center">Certificate of Completion</h1>'];
  let size = parts[0].length;
  for (let seed = 1; size < bytes; seed++) {
    let part;
    if (seed % 12 === 0) part = `<h2 style="font-size:14pt">Section ${seed / 12}</h2>`;
    else if (seed % 7 === 0) part = table(seed);
    else if (seed % 9 === 0) part = list(seed);
    else part = paragraph(seed);
    if (size + part.length > bytes) break;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

import { cleanFileName } from '../../http/content-disposition.js';

/** Long template names are cut so the response id at the end of each entry name always survives. */
const TEMPLATE_PART_MAX = 120;

/**
 * Entry names of the 'Download all as PDF' ZIP: '{template name} - {response id}.pdf'. The response id
 * (not the table's No., which shifts as new responses arrive) names the row for good, and names stay
 * unique even if two ids clean up to the same text.
 */
export function zipEntryNames(templateName: string, responseIds: readonly string[]): string[] {
  const base = cleanFileName(templateName).slice(0, TEMPLATE_PART_MAX).trim() || 'Response';
  const used = new Set<string>();
  return responseIds.map((id) => {
    const stem = `${base} - ${cleanFileName(id)}`;
    let name = `${stem}.pdf`;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${stem} (${n}).pdf`;
    used.add(name.toLowerCase());
    return name;
  });
}

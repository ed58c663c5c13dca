/**
 * Whether HTML would print anything: some text or an image once tags are set aside. `<p></p>`, spaces
 * and `&nbsp;` print a blank page, which the spec answers with 'Template has no HTML content to export'.
 */
export function hasPrintableContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return text.trim() !== '';
}

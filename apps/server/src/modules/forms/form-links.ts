/** The public address of a form: `{PUBLIC_URL}/form/{formId}`. */
export function openFormUrl(publicUrl: string, formId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/form/${encodeURIComponent(formId)}`;
}

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The embed snippet owners paste into their sites. The title is the owner's form name, so it is
 * escaped: a name like `"><script>` must stay text in the host page.
 */
export function iframeCode(formUrl: string, title: string): string {
  return `<iframe src="${escapeHtml(formUrl)}" width="100%" height="800" frameborder="0" style="border:0" title="${escapeHtml(title)}"></iframe>`;
}

/** The script host pages load beside the iframe to size it to the form (apps/web/public/embed.js). */
export function embedScriptUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/embed.js`;
}

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
 * The embed snippet owners paste into their sites: the iframe of the spec, then our small script, which
 * grows the frame to the form's height as the form reports it (so the form never scrolls inside its
 * frame, at any width). Where the script cannot run (a host that strips scripts or forbids ours), the
 * plain iframe stays as it is, 800 px tall. The title is the owner's form name, so it is escaped: a name
 * like `"><script>` must stay text in the host page.
 */
export function iframeCode(formUrl: string, title: string, scriptUrl: string): string {
  const frame = `<iframe src="${escapeHtml(formUrl)}" width="100%" height="800" frameborder="0" style="border:0" title="${escapeHtml(title)}"></iframe>`;
  return `${frame}\n<script src="${escapeHtml(scriptUrl)}" async></script>`;
}

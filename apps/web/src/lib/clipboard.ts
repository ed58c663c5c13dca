/**
 * Copies text: the asynchronous Clipboard API (present in secure contexts), else a hidden text area and
 * execCommand('copy'), so copying also works when the app is opened over plain HTTP on a local network.
 * The fallback text area goes into `host` (inside an open dialog or drawer, the rest of the page is inert
 * and cannot be selected). Resolves to whether the copy worked.
 */
export async function copyText(text: string, host: HTMLElement = document.body): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or the document is not focused: try the fallback.
    }
  }
  return copyWithTextArea(text, host);
}

function copyWithTextArea(text: string, host: HTMLElement): boolean {
  const textArea = document.createElement('textarea');
  textArea.value = text;
  textArea.setAttribute('readonly', '');
  textArea.setAttribute('aria-hidden', 'true');
  textArea.style.position = 'fixed';
  textArea.style.top = '0';
  textArea.style.left = '0';
  textArea.style.opacity = '0';
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  host.appendChild(textArea);
  textArea.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  textArea.remove();
  previouslyFocused?.focus();
  return copied;
}

/** Selects a node's text, so the person can copy it by hand when copying for them did not work. */
export function selectContents(node: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!node || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  selection.removeAllRanges();
  selection.addRange(range);
}

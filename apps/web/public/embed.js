/*
 * SheetForms embed script. Paste it after a form's iframe (the Manage Forms snippet has both): each
 * SheetForms iframe on the page then grows and shrinks with its form, so the form never scrolls inside
 * its frame. Without this script the iframe simply keeps the height it was given.
 *
 * It listens only to messages from the SheetForms server this script came from, and only resizes the
 * iframe that sent the message.
 */
(() => {
  if (window.sheetformsEmbed) return; // Pasted twice: one listener is enough.
  window.sheetformsEmbed = true;
  const script = document.currentScript;
  if (!script?.src) return;
  const formsOrigin = new URL(script.src, window.location.href).origin;
  // A form is never shorter than its login card, and a bound keeps a faulty report from growing the page
  // without end.
  const MIN_HEIGHT = 120;
  const MAX_HEIGHT = 20000;

  window.addEventListener('message', (event) => {
    if (event.origin !== formsOrigin) return;
    const data = event.data;
    if (data?.type !== 'sheetforms:height') return;
    if (typeof data.height !== 'number' || !Number.isFinite(data.height)) return;
    const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(data.height)));
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${height}px`;
        return;
      }
    }
  });
})();

/**
 * An embedded form tells its host page how tall its content is, so the embed script there
 * (public/embed.js) sizes the iframe to it and the form never scrolls inside its frame. Only the height
 * is sent, to whichever page frames the form: it says nothing about the respondent or their answers.
 */
export const FRAME_HEIGHT_MESSAGE = 'sheetforms:height';

/** Reports the height of `#root` (the card, its margins and the toast above it) on every change. */
export function reportFrameHeight(): void {
  const root = document.getElementById('root');
  if (!root || typeof ResizeObserver === 'undefined') return;
  let reported = 0;
  const report = () => {
    // The content's own height, never the frame's: the frame follows it, so measuring the frame (the
    // document's scrollHeight is at least the viewport) could never shrink it again.
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === 0 || height === reported) return;
    reported = height;
    window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(report).observe(root);
  report();
}

import { type SafeHtml, trustedHtml } from './safe-html.js';

// Material Design icon paths (Apache 2.0), inlined because the pages may load nothing.
function icon(path: string): SafeHtml {
  return trustedHtml(
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${path}"/></svg>`,
  );
}

/** `</>`: marks the emulator badge as a developer tool. */
export const CODE_ICON = icon(
  'M9.4 16.6 4.8 12l4.6-4.6L8 6l-6 6 6 6 1.4-1.4zm5.2 0 4.6-4.6-4.6-4.6L16 6l6 6-6 6-1.4-1.4z',
);

/** An outlined person in a circle, as on Google's "Use another account" row. */
export const ACCOUNT_ICON = icon(
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zM7.07 18.28c.43-.9 3.05-1.78 4.93-1.78s4.51.88 4.93 1.78C15.57 19.36 13.86 20 12 20s-3.57-.64-4.93-1.72zm11.29-1.45c-1.43-1.74-4.9-2.33-6.36-2.33s-4.93.59-6.36 2.33C4.62 15.49 4 13.82 4 12c0-4.41 3.59-8 8-8s8 3.59 8 8c0 1.82-.62 3.49-1.64 4.83zM12 6c-1.94 0-3.5 1.56-3.5 3.5S10.06 13 12 13s3.5-1.56 3.5-3.5S13.94 6 12 6zm0 5c-.83 0-1.5-.67-1.5-1.5S11.17 8 12 8s1.5.67 1.5 1.5S12.83 11 12 11z',
);

/** A downward chevron that flips when its disclosure opens. */
export const EXPAND_ICON = icon('M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z');

/** A filled circle with an exclamation mark, beside field errors. */
export const ERROR_ICON = icon(
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z',
);

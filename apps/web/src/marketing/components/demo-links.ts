import { type QuestionRow, safeExternalUrl } from '@sheetforms/contract';

/** The URLs behind the answers' 'Demo Website', 'Demo Google Sheet' and 'Watch How It Works'. */
export type DemoLinks = Pick<QuestionRow, 'websiteLink' | 'googleSheetLink' | 'youtubeLink'>;

/** The build's settings that name them (read when the pages are built, so prerender and browser agree). */
export interface DemoLinkEnv {
  VITE_DEMO_WEBSITE_URL?: string | undefined;
  VITE_DEMO_SHEET_URL?: string | undefined;
  VITE_DEMO_VIDEO_URL?: string | undefined;
}

/** The demo links from the build settings; an unset or unsafe one is ''. */
export function demoLinksFrom(env: DemoLinkEnv): DemoLinks {
  const url = (value: string | undefined) => safeExternalUrl(value ?? '') ?? '';
  return {
    websiteLink: url(env.VITE_DEMO_WEBSITE_URL),
    googleSheetLink: url(env.VITE_DEMO_SHEET_URL),
    youtubeLink: url(env.VITE_DEMO_VIDEO_URL),
  };
}

/** The configured demo links (a build setting; read on each call so tests can set it). */
export function configuredDemoLinks(): DemoLinks {
  return demoLinksFrom(import.meta.env as DemoLinkEnv);
}

/**
 * The links an answer's markers open: the deployment's configured demo link first, else the answering
 * row's own column (the operator's questions spreadsheet is configuration too), else '' and the marker
 * stays plain text, never a link to nowhere.
 */
export function demoLinksFor(
  row: Partial<DemoLinks> | undefined,
  configured = configuredDemoLinks(),
): DemoLinks {
  const pick = (key: keyof DemoLinks) => configured[key] || safeExternalUrl(row?.[key] ?? '') || '';
  return {
    websiteLink: pick('websiteLink'),
    googleSheetLink: pick('googleSheetLink'),
    youtubeLink: pick('youtubeLink'),
  };
}

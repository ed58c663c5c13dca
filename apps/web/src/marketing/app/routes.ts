import type { ComponentType } from 'react';

/**
 * The marketing app's route table (spec 000 section 2): the public pages that are prerendered to HTML at
 * build time and hydrated in the browser. One entry per page: its path, the file the prerender writes
 * (served by the server for exactly that path), its head texts, and its page module, loaded on demand so
 * each page ships only its own code.
 */
export interface MarketingRoute {
  path: '/' | '/pricing' | '/contact' | '/chat' | '/chat-support';
  /** The prerendered file under `dist/marketing/`. */
  file: string;
  title: string;
  description: string;
  /** The page module's source (the prerender preloads its chunks); `load` imports this same file. */
  module: string;
  load: () => Promise<ComponentType>;
}

export const SITE_NAME = 'SheetForms';

export const MARKETING_ROUTES: readonly MarketingRoute[] = [
  {
    path: '/',
    file: 'index.html',
    title: 'SheetForms – An AI powered spreadsheet assistant for Google Sheets forms',
    description:
      'Turn any Google Sheets spreadsheet into a web form. Share a link or embed it, and every response lands in your sheet as a new row.',
    module: 'src/marketing/app/route-pages/home.tsx',
    load: () => import('./route-pages/home').then((m) => m.HomeRoutePage),
  },
  {
    path: '/pricing',
    file: 'pricing.html',
    title: 'Pricing – SheetForms',
    description:
      'SheetForms plans: Free for 3 sheet connections, Pro at $29 a month, Enterprise at $99 a month. Save 17% yearly; 14-day free trial, no card needed.',
    module: 'src/marketing/app/route-pages/pricing.tsx',
    load: () => import('./route-pages/pricing').then((m) => m.PricingRoutePage),
  },
  {
    path: '/contact',
    file: 'contact.html',
    title: 'Contact Us – SheetForms',
    description:
      'Questions about SheetForms, Google Sheets forms or a plan? Send us a message and we will get back to you soon.',
    module: 'src/marketing/app/route-pages/contact.tsx',
    load: () => import('./route-pages/contact').then((m) => m.ContactRoutePage),
  },
  {
    path: '/chat',
    file: 'chat.html',
    title: 'Spreadsheet assistant chat – SheetForms',
    description:
      'Ask the SheetForms spreadsheet assistant how to turn a Google Sheet into a form, embed it, and collect responses back into the sheet.',
    module: 'src/marketing/app/route-pages/assistant-chat.tsx',
    load: () => import('./route-pages/assistant-chat').then((m) => m.AssistantChatRoutePage),
  },
  {
    path: '/chat-support',
    file: 'chat-support.html',
    title: 'Chat Support – SheetForms',
    description: 'Chat live with the SheetForms team about forms, Google Sheets and your plan.',
    module: 'src/marketing/app/route-pages/chat-support.tsx',
    load: () => import('./route-pages/chat-support').then((m) => m.ChatSupportRoutePage),
  },
];

/** The route of a path (a trailing slash is the same page), or undefined for a path of another app. */
export function findMarketingRoute(pathname: string): MarketingRoute | undefined {
  const normal = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return MARKETING_ROUTES.find((route) => route.path === normal);
}

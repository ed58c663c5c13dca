import { z } from 'zod';

/**
 * The front door (spec 000 sections 2, 3, 4, 5, 7, 8, 9): the questions feed of the spreadsheet
 * assistant and its matching rule, the plans, and the contact form. One source for the server, the
 * pages and their tests.
 */

// ---------------------------------------------------------------------------------------------------
// Questions feed (GET /sheets/questions)

/** The feed's header texts in the questions spreadsheet; rows are read by these, in any column order. */
export const QUESTION_HEADERS = {
  question: 'Questions',
  answer: 'Answer',
  srNo: 'Sr. No.',
  websiteLink: 'Website link',
  googleSheetLink: 'Google sheet link',
  youtubeLink: 'Youtube link',
  type: 'Type',
} as const;

export const QuestionRowSchema = z
  .object({
    question: z.string(),
    answer: z.string(),
    srNo: z.string(),
    websiteLink: z.string(),
    googleSheetLink: z.string(),
    youtubeLink: z.string(),
    /** 'button' marks the 'Try this questions' chips. */
    type: z.string(),
  })
  .meta({ id: 'QuestionRow' });
export type QuestionRow = z.infer<typeof QuestionRowSchema>;

/** The spec's reply: `{ data, count, timestamp }` (timestamp: when the server read the spreadsheet). */
export const QuestionsFeedSchema = z
  .object({ data: z.array(QuestionRowSchema), count: z.number().int(), timestamp: z.string() })
  .meta({ id: 'QuestionsFeed' });
export type QuestionsFeed = z.infer<typeof QuestionsFeedSchema>;

export const ASSISTANT = {
  heroTitle: 'An AI powered spreadsheet assistant',
  questionPrefill: 'I want to',
  tryTheseQuestions: 'Try this questions',
  /** Browser cache of the feed (spec 9). */
  feedCacheMs: 5_000,
  typingMs: 1_500,
  inputMinHeightPx: 44,
  inputMaxHeightPx: 120,
  feedFailed: 'Failed to load questions - please try again later',
  feedOffline: 'Failed to load questions - please check your connection',
  /** When nothing in the feed matches. */
  fallbackAnswer:
    "I don't have a ready answer for that yet. SheetForms turns any Google Sheet into a web form whose responses land back in the sheet. Chat With Us and a person from our team will help you.",
  /** Spec 4: after each follow-up that the feed cannot answer, one of these, at random. */
  cannedReplies: [
    'Great question! SheetForms reads the header row of your Google Sheet and turns each column into a form field, so you can publish a form in a minute.',
    'Every response is stored by SheetForms first and then written into your sheet as a new row, exactly once, even if Google is slow.',
    'You can embed any form on your website with the iframe snippet from Manage Forms, or share its public link.',
    'Owners can export each response to PDF through a Google Docs template with placeholders such as {{Full Name}}.',
    'Want a hand setting it up? Chat With Us and we will walk you through it.',
  ],
} as const;

/** Markers in answers that become links (to the row's URLs) or the button to live chat. */
export const ANSWER_MARKERS = [
  { text: 'Demo Website', link: 'websiteLink' },
  { text: 'Watch How It Works', link: 'youtubeLink' },
  { text: 'Demo Google Sheet', link: 'googleSheetLink' },
  { text: 'Chat With Us', link: 'chatSupport' },
] as const;

export type AnswerPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'chat'; text: string; href: '/chat-support' };

/** Only absolute http(s) URLs become links; anything else (javascript:, data:, relative) stays text. */
export function safeExternalUrl(url: string): string | undefined {
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).toString();
  } catch {
    return undefined;
  }
}

/**
 * Splits an answer into text, links (a marker whose row has a safe URL) and the live-chat button. A
 * marker without a usable URL stays text; 'Chat With Us' always becomes the button.
 */
export function answerParts(answer: string, row?: Partial<QuestionRow>): AnswerPart[] {
  const pattern = new RegExp(ANSWER_MARKERS.map((m) => m.text.replace(/ /g, '\\s')).join('|'), 'g');
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of answer.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', text: answer.slice(last, index) });
    const marker = ANSWER_MARKERS.find((m) => m.text === match[0].replace(/\s/g, ' '));
    if (marker?.link === 'chatSupport') {
      parts.push({ kind: 'chat', text: match[0], href: '/chat-support' });
    } else {
      const href = marker ? safeExternalUrl(row?.[marker.link] ?? '') : undefined;
      parts.push(href ? { kind: 'link', text: match[0], href } : { kind: 'text', text: match[0] });
    }
    last = index + match[0].length;
  }
  if (last < answer.length) parts.push({ kind: 'text', text: answer.slice(last) });
  // Neighbouring text parts read as one.
  return parts.reduce<AnswerPart[]>((merged, part) => {
    const previous = merged.at(-1);
    if (previous?.kind === 'text' && part.kind === 'text') previous.text += part.text;
    else merged.push({ ...part });
    return merged;
  }, []);
}

/** The typed question without its 'I want' / 'I want to' prefix (spec 5), trimmed and lower-cased. */
export function stripQuestionPrefix(text: string): string {
  return text
    .trim()
    .replace(/^i\s+want(\s+to)?\b/i, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export interface QuestionMatch {
  /** The row that answered, when one did. */
  row: QuestionRow | undefined;
  answer: string;
  how: 'exact' | 'prefix-stripped' | 'contains' | 'fallback';
}

/**
 * Spec 5's matching rule, shared by Home and /chat: take the typed question with its 'I want (to)'
 * prefix removed; try an exact match against the rows; then a match with the prefix stripped from the
 * rows too; then a substring match in either direction; otherwise the fallback answer. Comparisons
 * ignore case and repeated spaces.
 */
export function matchQuestion(typed: string, rows: readonly QuestionRow[]): QuestionMatch {
  const wanted = stripQuestionPrefix(typed);
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const usable = rows.filter((row) => row.question.trim() !== '' && row.answer.trim() !== '');
  const found = (row: QuestionRow | undefined, how: QuestionMatch['how']): QuestionMatch | undefined =>
    row ? { row, answer: row.answer, how } : undefined;
  if (wanted !== '') {
    const result =
      found(
        usable.find((row) => normal(row.question) === wanted),
        'exact',
      ) ??
      found(
        usable.find((row) => stripQuestionPrefix(row.question) === wanted),
        'prefix-stripped',
      ) ??
      found(
        usable.find((row) => {
          const question = stripQuestionPrefix(row.question);
          return question !== '' && (question.includes(wanted) || wanted.includes(question));
        }),
        'contains',
      );
    if (result) return result;
  }
  return { row: undefined, answer: ASSISTANT.fallbackAnswer, how: 'fallback' };
}

/** Send is disabled for empty text or only 'I want' (spec 2). */
export function canSendQuestion(text: string): boolean {
  const trimmed = text.trim().toLowerCase();
  return trimmed !== '' && trimmed !== 'i want';
}

// ---------------------------------------------------------------------------------------------------
// Pricing (spec 9)

export interface Plan {
  name: 'Free' | 'Pro' | 'Enterprise';
  monthlyPrice: number;
  yearlyPrice: number;
  description: string;
  features: readonly string[];
  limitations: readonly string[];
  buttonText: string;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    name: 'Free',
    monthlyPrice: 0,
    yearlyPrice: 0,
    description: 'For trying SheetForms on a side project.',
    features: ['Up to 3 sheet connections', '100 submissions per month', 'Public link and iframe embed'],
    limitations: ['No PDF templates', 'Community support'],
    buttonText: 'Start for free',
    popular: false,
  },
  {
    name: 'Pro',
    monthlyPrice: 29,
    yearlyPrice: 290,
    description: 'For small businesses collecting every day.',
    features: [
      'Unlimited sheet connections',
      '5,000 submissions per month',
      'PDF export through Google Docs templates',
      'Login-protected forms and signatures',
    ],
    limitations: ['Email support'],
    buttonText: 'Start 14-day free trial',
    popular: true,
  },
  {
    name: 'Enterprise',
    monthlyPrice: 99,
    yearlyPrice: 990,
    description: 'For teams with high volume and many forms.',
    features: [
      'Unlimited submissions',
      'Unlimited sheet connections',
      'Everything in Pro',
      'Priority live chat support',
    ],
    limitations: [],
    buttonText: 'Talk to us',
    popular: false,
  },
];

export const PRICING = {
  monthly: 'Monthly',
  yearly: 'Yearly',
  save: 'Save 17%',
  mostPopular: 'Most Popular',
  /** The spec's FAQ claims (section 9). */
  faq: [
    {
      question: 'Is there a free trial?',
      answer: 'Yes. Every paid plan starts with a 14-day free trial, and no credit card is required.',
    },
    {
      question: 'Can I get a refund?',
      answer:
        "Yes. We offer a 30-day money-back guarantee: if SheetForms isn't for you, we refund you in full.",
    },
    {
      question: 'Can I change plans later?',
      answer: 'Yes. Upgrade or downgrade at any time; changes are prorated to the day.',
    },
    {
      question: 'Can I cancel any time?',
      answer: 'Yes. Cancel any time from your account; you keep your plan until the end of the period.',
    },
  ],
} as const;

/** What one month costs on the yearly plan, rounded (spec 2: the per-month figure rounded). */
export function yearlyPerMonth(plan: Pick<Plan, 'yearlyPrice'>): number {
  return Math.round(plan.yearlyPrice / 12);
}

/** The yearly saving against twelve monthly payments, in whole percent (17 for Pro and Enterprise). */
export function yearlySavingPercent(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>): number {
  if (plan.monthlyPrice === 0) return 0;
  return Math.round((1 - plan.yearlyPrice / (plan.monthlyPrice * 12)) * 100);
}

// ---------------------------------------------------------------------------------------------------
// Contact (POST /contact/submit) and the admins' inbox

export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, companyMax: 120, messageMax: 5_000 } as const;

export const CONTACT_MESSAGES = {
  success: "Thank you for your message! We'll get back to you soon.",
  failure: 'Failed to submit contact form. Please try again.',
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email',
  messageRequired: 'Please enter a message',
  tooLong: (field: string, max: number) => `${field} can be at most ${max} characters`,
} as const;

export const ContactSubmitBodySchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.tooLong('Name', CONTACT_LIMITS.nameMax)),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.tooLong('Email', CONTACT_LIMITS.emailMax))
    .pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  company: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.companyMax, CONTACT_MESSAGES.tooLong('Company', CONTACT_LIMITS.companyMax))
    .optional(),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.tooLong('Message', CONTACT_LIMITS.messageMax)),
  /** A hidden field people never fill; bots do (the reply is the same, nothing is stored). */
  website: z.string().max(200).optional(),
});
export type ContactSubmitBody = z.infer<typeof ContactSubmitBodySchema>;

export const ContactMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    message: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
});

export const ContactMessagesPageSchema = z
  .object({
    items: z.array(ContactMessageSchema),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
    unread: z.number().int(),
  })
  .meta({ id: 'ContactMessagesPage' });
export type ContactMessagesPage = z.infer<typeof ContactMessagesPageSchema>;

export const ContactMessagePatchSchema = z.object({ read: z.boolean() });

// ---------------------------------------------------------------------------------------------------
// Profile

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  updateFailed: 'Update failed',
  /** Owners sign in with Google only: there is no SheetForms password to change. */
  googlePassword: 'This account signs in with Google. Change your password in your Google Account.',
  googleAccountUrl: 'https://myaccount.google.com/security',
} as const;

/**
 * Home's static copy below the assistant (spec 000 section 2: three feature blurbs, six FAQ cards and a
 * TL;DR block). The spec fixes their number, not their words; these describe what the product does.
 */

export const FEATURES = [
  {
    title: 'Forms from your sheet',
    body: 'Paste a Google Sheets link and SheetForms turns its header row into form fields: text, email, dates, dropdowns, signatures and more.',
  },
  {
    title: 'Share or embed anywhere',
    body: 'Send the public link, or paste the iframe snippet into any website. Forms work on phones and can be limited to people you approve.',
  },
  {
    title: 'Every response, exactly once',
    body: 'Responses are saved first and then written to your sheet as new rows, with retries when Google is slow, so nothing is lost or doubled.',
  },
] as const;

export const HOME_FAQ = [
  {
    question: 'Do I need to know how to code?',
    answer:
      'No. You paste a spreadsheet link, pick the columns and click Create Form. Embedding is one copy and paste.',
  },
  {
    question: 'Which spreadsheets work?',
    answer:
      'Any Google Sheets spreadsheet you can open. Share it with the link, or with the SheetForms service account, and the Sheet Status column tells you it works.',
  },
  {
    question: 'Where do the responses go?',
    answer:
      'Into your sheet, one new row per response, under the matching column headers. You can also read, search and export them in SheetForms.',
  },
  {
    question: 'What if Google Sheets is down?',
    answer:
      'Nothing is lost. Each response is stored by SheetForms first and written to the sheet as soon as Google answers again.',
  },
  {
    question: 'Can I turn responses into PDFs?',
    answer:
      'Yes. Connect a Google Docs template with placeholders such as {{Full Name}} and export any response as a filled-in PDF.',
  },
  {
    question: 'Can I limit who fills in a form?',
    answer: 'Yes. Turn on Login Protection and add authorized users; they sign in before they see the form.',
  },
] as const;

export const TLDR = {
  title: 'TL;DR',
  points: [
    'Your Google Sheet becomes a web form in about a minute.',
    'Share a link or embed it; every response lands in your sheet as a new row.',
    'Free to start; paid plans when you need more forms and responses.',
  ],
} as const;

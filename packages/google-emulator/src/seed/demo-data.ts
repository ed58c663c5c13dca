import type { NewSpreadsheet } from '../sheets/spreadsheet-store.js';
import { ASSISTANT_QUESTIONS_TITLE } from './demo-titles.js';

// The demo data that local mode starts with. Scripts and tests find it by title, so titles are fixed.

/**
 * Who owns the demo files: the local admin account (the one the browser tests sign in with), so that
 * Drive's owners and permissions name a real person.
 */
export const DEMO_OWNER_EMAIL = 'admin@sheetforms.test';

/** The private demo spreadsheet belongs to someone else, to try "another owner's private spreadsheet". */
export const PRIVATE_OWNER_EMAIL = 'budget.owner@finance.example';

export const EVENT_REGISTRATION: NewSpreadsheet = {
  title: 'Event Registration',
  ownerEmail: DEMO_OWNER_EMAIL,
  sharing: {
    link: 'edit',
    people: [
      { email: 'grace.hopper@example.com', role: 'edit' },
      { email: 'alan.turing@example.com', role: 'view' },
    ],
  },
  sheets: [
    {
      title: 'Registrations',
      rows: [
        ['Full Name', 'Email', 'Phone', 'Company', 'Ticket Type', 'Dietary Requirements'],
        [
          'Ada Lovelace',
          'ada.lovelace@example.com',
          '+44 20 7946 0001',
          'Analytical Engines Ltd',
          'VIP',
          'Vegetarian',
        ],
        ['Alan Turing', 'alan.turing@example.com', '+44 20 7946 0002', 'Bletchley Park', 'Standard', 'None'],
        ['Grace Hopper', 'grace.hopper@example.com', '+1 202 555 0103', 'US Navy', 'Speaker', 'Gluten-free'],
        [
          'Katherine Johnson',
          'katherine.johnson@example.com',
          '+1 757 555 0104',
          'NASA Langley',
          'Standard',
          'None',
        ],
        [
          'Linus Torvalds',
          'linus.torvalds@example.com',
          '+1 503 555 0105',
          'Linux Foundation',
          'Student',
          'Vegan',
        ],
      ],
    },
  ],
};

/** The choices of the Workshop Sign-ups demo, as its rules hold them. */
export const DEMO_SESSIONS = ['Morning workshop', 'Afternoon talk', 'Evening social'];
export const DEMO_DIETARY_NEEDS = ['None', 'Vegetarian', 'Vegan', 'Gluten-free'];

const choices = (values: readonly string[]) => values.map((userEnteredValue) => ({ userEnteredValue }));

/**
 * A sheet whose columns carry data validation, as an owner would set it up in Google Sheets (a dropdown,
 * a number range, a checkbox, an email check and a dropdown from a range of another sheet), so local mode
 * shows the form generator proposing field types from the sheet's own rules. Each rule covers its column
 * from row 2 down, however many rows responses add.
 */
export const WORKSHOP_SIGNUPS: NewSpreadsheet = {
  title: 'Workshop Sign-ups',
  ownerEmail: DEMO_OWNER_EMAIL,
  sharing: { link: 'edit', people: [] },
  sheets: [
    {
      title: 'Registrations',
      rows: [
        ['Name', 'Email', 'Session', 'Guests', 'Newsletter', 'Dietary needs'],
        ['Ada Lovelace', 'ada.lovelace@example.com', 'Morning workshop', 2, true, 'Vegetarian'],
        ['Alan Turing', 'alan.turing@example.com', 'Evening social', 1, false, 'None'],
      ],
      dataValidation: [
        {
          startRowIndex: 1,
          startColumnIndex: 1,
          endColumnIndex: 2,
          rule: { condition: { type: 'TEXT_IS_EMAIL' }, strict: true },
        },
        {
          startRowIndex: 1,
          startColumnIndex: 2,
          endColumnIndex: 3,
          rule: {
            condition: { type: 'ONE_OF_LIST', values: choices(DEMO_SESSIONS) },
            strict: true,
            showCustomUi: true,
          },
        },
        {
          startRowIndex: 1,
          startColumnIndex: 3,
          endColumnIndex: 4,
          rule: {
            condition: { type: 'NUMBER_BETWEEN', values: choices(['1', '5']) },
            inputMessage: 'Between 1 and 5 guests',
            strict: true,
          },
        },
        {
          startRowIndex: 1,
          startColumnIndex: 4,
          endColumnIndex: 5,
          rule: { condition: { type: 'BOOLEAN' } },
        },
        {
          startRowIndex: 1,
          startColumnIndex: 5,
          endColumnIndex: 6,
          rule: {
            condition: { type: 'ONE_OF_RANGE', values: choices(['=Lists!A2:A']) },
            strict: true,
            showCustomUi: true,
          },
        },
      ],
    },
    { title: 'Lists', rows: [['Dietary needs'], ...DEMO_DIETARY_NEEDS.map((need) => [need])] },
  ],
};

export const PRIVATE_BUDGET: NewSpreadsheet = {
  title: 'Private Budget',
  ownerEmail: PRIVATE_OWNER_EMAIL,
  sharing: { link: 'none', people: [{ email: 'accountant@finance.example', role: 'view' }] },
  sheets: [
    {
      title: 'Budget',
      rows: [
        ['Category', 'Planned', 'Actual', 'Notes'],
        ['Venue', 12000, 11850, 'Deposit paid'],
        ['Catering', 8000, 8420, 'Extra coffee break'],
        ['Speakers', 5000, 4500, 'Two local speakers'],
        ['Marketing', 3000, 2760, 'Social ads'],
      ],
    },
  ],
};

export const EMPTY_SHEET: NewSpreadsheet = {
  title: 'Empty Sheet',
  ownerEmail: DEMO_OWNER_EMAIL,
  sharing: { link: 'edit', people: [] },
  sheets: [{ title: 'Sheet1', rows: [] }],
};

const QUESTION_HEADER = [
  'Questions',
  'Answer',
  'Sr. No.',
  'Website link',
  'Google sheet link',
  'Youtube link',
  'Type',
];
const WEBSITE = 'https://sheetforms.example.com';
const DEMO_SHEET = 'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit';
const VIDEO = 'https://www.youtube.com/watch?v=sheetforms-demo';

const QUESTIONS: Array<[question: string, answer: string, type: string]> = [
  [
    'I want to create a form from my Google Sheet',
    'Sign in with Google, open Manage Forms and click Add Form. Paste your spreadsheet URL, click Load Data, pick the sheet, choose the columns that should become fields and click Create Form. See the Demo Website or Watch How It Works.',
    'button',
  ],
  [
    'I want to collect event registrations',
    'Make a sheet with a header row such as Full Name, Email, Phone and Ticket Type, share it as anyone with the link can edit, then create a form from it. Every registration becomes a new row. Try the Demo Google Sheet.',
    'button',
  ],
  [
    'I want to embed my form on my website',
    'In Manage Forms, click Copy in the Iframe URL column and paste the iframe code into your page. The form resizes to its content and works on phones.',
    'button',
  ],
  [
    'I want to issue certificates from form responses',
    'Turn on Document Templates in the form editor and add a Google Doc with placeholders like {{Full Name}} and {{date}}. On the Responses page, Export fills the template with a response and downloads a PDF.',
    'button',
  ],
  [
    'How do I share my spreadsheet with SheetForms?',
    'Open the spreadsheet in Google Sheets, click Share, set General access to Anyone with the link and the role to Editor, or share it with the SheetForms service account email shown in the Google Sheets Setup dialog.',
    'question',
  ],
  [
    'What happens if the sheet I choose does not exist?',
    'SheetForms creates the missing sheet (tab) for you and writes the header row from your form fields before the first response arrives.',
    'question',
  ],
  [
    'Why does Sheet Status say Not Accessible?',
    'SheetForms could not read the spreadsheet: it is private, was deleted, or the sheet was renamed. Fix the sharing or the sheet name, then click Recheck.',
    'question',
  ],
  [
    'Are responses lost if Google Sheets is down?',
    'No. Every response is saved by SheetForms first and written to the spreadsheet from a queue, exactly once, with retries when Google is slow or over quota.',
    'question',
  ],
  [
    'Can I rename the columns in my sheet?',
    'You can rename field labels in the form editor at any time. If you rename header cells in the sheet, open the form editor and check the field mapping so new rows land in the right columns.',
    'question',
  ],
  [
    'Can respondents sign their submission?',
    'Yes. Enable Digital Signature in the form editor; respondents draw a signature that is stored with the response and can be downloaded as a PNG.',
    'question',
  ],
  [
    'Can I restrict a form to certain people?',
    'Turn on Login Protection in the form editor and add authorized users. They sign in on the Form Login page before they can see the form.',
    'question',
  ],
  [
    'How much does SheetForms cost?',
    'There is a free plan for small forms and paid plans for more forms and responses. See the Pricing page for details, or Chat With Us if you have questions.',
    'question',
  ],
  [
    'Which field types are supported?',
    'Text, email, number, phone, date, long text, dropdown, checkbox and file fields. You choose the type of each column when you build the form.',
    'question',
  ],
  [
    'I need help from a person',
    'Click Chat With Us to talk to our support team during business hours.',
    'question',
  ],
  [
    'I want to see a live example',
    'Open the Demo Website to fill in a real form, then open the Demo Google Sheet to see your answer arrive as a new row a moment later.',
    'button',
  ],
  [
    'I want to collect customer feedback',
    'Create a sheet with columns such as Name, Email, Rating and Comments, then build a form from it in a minute. Watch How It Works for a two-minute walkthrough.',
    'button',
  ],
  [
    'Can I edit a form after it is published?',
    'Yes. Open Manage Forms and click Edit: change labels, field types, required fields and settings. The public link stays the same, so nobody needs a new URL.',
    'question',
  ],
  [
    'Where do I see the responses?',
    'Every response lands in your Google Sheet as a new row. In SheetForms, click Responses next to a form to search, filter by date and export them.',
    'question',
  ],
  [
    'Can I export responses to Excel or CSV?',
    'Yes. On the Responses page choose Export and pick CSV or Excel. Each field becomes a column, in the same order as your form.',
    'question',
  ],
  [
    'Do I need to install anything?',
    'No. SheetForms runs in your browser and your respondents only need the form link. Try the Demo Website to see it on your phone.',
    'question',
  ],
  [
    'Is my spreadsheet data safe?',
    'SheetForms only reads the sheets you connect and only writes new rows for responses. You can remove access at any time from the Share dialog in Google Sheets. Chat With Us if you have security questions.',
    'question',
  ],
];

export const ASSISTANT_QUESTIONS: NewSpreadsheet = {
  title: ASSISTANT_QUESTIONS_TITLE,
  ownerEmail: DEMO_OWNER_EMAIL,
  sharing: { link: 'view', people: [] },
  sheets: [
    {
      title: 'Questions',
      rows: [
        QUESTION_HEADER,
        ...QUESTIONS.map(([question, answer, type], index) => [
          question,
          answer,
          index + 1,
          WEBSITE,
          DEMO_SHEET,
          VIDEO,
          type,
        ]),
      ],
    },
  ],
};

export const CERTIFICATE_TEMPLATE = {
  title: 'Certificate Template',
  html: `<html><head><meta charset="utf-8"><title>Certificate Template</title></head><body>
<h1 style="text-align:center">Certificate of Attendance</h1>
<p style="text-align:center">This certifies that</p>
<h2 style="text-align:center">{{Full Name}}</h2>
<p style="text-align:center">({{Email}})</p>
<p style="text-align:center">attended the SheetForms Community Day on {{date}}.</p>
<p style="text-align:right">The SheetForms Team</p>
</body></html>`,
};

/**
 * A confirmation letter in the shape of Google's HTML export (generated classes, spans, `lst-kix` lists),
 * so local mode exercises what a real document looks like. Its placeholders are the Event Registration
 * sheet's headers, exactly, plus {{date}} and {{Response ID}}.
 */
export const REGISTRATION_CONFIRMATION = {
  title: 'Registration Confirmation',
  html: `<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">.lst-kix_rc1bring-0>li:before{content:"\\0025cf   "}.lst-kix_rc2day-0>li:before{content:"" counter(lst-ctn-kix_rc2day-0,decimal) ". "}ul.lst-kix_rc1bring-0{list-style-type:none}ol.lst-kix_rc2day-0{list-style-type:none}.c0{color:#000000;font-weight:400;text-decoration:none;vertical-align:baseline;font-size:11pt;font-family:"Arial";font-style:normal}.c1{color:#000000;font-weight:700;text-decoration:none;vertical-align:baseline;font-size:11pt;font-family:"Arial";font-style:normal}.c2{padding-top:0pt;padding-bottom:0pt;line-height:1.15;orphans:2;widows:2;text-align:left}.c3{padding-top:20pt;padding-bottom:6pt;line-height:1.15;page-break-after:avoid;text-align:left}.c4{border-right-style:solid;padding:5pt 5pt 5pt 5pt;border-bottom-color:#000000;border-top-width:1pt;border-right-width:1pt;border-left-color:#000000;vertical-align:top;border-right-color:#000000;border-left-width:1pt;border-top-style:solid;border-left-style:solid;border-bottom-width:1pt;width:234pt;border-top-color:#000000;border-bottom-style:solid}.c5{font-style:italic}.c6{margin-left:36pt;padding-top:0pt;padding-left:0pt;padding-bottom:0pt;line-height:1.15;orphans:2;widows:2;text-align:left}.c7{border-spacing:0;border-collapse:collapse;margin-right:auto}.c8{background-color:#ffffff;max-width:468pt;padding:72pt 72pt 72pt 72pt}.c9{padding:0;margin:0}.c10{height:0pt}</style></head><body class="c8 doc-content"><h1 class="c3" id="h.rc0title"><span class="c0">Registration Confirmation</span></h1><p class="c2"><span class="c0">Dear {{Full Name}},</span></p><p class="c2"><span class="c1">Your registration for the SheetForms Community Day is confirmed.</span></p><p class="c2"><span class="c0">Confirmation number: {{Response ID}} · Issued on {{date}}</span></p><h2 class="c3" id="h.rc1details"><span class="c0">Your details</span></h2><table class="c7"><tr class="c10"><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c1">Email</span></p></td><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c0">{{Email}}</span></p></td></tr><tr class="c10"><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c1">Phone</span></p></td><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c0">{{Phone}}</span></p></td></tr><tr class="c10"><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c1">Company</span></p></td><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c0">{{Company}}</span></p></td></tr><tr class="c10"><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c1">Ticket Type</span></p></td><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c0">{{Ticket Type}}</span></p></td></tr><tr class="c10"><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c1">Dietary Requirements</span></p></td><td class="c4" colspan="1" rowspan="1"><p class="c2"><span class="c0">{{Dietary Requirements}}</span></p></td></tr></table><h2 class="c3" id="h.rc2bring"><span class="c0">What to bring</span></h2><ul class="c9 lst-kix_rc1bring-0 start"><li class="c6 li-bullet-0"><span class="c0">This confirmation, printed or on your phone</span></li><li class="c6 li-bullet-0"><span class="c0">A photo ID in the name of {{Full Name}}</span></li><li class="c6 li-bullet-0"><span class="c0">Your {{Ticket Type}} badge, sent to {{Email}}</span></li></ul><h2 class="c3" id="h.rc3day"><span class="c0">On the day</span></h2><ol class="c9 lst-kix_rc2day-0 start" start="1"><li class="c6 li-bullet-0"><span class="c0">Check in at the front desk from 8:30</span></li><li class="c6 li-bullet-0"><span class="c0">Collect your badge and welcome pack</span></li></ol><p class="c2"><span class="c0 c5">See you there! The SheetForms Team</span></p></body></html>`,
};

export * from './auth.js';
export * from './constants.js';
export * from './forms.js';
export * from './problem.js';
export * from './sheets.js';
export * from './spreadsheet-url.js';
export * from './submissions.js';

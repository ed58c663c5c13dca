export * from './auth.js';
export * from './constants.js';
export * from './problem.js';
export * from './spreadsheet-url.js';

/**
 * The answer rules and the field kinds they stand on, without zod: the public form imports this entry
 * (`@sheetforms/contract/answers`) to show the server's messages before sending while its bundle stays
 * light. Everything here is also exported by the package's main entry.
 */
export * from './answer-rules.js';
export * from './field-kinds.js';
export * from './field-visibility.js';
export * from './prefill.js';

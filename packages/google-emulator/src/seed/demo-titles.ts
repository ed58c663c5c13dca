/**
 * The titles of demo spreadsheets the server looks up by name. A module of its own, exported as
 * `@sheetforms/google-emulator/demo-titles`, so a server in Google mode can name them without loading
 * the emulator (about a hundred modules and their parsers it never serves).
 */

/** The assistant's questions spreadsheet; in local mode the server finds it by this title. */
export const ASSISTANT_QUESTIONS_TITLE = 'SheetForms Assistant Questions';

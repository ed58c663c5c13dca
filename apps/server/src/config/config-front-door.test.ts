import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');
const GOOGLE = {
  GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
  PUBLIC_URL: 'https://forms.example.com',
};

describe('questions feed and contact settings', () => {
  it("reads the questions spreadsheet's id from QUESTIONS_SHEET_URL, in either mode", () => {
    const url = 'https://docs.google.com/spreadsheets/d/1AbC-def_GhI/edit#gid=0';
    expect(load({ QUESTIONS_SHEET_URL: url }).questions).toEqual({ spreadsheetId: '1AbC-def_GhI' });
    expect(load({ ...GOOGLE, QUESTIONS_SHEET_URL: url }).questions).toEqual({
      spreadsheetId: '1AbC-def_GhI',
    });
  });

  it("finds the emulator's seeded spreadsheet by title in local mode, and has none in Google mode", () => {
    expect(load({}).questions).toEqual({ emulatorTitle: 'SheetForms Assistant Questions' });
    expect(load(GOOGLE).questions).toBeUndefined();
  });

  it('refuses a QUESTIONS_SHEET_URL that is not a Google Sheets URL, and an SMTP_URL that is not smtp(s)', () => {
    expect(() => load({ QUESTIONS_SHEET_URL: 'https://example.com/questions.csv' })).toThrow(ConfigError);
    expect(() => load({ QUESTIONS_SHEET_URL: 'https://example.com/questions.csv' })).toThrow(
      /QUESTIONS_SHEET_URL/,
    );
    expect(() => load({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL must be an smtp/);
  });

  it('defaults the contact limit to 5 a minute, mails nothing without SMTP_URL, and derives the sender', () => {
    expect(load(GOOGLE).contact).toEqual({
      perMinute: 5,
      smtpUrl: undefined,
      mailFrom: 'SheetForms <no-reply@forms.example.com>',
      mailTimeoutMs: 10_000,
    });
    const contact = load({
      CONTACT_RATE_LIMIT_PER_MINUTE: '12',
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      SMTP_FROM: 'Support <support@example.com>',
      SMTP_TIMEOUT_MS: '2000',
    }).contact;
    expect(contact).toEqual({
      perMinute: 12,
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      mailFrom: 'Support <support@example.com>',
      mailTimeoutMs: 2000,
    });
  });
});

import { FormSettingsInputSchema } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { normaliseSettings, settingsFromJson } from './form-settings.js';

const DEFAULTS = {
  loginRequired: 0,
  templateEnabled: 0,
  templateUrl: '',
  templates: [],
  signatureEnabled: 0,
  signatureWidth: 400,
  signatureHeight: 200,
  gdprEnabled: 0,
  // Forms made before owner notifications existed read as off (issue 24).
  notifyOwner: 0,
};

describe('normaliseSettings', () => {
  it('answers the defaults when settings are missing', () => {
    expect(normaliseSettings(undefined)).toEqual(DEFAULTS);
    expect(normaliseSettings({})).toEqual(DEFAULTS);
  });

  it('keeps what was given and fills the rest', () => {
    expect(
      normaliseSettings({ loginRequired: 1, templateUrl: 'https://docs.google.com/document/d/x' }),
    ).toEqual({
      ...DEFAULTS,
      loginRequired: 1,
      templateUrl: 'https://docs.google.com/document/d/x',
    });
  });

  it('keeps signature sizes within limits and falls back to 400 / 200 outside them', () => {
    const size = (signatureWidth: number, signatureHeight: number) => {
      const s = normaliseSettings({ signatureWidth, signatureHeight });
      return [s.signatureWidth, s.signatureHeight];
    };
    expect(size(200, 100)).toEqual([200, 100]);
    expect(size(800, 400)).toEqual([800, 400]);
    expect(size(650.4, 333.6)).toEqual([650, 334]);
    expect(size(199, 99)).toEqual([400, 200]);
    expect(size(801, 401)).toEqual([400, 200]);
    expect(size(Number.NaN, -5)).toEqual([400, 200]);
  });

  it('takes settings parsed from a JSON string by the contract schema, flags as booleans or text', () => {
    const parsed = FormSettingsInputSchema.parse(
      JSON.stringify({
        loginRequired: true,
        gdprEnabled: '1',
        signatureEnabled: false,
        signatureWidth: '900',
      }),
    );
    expect(normaliseSettings(parsed)).toEqual({
      ...DEFAULTS,
      loginRequired: 1,
      gdprEnabled: 1,
      signatureEnabled: 0,
      signatureWidth: 400,
    });
  });
});

describe('settingsFromJson', () => {
  it('reads stored settings and normalises them', () => {
    expect(settingsFromJson(JSON.stringify({ templateEnabled: 1, signatureHeight: 1000 }))).toEqual({
      ...DEFAULTS,
      templateEnabled: 1,
    });
  });

  it('falls back to the defaults for missing or unreadable settings', () => {
    expect(settingsFromJson(null)).toEqual(DEFAULTS);
    expect(settingsFromJson('')).toEqual(DEFAULTS);
    expect(settingsFromJson('{broken')).toEqual(DEFAULTS);
    expect(settingsFromJson('"a string"')).toEqual(DEFAULTS);
  });
});

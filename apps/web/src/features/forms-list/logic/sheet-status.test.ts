// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CHECK_FAILED_MESSAGE,
  checkFailedResult,
  deriveSheetStatus,
  isSheetConfigured,
  SHEET_STATUS_LABELS,
  serviceAccountEmailFrom,
  statusFromResult,
} from './sheet-status';

const done = (
  accessible: boolean,
  error: 'PERMISSION_DENIED' | 'NOT_FOUND' | 'CHECK_FAILED' | 'NO_OWNER_ACCESS' | null,
) => ({
  phase: 'done' as const,
  result: { accessible, error, message: 'm', lastChecked: '2025-01-01T00:00:00.000Z', sheetExists: true },
});

describe('sheet status (spec 000 section 4)', () => {
  it('derives each of the six states', () => {
    expect(deriveSheetStatus(false, undefined)).toBe('not-configured');
    expect(deriveSheetStatus(false, done(true, null))).toBe('not-configured');
    expect(deriveSheetStatus(true, { phase: 'checking' })).toBe('checking');
    expect(deriveSheetStatus(true, undefined)).toBe('checking');
    expect(deriveSheetStatus(true, done(true, null))).toBe('connected');
    expect(deriveSheetStatus(true, done(false, 'PERMISSION_DENIED'))).toBe('setup-required');
    expect(deriveSheetStatus(true, done(false, 'NOT_FOUND'))).toBe('invalid-url');
    expect(deriveSheetStatus(true, done(false, 'NO_OWNER_ACCESS'))).toBe('no-access');
    expect(deriveSheetStatus(true, done(false, 'CHECK_FAILED'))).toBe('error');
    expect(statusFromResult({ accessible: false, error: null })).toBe('error');
  });

  it('labels them as the spec shows them', () => {
    expect(SHEET_STATUS_LABELS).toEqual({
      checking: 'Checking...',
      retrying: 'Could not check just now - retrying',
      connected: 'Connected',
      'setup-required': 'Setup Required',
      'no-access': 'No access',
      'invalid-url': 'Invalid URL',
      error: 'Error',
      'not-configured': 'Not configured',
    });
  });

  it('turns a failed call into CHECK_FAILED with the spec text', () => {
    const result = checkFailedResult(new Date('2025-02-03T04:05:06.000Z'));
    expect(result).toEqual({
      accessible: false,
      error: 'CHECK_FAILED',
      message: 'Failed to check spreadsheet access',
      lastChecked: '2025-02-03T04:05:06.000Z',
      sheetExists: false,
    });
    expect(CHECK_FAILED_MESSAGE).toBe('Failed to check spreadsheet access');
    expect(statusFromResult(result)).toBe('error');
  });

  it('needs both a URL and a sheet name, ignoring blanks', () => {
    expect(isSheetConfigured({ googleSheetsUrl: 'https://x', sheetName: 'Sheet1' })).toBe(true);
    expect(isSheetConfigured({ googleSheetsUrl: 'https://x', sheetName: '  ' })).toBe(false);
    expect(isSheetConfigured({ googleSheetsUrl: '', sheetName: 'Sheet1' })).toBe(false);
  });

  it('finds the service-account email in a PERMISSION_DENIED message', () => {
    expect(
      serviceAccountEmailFrom(
        'Share the spreadsheet with forms@proj.iam.gserviceaccount.com as Editor or make it "Anyone with the link" can edit',
      ),
    ).toBe('forms@proj.iam.gserviceaccount.com');
    expect(serviceAccountEmailFrom('Make the spreadsheet "Anyone with the link" can edit')).toBeUndefined();
  });
});

import { createDriveClient } from '../google/drive-client.js';
import { createServiceAccountTokens } from '../google/service-account.js';
import { createSheetsClient } from '../google/sheets-client.js';
import { createSpreadsheetProbes } from '../google/spreadsheet-probes.js';
import { createTokenInfoClient } from '../google/token-info.js';
import { createUsersRepository } from '../modules/auth/users.repository.js';
import { createFieldOptions } from '../modules/field-options/field-options.service.js';
import { createOptionsCache } from '../modules/field-options/options-cache.js';
import { createGoogleEditProofsRepository } from '../modules/sheets/google-edit-proofs.repository.js';
import { createOwnerAccessService } from '../modules/sheets/owner-access.service.js';
import { createSheetsService } from '../modules/sheets/sheets.service.js';
import type { AppContext } from './app-context.js';

/**
 * The Google clients, and what reads the owners' spreadsheets through them: the owner-access check,
 * choice-field options and the sheets service.
 */
export function wireGoogleSheets({ app, config, database, overrides, googleFetch }: AppContext) {
  // The same clients talk to Google and to the emulator; config decides the URLs and credentials.
  const { googleApis } = config;
  const serviceAccount = googleApis.serviceAccount
    ? createServiceAccountTokens({
        source: googleApis.serviceAccount,
        timeoutMs: googleApis.timeoutMs,
        ...googleFetch,
      })
    : undefined;
  const google = {
    sheets: createSheetsClient({
      sheetsApiUrl: googleApis.sheetsUrl,
      credentials: { apiKey: googleApis.apiKey, serviceAccount },
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
    drive: createDriveClient({
      driveApiUrl: googleApis.driveUrl,
      serviceAccount,
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
  };
  const serviceAccountEmail = async () => (serviceAccount ? serviceAccount.clientEmail() : undefined);
  const nowOverride = overrides.now;
  // One service account serves every owner, so binding a spreadsheet needs the owner's own access to it.
  const usersForSheetAccess = createUsersRepository(database.db);
  const ownerAccess = createOwnerAccessService({
    drive: google.drive,
    // An owner's own token proves access only when Google issued it to this app's OAuth client.
    tokenInfo: createTokenInfoClient({
      tokenInfoUrl: config.google.tokenInfoUrl,
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
    clientId: config.google.clientId,
    probes: createSpreadsheetProbes({
      sheetsApiUrl: googleApis.sheetsUrl,
      apiKey: googleApis.apiKey,
      timeoutMs: googleApis.timeoutMs,
      ...googleFetch,
    }),
    hasServiceAccount: serviceAccount !== undefined,
    hasApiKey: googleApis.apiKey !== undefined,
    sheets: google.sheets,
    proofs: createGoogleEditProofsRepository(database.db),
    ownerEmail: async (ownerId) => (await usersForSheetAccess.findById(ownerId))?.email,
    log: app.log,
    ...(nowOverride ? { now: () => nowOverride().getTime() } : {}),
  });
  // Options of choice fields read from a range of the form's own spreadsheet, for owners who can edit it.
  const fieldOptions = createFieldOptions({
    sheets: google.sheets,
    ownerCanEdit: async (ownerId, spreadsheetId) =>
      (await ownerAccess.decide(ownerId, spreadsheetId)).kind === 'granted',
    // Its 60 s bound follows the app's clock, which tests move forward.
    ...(nowOverride ? { cache: createOptionsCache({ now: () => nowOverride().getTime() }) } : {}),
  });
  const sheets = createSheetsService({
    sheets: google.sheets,
    ownerAccess,
    serviceAccountEmail,
    log: app.log,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  return { google, serviceAccount, ownerAccess, fieldOptions, sheets };
}

import type { FastifyInstance } from 'fastify';
import { resolveQuotaSettings } from '../emulator-options.js';
import type { EmulatorServices } from '../emulator-services.js';
import { sendGoogleError } from '../google-errors.js';

/**
 * Emulator-only knobs: reset and seed the data, inject faults, switch quotas, add service accounts.
 * Reset keeps the signing key, accounts, tokens and service accounts: only files and test knobs go.
 */
export function registerEmulatorControlRoutes(app: FastifyInstance, services: EmulatorServices) {
  app.post('/__emulator/reset', async (request) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    await services.spreadsheets.clear();
    await services.documents.clear();
    services.faults.clear();
    services.quota.clearCounts();
    const seeded = body.seed === false ? [] : await services.seed.seedMissing();
    return { ok: true, seeded };
  });

  app.post('/__emulator/seed', async () => ({ ok: true, seeded: await services.seed.seedMissing() }));

  app.put('/__emulator/faults', async (request, reply) => {
    const problem = services.faults.configure(request.body);
    if (problem) return sendGoogleError(reply, 400, problem);
    return { faults: services.faults.settings };
  });
  app.get('/__emulator/faults', async () => ({ faults: services.faults.settings }));
  app.delete('/__emulator/faults', async () => {
    services.faults.clear();
    return { faults: services.faults.settings };
  });

  app.put('/__emulator/quota', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    if (typeof body.enabled !== 'boolean')
      return sendGoogleError(reply, 400, "Invalid value at 'enabled': a boolean is required.");
    try {
      services.quota.configure(
        resolveQuotaSettings({
          enabled: body.enabled,
          ...(body.readsPerMinutePerUser !== undefined
            ? { readsPerMinutePerUser: body.readsPerMinutePerUser as number }
            : {}),
          ...(body.writesPerMinutePerUser !== undefined
            ? { writesPerMinutePerUser: body.writesPerMinutePerUser as number }
            : {}),
          ...(body.requestsPerMinutePerProject !== undefined
            ? { requestsPerMinutePerProject: body.requestsPerMinutePerProject as number }
            : {}),
        }),
      );
    } catch (error) {
      return sendGoogleError(
        reply,
        400,
        error instanceof Error ? error.message.replace('google emulator: ', '') : 'Invalid quota.',
      );
    }
    return { quota: services.quota.settings };
  });
  app.get('/__emulator/quota', async () => ({ quota: services.quota.settings }));

  app.post('/__emulator/service-accounts', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const name = body.name ?? `sa-${Date.now().toString(36)}`;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(name)) {
      return sendGoogleError(
        reply,
        400,
        "Invalid value at 'name': 6 to 30 lowercase letters, digits or hyphens, starting with a letter.",
      );
    }
    const keyFile = await services.serviceAccounts.register(name, `${services.config.issuer()}/token`);
    return reply.code(201).header('cache-control', 'no-store').send(keyFile);
  });
}

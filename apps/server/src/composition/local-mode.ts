import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config-types.js';

/**
 * In local mode the Google emulator is served by this same server, under /__google. It is imported
 * only then: a server in Google mode never loads the emulator's modules (decision 0039).
 */
export async function registerLocalGoogleEmulator(
  app: FastifyInstance,
  config: Config,
  options: { seed?: boolean | undefined } = {},
): Promise<void> {
  if (config.mode === 'local') {
    const { googleEmulatorPlugin } = await import('@sheetforms/google-emulator');
    await app.register(googleEmulatorPlugin, {
      prefix: '/__google',
      dataDir: config.dataDir,
      issuer: `${config.publicUrl}/__google`,
      clientId: config.google.clientId,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    });
  }
}

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type GoogleEmulatorOptions, resolveEmulatorOptions } from './emulator-options.js';
import { registerEmulatorRoutes } from './emulator-routes.js';
import { openEmulatorServices, startServices } from './emulator-services.js';

const emulatorPlugin: FastifyPluginAsync<GoogleEmulatorOptions> = async (app, options) => {
  const services = await openEmulatorServices(resolveEmulatorOptions(options));
  await startServices(services);
  // Queued sheet writes finish before the host app's close resolves.
  app.addHook('onClose', () => services.spreadsheets.flush());
  await registerEmulatorRoutes(app, services);
};

/**
 * The Google emulator as a Fastify plugin. Register it with `{ prefix: '/__google' }` and an `issuer`
 * equal to the public URL of that prefix. It stays encapsulated (`encapsulate: true`): its parsers, error
 * and 404 handlers apply under the prefix only. fastify-plugin is used only for its name and version check.
 *
 * @example
 * await app.register(googleEmulatorPlugin, {
 *   prefix: '/__google',
 *   dataDir: './data',
 *   issuer: 'http://localhost:3000/__google',
 *   clientId: 'sheetforms-local.apps.googleusercontent.com',
 * });
 */
export const googleEmulatorPlugin = fp(emulatorPlugin, {
  name: '@sheetforms/google-emulator',
  fastify: '5.x',
  encapsulate: true,
});

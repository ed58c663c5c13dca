#!/usr/bin/env node
import { DEFAULT_LOCAL_CLIENT_ID } from './emulator-options.js';
import { startStandaloneEmulator } from './standalone-server.js';

// The command-line entry (`node dist/standalone.js`). It is the only module that reads the environment.
const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

const emulator = await startStandaloneEmulator({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  dataDir: process.env.DATA_DIR ?? './data',
  clientId: process.env.GOOGLE_CLIENT_ID ?? DEFAULT_LOCAL_CLIENT_ID,
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  logger: true,
});
console.log(`Google emulator listening at ${emulator.url}`);
console.log(`Discovery: ${emulator.url}/.well-known/openid-configuration`);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  // A second Ctrl-C means "now": do not wait for open connections again.
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal} received, stopping the Google emulator`);
  try {
    await emulator.close();
  } catch (error) {
    console.error('Google emulator did not stop cleanly', error);
    process.exitCode = 1;
  }
  // With the server closed nothing holds the event loop, so the process ends once the logs are flushed.
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));

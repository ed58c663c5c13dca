// A process for log-destination.test.ts: logs 25 request lines and a last line through the server's
// buffered standard output, then ends the way argv[2] says. Every line must reach standard output.
import { pino } from 'pino';
import { bufferedStdout } from '../http/log-destination.js';

const logger = pino({ base: null, timestamp: false }, bufferedStdout());
for (let i = 0; i < 25; i++) logger.info(`request ${i}`);
const ending = process.argv[2];
if (ending === 'process.exit') {
  logger.info('last words');
  process.exit(0);
} else if (ending === 'uncaught error') {
  logger.info('last words');
  setImmediate(() => {
    throw new Error('the process ends on an error nobody caught');
  });
} else {
  // The natural end: nothing keeps the loop alive (the buffer's timer is unref'd).
  logger.info('last words');
}

// Starts cognito-local the way its own CLI does, but with a synchronous JSON logger: the CLI's pretty
// logger buffers output on a pipe, which would hold back (for minutes) the codes it "e-mails".
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
const { createDefaultServer } = load('cognito-local');
const pino = createRequire(load.resolve('cognito-local'))('pino');

// Each line goes to stdout with a blocking write, so nothing is held back or lost.
const logger = pino({ level: 'info' }, { write: (line) => writeSync(1, line) });
createDefaultServer(logger)
  .then((server) => server.start())
  .then(() => logger.info('cognito-local ready'))
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });

// Starts cognito-local the way its own CLI does, but with a synchronous JSON logger: the CLI's pretty
// logger buffers output on a pipe, which would hold back (for minutes) the codes it "e-mails".
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
const { createDefaultServer } = load('cognito-local');
const pino = createRequire(load.resolve('cognito-local'))('pino');
const { Targets } = load('cognito-local/lib/targets/targets');
const { UserNotFoundError } = load('cognito-local/lib/errors');

// cognito-local has RevokeToken (one refresh token) but not AdminUserGlobalSignOut, which the API calls
// when a password changes. Registered here in cognito-local's own target table, built from its own
// services the way its targets are: the user's stored refresh tokens are dropped, so none of them can be
// exchanged for new tokens again (its refresh flow looks the token up in that list), as in Cognito.
Targets.AdminUserGlobalSignOut =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: clock.get() });
    return {};
  };

// Each line goes to stdout with a blocking write, so nothing is held back or lost.
const logger = pino({ level: 'info' }, { write: (line) => writeSync(1, line) });
createDefaultServer(logger)
  .then((server) => server.start())
  .then(() => logger.info('cognito-local ready'))
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });

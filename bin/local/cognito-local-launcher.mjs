// Starts cognito-local the way its own CLI does, but with a synchronous JSON logger: the CLI's pretty
// logger buffers output on a pipe, which would hold back (for minutes) the codes it "e-mails".
import { AsyncLocalStorage } from 'node:async_hooks';
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

// Cognito's access and ID tokens carry `origin_jti`, the id of the sign-in's refresh token, the same in every
// token refreshed from it (the API binds a grown-up grant to it); cognito-local's have none. Added here: at a
// sign-in it is the new refresh token's `jti`, at a refresh the presented one's, and the tokens are signed
// again with cognito-local's own key, as it signs them.
const { JwtTokenGenerator } = load('cognito-local/lib/services/tokenGenerator');
const jwt = createRequire(load.resolve('cognito-local'))('jsonwebtoken');
const { pem } = load('cognito-local/lib/keys/cognitoLocal.private.json');
const refreshing = new AsyncLocalStorage();
const generate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = async function (...args) {
  const tokens = await generate.apply(this, args);
  const originJti = refreshing.getStore() ?? jwt.decode(tokens.RefreshToken)?.jti;
  const withOrigin = (token) =>
    jwt.sign({ ...jwt.decode(token), origin_jti: originJti }, pem, { algorithm: 'RS256', keyid: 'CognitoLocal' });
  return { ...tokens, AccessToken: withOrigin(tokens.AccessToken), IdToken: withOrigin(tokens.IdToken) };
};
for (const name of ['InitiateAuth', 'AdminInitiateAuth']) {
  const target = Targets[name];
  Targets[name] = (services) => {
    const handle = target(services);
    return (ctx, req) => {
      const presented = req.AuthParameters?.REFRESH_TOKEN;
      const originJti = presented ? jwt.decode(presented)?.jti : undefined;
      return originJti ? refreshing.run(originJti, () => handle(ctx, req)) : handle(ctx, req);
    };
  };
}

// Each line goes to stdout with a blocking write, so nothing is held back or lost.
const logger = pino({ level: 'info' }, { write: (line) => writeSync(1, line) });
createDefaultServer(logger)
  .then((server) => server.start())
  .then(() => logger.info('cognito-local ready'))
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });

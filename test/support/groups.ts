import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, createSignedInUser, signIn } from './accounts.js';
import { apiClient } from './api.js';
import type { StackContext } from './stack-context.js';
import { decodePayload } from './tokens.js';

/**
 * A signed-in account placed in a Cognito group, with its profile made by a first call as the SPA's would;
 * the token is taken after joining, so it carries the group.
 */
export async function accountInGroup(stack: StackContext, group: 'admin' | 'moderator') {
  const account = await createSignedInUser(stack);
  await cognitoClient(stack).send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack.appConfig.userPoolId,
      Username: account.email,
      GroupName: group,
    }),
  );
  const tokens = await signIn(stack, account.email, account.password);
  const me = await apiClient(stack, tokens.accessToken)('/me');
  if (me.status !== 200) throw new Error(`The first /me of a new ${group} answered ${me.status}`);
  return { ...account, ...tokens, id: String(decodePayload(tokens.accessToken).sub) };
}

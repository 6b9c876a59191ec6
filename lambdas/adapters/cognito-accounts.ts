import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '#common/roles.js';

/** The Cognito groups behind the roles (SPEC §6); `user` is no group at all. */
const GROUP_OF: Record<Role, string | null> = { user: null, moderator: 'moderator', admin: 'admin' };

/**
 * The SDK package with a client of it. Account actions are a small share of requests, so the package
 * loads with the first of them (lambdas/adapters/aws-clients.ts), not in every cold start.
 */
export type CognitoConnection = () => Promise<{ sdk: typeof CognitoSdk; client: CognitoIdentityProviderClient }>;

/** A connection over a client made elsewhere (the tests' own). */
export const cognitoConnectionOf =
  (client: CognitoIdentityProviderClient): CognitoConnection =>
  async () => ({ sdk: await import('@aws-sdk/client-cognito-identity-provider'), client });

const isUserNotFound = (error: unknown) => (error as { name?: string }).name === 'UserNotFoundException';

/**
 * The account side of the admin's actions, in the user pool. Users are addressed by their `sub` (our
 * user id), which Cognito and cognito-local both accept wherever a username is asked for.
 */
export function cognitoAccounts(connect: CognitoConnection, userPoolId: string, clientId: string) {
  return {
    /** The user's id and e-mail, or undefined when the pool has no such user (deleted). */
    async find(username: string): Promise<{ sub: string; email: string } | undefined> {
      const { sdk, client } = await connect();
      try {
        const user = await client.send(new sdk.AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
        const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value ?? '';
        return { sub: attribute('sub'), email: attribute('email') };
      } catch (error) {
        if (isUserNotFound(error)) return undefined;
        throw error;
      }
    },

    /** Changes the caller's own password; Cognito checks the current one (a wrong one: NotAuthorized). */
    async changePassword(accessToken: string, currentPassword: string, newPassword: string): Promise<void> {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.ChangePasswordCommand({
          AccessToken: accessToken,
          PreviousPassword: currentPassword,
          ProposedPassword: newPassword,
        }),
      );
    },

    /**
     * Whether this is the account's password (the grown-up gate before a PIN is set, or when it is
     * forgotten): a sign-in as the SPA makes one (USER_PASSWORD_AUTH), whose tokens are dropped unused.
     * Cognito's own limits on wrong passwords apply (TooManyRequests/LimitExceeded are thrown on).
     */
    async checkPassword(loginId: string, password: string): Promise<boolean> {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(
          new sdk.InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: clientId,
            AuthParameters: { USERNAME: loginId, PASSWORD: password },
          }),
        );
        return Boolean(answer.AuthenticationResult?.AccessToken);
      } catch (error) {
        // Cognito: NotAuthorized; cognito-local: InvalidPassword.
        const name = (error as { name?: string }).name ?? '';
        if (['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'].includes(name))
          return false;
        throw error;
      }
    },

    /** Signs the user out everywhere: every refresh token stops working, so no session gets a new token. */
    async signOutEverywhere(userId: string): Promise<void> {
      const { sdk, client } = await connect();
      await client.send(new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: userId }));
    },

    /** Disabling also ends the user's sessions in Cognito; enabling lets them sign in again. */
    async setEnabled(userId: string, enabled: boolean): Promise<void> {
      const { sdk, client } = await connect();
      const input = { UserPoolId: userPoolId, Username: userId };
      await client.send(enabled ? new sdk.AdminEnableUserCommand(input) : new sdk.AdminDisableUserCommand(input));
    },

    /** Puts the user in exactly the role's group (none for `user`). */
    async setRole(userId: string, role: Role): Promise<void> {
      const { sdk, client } = await connect();
      const current = await client.send(
        new sdk.AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: userId }),
      );
      const wanted = GROUP_OF[role];
      for (const group of current.Groups ?? []) {
        if (group.GroupName && group.GroupName !== wanted && Object.values(GROUP_OF).includes(group.GroupName)) {
          await client.send(
            new sdk.AdminRemoveUserFromGroupCommand({
              UserPoolId: userPoolId,
              Username: userId,
              GroupName: group.GroupName,
            }),
          );
        }
      }
      if (wanted && !(current.Groups ?? []).some((group) => group.GroupName === wanted)) {
        await client.send(
          new sdk.AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: userId, GroupName: wanted }),
        );
      }
    },

    /**
     * E-mails the user a reset code, the same message as the sign-in screen's "forgot password" (the code
     * is entered there). Unlike AdminResetUserPassword it does not lock the account out meanwhile.
     */
    async sendPasswordReset(email: string): Promise<void> {
      const { sdk, client } = await connect();
      await client.send(new sdk.ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    },

    /** Deletes the user from the pool; already gone counts as done (a re-run of a deletion). */
    async remove(userId: string): Promise<void> {
      const { sdk, client } = await connect();
      await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: userId })).catch((error) => {
        if (!isUserNotFound(error)) throw error;
      });
    },
  };
}

export type CognitoAccounts = ReturnType<typeof cognitoAccounts>;

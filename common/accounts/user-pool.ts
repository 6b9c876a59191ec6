import { LIMITS } from '../limits.js';
import { ROLES, type Role } from '../roles.js';

/**
 * The Cognito user pool, described once: the CDK construct (lib/constructs/auth.ts) and the local stack's
 * cognito-local (bin/local/cognito-local.ts) both build theirs from this, so sign-up and sign-in behave the
 * same in AWS, locally and in the tests. The password rules are SPEC's, the ones the forms check
 * (common/validation/accounts.ts) with the same minimum length.
 */
export const USER_POOL = {
  /** The local pool's name (the deployed pool keeps the name CloudFormation gave it). */
  name: 'story-magic',
  /** E-mail is the username; it is verified (confirmed at once by the pre sign-up trigger). */
  usernameAttribute: 'email',
  passwordPolicy: {
    minLength: LIMITS.passwordMin,
    requireUppercase: true,
    requireDigits: true,
    requireLowercase: false,
    requireSymbols: false,
    temporaryPasswordValidityDays: 3,
  },
  /** One group per role but `user`, which is the absence of any group (common/roles.ts). */
  groups: ROLES.filter((role): role is Exclude<Role, 'user'> => role !== 'user'),
  /**
   * The SPA's public client (it cannot keep a secret): SRP for Cognito, password auth for cognito-local,
   * refresh tokens always; no hosted UI, so no OAuth flows.
   */
  webClient: {
    name: 'story-magic-web',
    authFlows: { userSrp: true, userPassword: true },
    tokenValidity: { accessHours: 1, idHours: 1, refreshDays: 30 },
  },
} as const;

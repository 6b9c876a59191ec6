/**
 * Where the operator keeps the media signing key pair (README, runbook "Private pictures and sound"): the
 * private key as an SSM SecureString encrypted with the stack's own KMS key (its alias below), which only the
 * API may read at run time, and the public key as a plain parameter the deploy reads into CloudFront's key
 * group (lib/constructs/media-signing.ts). Neither is in the template or the repository. Apart from the
 * construct so the doctor and the rehearsal name them without loading CDK.
 */
export const mediaSigningParameterNames = (stackName: string) => ({
  privateKey: `/${stackName}/media-signing/private-key`,
  publicKey: `/${stackName}/media-signing/public-key`,
  /** The KMS key the private key's SecureString is put under (`aws ssm put-parameter --key-id`). */
  keyAlias: `alias/${stackName}/media-signing`,
});

/** The stack output holding that key's id. */
export const MEDIA_SIGNING_KEY_OUTPUT = 'MediaSigningKeyId';

import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { KeyGroup, PublicKey } from 'aws-cdk-lib/aws-cloudfront';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { mediaSigningParameterNames } from '../media-signing-parameters.js';

export interface MediaSigningProps {
  /** The KMS key's removal policy: retained with the data, unless the environment is a throwaway one. */
  readonly removalPolicy: RemovalPolicy;
}

/**
 * Private pictures and sound (issue 36): the key group CloudFront's `/media/*` behaviour trusts, so a media
 * request needs the signed cookies the API hands to whoever may read the story
 * (lambdas/adapters/media-grants.ts), and the stack's own KMS key the operator puts the private key's
 * SecureString under (alias `alias/<stack>/media-signing`).
 */
export class MediaSigning extends Construct {
  readonly publicKey: PublicKey;
  readonly keyGroup: KeyGroup;
  readonly parameterNames: ReturnType<typeof mediaSigningParameterNames>;
  /**
   * Encrypts the private key's SecureString. The account's aws/ssm key would let any principal of the account
   * allowed ssm:GetParameter decrypt it; this key's policy names the API's role (grantSign), and otherwise
   * leaves the key to the account's IAM policies (CDK's default statement, so the key stays manageable).
   */
  readonly key: Key;

  constructor(scope: Construct, id: string, props: MediaSigningProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.parameterNames = mediaSigningParameterNames(stack.stackName);
    // Resolved by CloudFormation at deploy time (an SSM parameter type), never written into the template.
    const encodedKey = StringParameter.valueForStringParameter(this, this.parameterNames.publicKey);
    this.publicKey = new PublicKey(this, 'PublicKey', {
      encodedKey,
      comment: "Story Magic: checks the signed cookies that open a story's media",
    });
    this.keyGroup = new KeyGroup(this, 'KeyGroup', {
      items: [this.publicKey],
      comment: "Story Magic: the API signs media grants with this group's private key",
    });
    this.key = new Key(this, 'Key', {
      description: "Story Magic: encrypts the media signing private key's SecureString (only the API reads it)",
      alias: this.parameterNames.keyAlias,
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
  }

  /** What the API's environment needs to sign: the key pair id and the parameter holding the private key. */
  get environment(): Readonly<Record<string, string>> {
    return {
      MEDIA_KEY_PAIR_ID: this.publicKey.publicKeyId,
      MEDIA_SIGNING_KEY_PARAMETER: this.parameterNames.privateKey,
    };
  }

  /**
   * Reading the private key: ssm:GetParameter on that one parameter, and, in the key's own policy, kms:Decrypt
   * for this role through SSM, of that parameter only (SSM's encryption context names it).
   */
  grantSign(role: IRole): void {
    const parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: this.parameterNames.privateKey.slice(1),
    });
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] }));
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'TheApiReadsTheMediaSigningKey',
        principals: [role],
        actions: ['kms:Decrypt'],
        resources: ['*'],
        conditions: {
          StringEquals: {
            'kms:ViaService': `ssm.${Stack.of(this).region}.amazonaws.com`,
            'kms:EncryptionContext:PARAMETER_ARN': parameterArn,
          },
        },
      }),
    );
  }
}

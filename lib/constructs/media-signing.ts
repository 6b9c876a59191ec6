import { Stack } from 'aws-cdk-lib';
import { KeyGroup, PublicKey } from 'aws-cdk-lib/aws-cloudfront';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { mediaSigningParameterNames } from '../media-signing-parameters.js';

/**
 * Private pictures and sound (issue 36): the key group CloudFront's `/media/*` behaviour trusts, so a media
 * request needs the signed cookies the API hands to whoever may read the story
 * (lambdas/adapters/media-grants.ts).
 */
export class MediaSigning extends Construct {
  readonly publicKey: PublicKey;
  readonly keyGroup: KeyGroup;
  readonly parameterNames: ReturnType<typeof mediaSigningParameterNames>;

  constructor(scope: Construct, id: string) {
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
  }

  /** What the API's environment needs to sign: the key pair id and the parameter holding the private key. */
  get environment(): Readonly<Record<string, string>> {
    return {
      MEDIA_KEY_PAIR_ID: this.publicKey.publicKeyId,
      MEDIA_SIGNING_KEY_PARAMETER: this.parameterNames.privateKey,
    };
  }

  /**
   * Reading the private key: ssm:GetParameter on that one parameter. A SecureString under the account's
   * AWS-managed key (aws/ssm) is decrypted through SSM without a KMS grant of its own.
   */
  grantSign(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: this.parameterNames.privateKey.slice(1),
          }),
        ],
      }),
    );
  }
}

import type { AssemblyStack } from './assembly.js';
import { resolveValue, type ResolveContext } from './intrinsics.js';

type Statement = {
  Effect?: string;
  Action?: string | string[];
  Principal?: { AWS?: unknown };
  Condition?: Record<string, Record<string, unknown>>;
};

/**
 * What KMS would say when a function reads the media signing private key: the SecureString is put under the
 * key the alias names (the operator's `--key-id`, README runbook), and SSM decrypts it for a caller only if
 * that key's policy lets the caller's role kms:Decrypt through SSM in the region, for that parameter (the
 * encryption context SSM sends). The rehearsal enforces no IAM; this key policy it does check, for each
 * function whose environment names the parameter. Returns why KMS would refuse, or undefined.
 */
export function keyPolicyRefusal(
  stack: AssemblyStack,
  context: ResolveContext,
  keyAlias: string,
  parameterName: string,
  variable: string,
): string | undefined {
  const resources = Object.entries(stack.template.Resources);
  const alias = resources.find(
    ([, resource]) => resource.Type === 'AWS::KMS::Alias' && resource.Properties?.AliasName === keyAlias,
  );
  if (!alias) return `the template has no KMS key with the alias ${keyAlias}, which the private key is put under`;
  const target = alias[1].Properties?.TargetKeyId as { 'Fn::GetAtt'?: [string, string]; Ref?: string } | undefined;
  const keyId = target?.['Fn::GetAtt']?.[0] ?? target?.Ref ?? '';
  const key = stack.template.Resources[keyId];
  if (key?.Type !== 'AWS::KMS::Key') return `${keyAlias} names no KMS key of the template`;
  const statements = (resolveValue(key.Properties?.KeyPolicy, context) as { Statement?: Statement[] } | undefined)
    ?.Statement;
  const parameterArn = `arn:aws:ssm:${context.region}:${context.accountId}:parameter${parameterName}`;
  const service = `ssm.${context.region}.amazonaws.com`;
  const readers = resources.filter(
    ([, resource]) =>
      resource.Type === 'AWS::Lambda::Function' &&
      (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.[
        variable
      ] !== undefined,
  );
  for (const [logicalId, fn] of readers) {
    const role = resolveValue(fn.Properties?.Role, context);
    const allowed = (statements ?? []).some((statement) => {
      const actions = [statement.Action ?? []].flat();
      const conditions = statement.Condition?.StringEquals ?? {};
      const via = conditions['kms:ViaService'];
      const encryption = conditions['kms:EncryptionContext:PARAMETER_ARN'];
      return (
        statement.Effect === 'Allow' &&
        actions.some((action) => action === 'kms:Decrypt' || action === 'kms:*') &&
        [statement.Principal?.AWS].flat().includes(role) &&
        (via === undefined || via === service) &&
        (encryption === undefined || encryption === parameterArn)
      );
    });
    if (!allowed) {
      return `KMS would refuse ${logicalId} the media signing private key: the policy of ${keyAlias} does not let its role (${String(role)}) decrypt ${parameterName} through SSM`;
    }
  }
  return undefined;
}

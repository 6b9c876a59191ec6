import type { CfnTemplate, CfnValue } from './assembly.js';

/**
 * CloudFormation's intrinsic functions and dynamic references, resolved as a deploy would resolve them, to
 * the physical names of the rehearsal's stand-ins. A reference the rehearsal cannot answer is an error
 * naming it: a template that reads something the rehearsal does not stand in for must not pass silently.
 */

/** What a resource answers to `Ref` and to each `Fn::GetAtt` attribute. */
export type PhysicalResource = Readonly<{ ref: string; attributes?: Readonly<Record<string, string>> }>;

export type ResolveContext = Readonly<{
  stackName: string;
  region: string;
  accountId: string;
  template: CfnTemplate;
  physical: ReadonlyMap<string, PhysicalResource>;
  /** The value a `{{resolve:secretsmanager:<arn>…}}` reference reads (by the secret's ARN). */
  secrets: ReadonlyMap<string, string>;
  /** The value a `{{resolve:ssm:<name>}}` reference reads (by the parameter's name). */
  parameters: ReadonlyMap<string, string>;
}>;

const NO_VALUE = Symbol('AWS::NoValue');

function pseudo(name: string, context: ResolveContext): string | typeof NO_VALUE {
  switch (name) {
    case 'AWS::Region':
      return context.region;
    case 'AWS::AccountId':
      return context.accountId;
    case 'AWS::Partition':
      return 'aws';
    case 'AWS::URLSuffix':
      return 'amazonaws.com';
    case 'AWS::StackName':
      return context.stackName;
    case 'AWS::StackId':
      return `arn:aws:cloudformation:${context.region}:${context.accountId}:stack/${context.stackName}/rehearsal`;
    case 'AWS::NoValue':
      return NO_VALUE;
    default:
      throw new Error(`the template uses the pseudo parameter ${name}, which the rehearsal does not stand in for`);
  }
}

function ref(name: string, context: ResolveContext): string | typeof NO_VALUE {
  if (name.startsWith('AWS::')) return pseudo(name, context);
  const resource = context.physical.get(name);
  if (resource) return resource.ref;
  const parameter = context.template.Parameters?.[name] as { Type?: string; Default?: string } | undefined;
  if (parameter?.Default !== undefined && parameter.Type?.startsWith('AWS::SSM::Parameter::Value<')) {
    // A parameter read from Parameter Store at deploy time: its default names the parameter.
    const value = context.parameters.get(parameter.Default);
    if (value === undefined) throw new Error(`Ref ${name}: no SSM parameter ${parameter.Default} in the rehearsal`);
    return value;
  }
  if (parameter?.Default !== undefined) return parameter.Default;
  throw new Error(`Ref ${name}: no such resource or parameter`);
}

function getAtt(target: string, attribute: string, context: ResolveContext): string {
  const resource = context.physical.get(target);
  const value = resource?.attributes?.[attribute];
  if (value === undefined) {
    const type = context.template.Resources[target]?.Type ?? 'no such resource';
    throw new Error(`Fn::GetAtt ${target}.${attribute} (${type}): the rehearsal does not stand in for it`);
  }
  return value;
}

/** `{{resolve:secretsmanager:…}}` and `{{resolve:ssm:…}}` inside a string, as CloudFormation resolves them. */
function dynamicReferences(text: string, context: ResolveContext): string {
  return text.replace(/\{\{resolve:([a-z-]+):([^}]*)\}\}/g, (whole, service: string, reference: string) => {
    if (service === 'secretsmanager') {
      // <secret-id>:SecretString:<json-key>:<version-stage>:<version-id>; the id is an ARN (which has colons).
      const match = /^(.*?)(?::SecretString:([^:]*):([^:]*):([^:]*))?$/.exec(reference);
      const secret = context.secrets.get(match?.[1] ?? '');
      if (secret === undefined) throw new Error(`${whole}: no such secret in the rehearsal`);
      const key = match?.[2];
      return key ? String((JSON.parse(secret) as Record<string, unknown>)[key]) : secret;
    }
    if (service === 'ssm') {
      const value = context.parameters.get(reference.replace(/:\d+$/, ''));
      if (value === undefined) throw new Error(`${whole}: no such parameter in the rehearsal`);
      return value;
    }
    throw new Error(`${whole}: dynamic references to ${service} are not rehearsed`);
  });
}

function sub(template: string, variables: Record<string, CfnValue>, context: ResolveContext): string {
  return template.replace(/\$\{(!?)([^}]+)\}/g, (whole, literal: string, name: string) => {
    if (literal) return `\${${name}}`;
    if (name in variables) return String(resolveValue(variables[name], context));
    const [target, attribute] = name.split('.', 2);
    const value = attribute ? getAtt(target ?? '', attribute, context) : ref(name, context);
    if (value === NO_VALUE) throw new Error(`Fn::Sub ${whole}: AWS::NoValue`);
    return value;
  });
}

/**
 * A template value with every intrinsic function resolved, then every dynamic reference in the strings it
 * became (CloudFormation reads a `{{resolve:…}}` in the final value, after `Fn::Join` has built it).
 */
export function resolveValue(value: CfnValue, context: ResolveContext): unknown {
  const resolved = resolveInner(value, context);
  return resolved === NO_VALUE ? undefined : withDynamicReferences(resolved, context);
}

function withDynamicReferences(value: unknown, context: ResolveContext): unknown {
  if (typeof value === 'string') return dynamicReferences(value, context);
  if (Array.isArray(value)) return value.map((item) => withDynamicReferences(item, context));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withDynamicReferences(item, context)]));
  }
  return value;
}

function resolveInner(value: CfnValue, context: ResolveContext): unknown {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value.map((item) => resolveInner(item, context)).filter((item) => item !== NO_VALUE);
  }
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, CfnValue>);
  const [name, argument] = entries[0] ?? [];
  if (entries.length === 1 && name !== undefined && (name === 'Ref' || name.startsWith('Fn::'))) {
    return intrinsic(name, argument, context);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) {
    const resolved = resolveInner(item, context);
    if (resolved !== NO_VALUE) out[key] = resolved;
  }
  return out;
}

const asString = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw new Error(`${what}: expected a string, got ${JSON.stringify(value)}`);
  return value;
};

function intrinsic(name: string, argument: CfnValue, context: ResolveContext): unknown {
  switch (name) {
    case 'Ref':
      return ref(asString(argument, 'Ref'), context);
    case 'Fn::GetAtt': {
      const [target, attribute] = Array.isArray(argument)
        ? (argument as string[])
        : asString(argument, 'Fn::GetAtt').split(/\.(.*)/s);
      return getAtt(String(target), String(resolveInner(attribute, context)), context);
    }
    case 'Fn::Join': {
      const [separator, parts] = argument as [string, CfnValue];
      const items = resolveInner(parts, context);
      if (!Array.isArray(items)) throw new Error('Fn::Join: expected a list');
      return items.map((item) => asString(item, 'Fn::Join')).join(separator);
    }
    case 'Fn::Sub': {
      if (typeof argument === 'string') return sub(argument, {}, context);
      const [text, variables] = argument as [string, Record<string, CfnValue>];
      return sub(text, variables, context);
    }
    case 'Fn::Select': {
      const [index, list] = argument as [CfnValue, CfnValue];
      const items = resolveInner(list, context);
      if (!Array.isArray(items)) throw new Error('Fn::Select: expected a list');
      return items[Number(resolveInner(index, context))];
    }
    case 'Fn::Split': {
      const [separator, text] = argument as [string, CfnValue];
      return asString(resolveInner(text, context), 'Fn::Split').split(separator);
    }
    case 'Fn::Base64':
      return Buffer.from(asString(resolveInner(argument, context), 'Fn::Base64')).toString('base64');
    default:
      throw new Error(`${name} is not rehearsed`);
  }
}

/** A resolved string, failing with `what` when the value is not one. */
export function resolveString(value: CfnValue, context: ResolveContext, what: string): string {
  return asString(resolveValue(value, context), what);
}

/** A rule's or a condition's boolean functions, as CloudFormation evaluates them. */
function holds(value: CfnValue, context: ResolveContext): boolean {
  const [name, argument] = Object.entries((value ?? {}) as Record<string, CfnValue>)[0] ?? [];
  const args = (argument ?? []) as CfnValue[];
  switch (name) {
    case 'Fn::Equals':
      return JSON.stringify(resolveValue(args[0], context)) === JSON.stringify(resolveValue(args[1], context));
    case 'Fn::Not':
      return !holds(args[0], context);
    case 'Fn::And':
      return args.every((each) => holds(each, context));
    case 'Fn::Or':
      return args.some((each) => holds(each, context));
    case 'Fn::Contains': {
      const list = resolveValue(args[0], context);
      return Array.isArray(list) && list.includes(resolveValue(args[1], context));
    }
    default:
      throw new Error(`rule function ${String(name)} is not rehearsed`);
  }
}

type Rule = { RuleCondition?: CfnValue; Assertions?: { Assert: CfnValue; AssertDescription?: string }[] };

/** The template's Rules, as CloudFormation checks them before a deploy: the first failed assertion's text. */
export function failedRule(template: CfnTemplate, context: ResolveContext): string | undefined {
  const rules = ((template as { Rules?: Record<string, Rule> }).Rules ?? {}) as Record<string, Rule>;
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.RuleCondition !== undefined && !holds(rule.RuleCondition, context)) continue;
    for (const assertion of rule.Assertions ?? []) {
      if (!holds(assertion.Assert, context)) return `${name}: ${assertion.AssertDescription ?? 'assertion failed'}`;
    }
  }
  return undefined;
}

/** The region a rule pins the stack to (`Fn::Equals` of `AWS::Region` and a name), if one does. */
export function regionRequiredByRules(template: CfnTemplate): string | undefined {
  const text = JSON.stringify((template as { Rules?: unknown }).Rules ?? {});
  return (
    /\{"Fn::Equals":\[\{"Ref":"AWS::Region"\},"([a-z0-9-]+)"\]\}/.exec(text)?.[1] ??
    /\{"Fn::Equals":\["([a-z0-9-]+)",\{"Ref":"AWS::Region"\}\]\}/.exec(text)?.[1]
  );
}

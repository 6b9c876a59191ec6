import { App, Tags } from 'aws-cdk-lib';
import { readDeployConfig } from './config.js';
import { applyNag } from './nag.js';
import { StoryMagicStack } from './story-magic-stack.js';
import { WafStack } from './waf-stack.js';

export const STACK_NAME = 'StoryMagic';

export interface CreateAppOptions {
  /** Extra context (tests); `cdk synth` passes cdk.json's context and `-c` values through the environment. */
  readonly context?: Readonly<Record<string, unknown>>;
  /** Cloud assembly directory. @default cdk.out, or what the CDK CLI asks for */
  readonly outdir?: string;
  /** Vite's output directory. @default web/dist */
  readonly spaDistDir?: string;
}

/**
 * The CDK app: one environment-agnostic stack (no account or region lookups, so synth needs no AWS
 * credentials) checked by cdk-nag. bin/app.ts and the infrastructure tests both build it here.
 */
export function createApp(options: CreateAppOptions = {}): { app: App; stack: StoryMagicStack; waf: WafStack } {
  const app = new App({
    ...(options.context ? { context: { ...options.context } } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
    // No AWS::CDK::Metadata resource: nothing about the app is reported anywhere.
    analyticsReporting: false,
  });
  const deploy = readDeployConfig(app);
  const stack = new StoryMagicStack(app, STACK_NAME, {
    description: 'Story Magic: personalised, illustrated stories for children',
    deploy,
    ...(options.spaDistDir ? { spaDistDir: options.spaDistDir } : {}),
  });
  const waf = new WafStack(app, `${STACK_NAME}Waf`, {
    description: 'Story Magic: the CloudFront web ACL (AWS WAF), in us-east-1',
  });
  for (const each of [stack, waf]) Tags.of(each).add('app', 'story-magic');
  applyNag(app, stack);
  return { app, stack, waf };
}

/**
 * The one catalogue of Bedrock models Story Magic may call: ids, the regions that serve each one, the
 * cross-region inference profile a region needs, output limits, and the request and answer shapes. Pure
 * data and functions (no SDK): the providers, the IAM grants, the synth-time region check, the admin
 * API and the LLM settings screen all read it, so a model cannot be allowed in one place and refused in
 * another.
 *
 * Sources (AWS Bedrock user guide, read November 2026): "Supported foundation models" and "Supported
 * Regions and models for inference profiles" for the regions; "Amazon Nova" for the output limit (5,000
 * tokens for Nova Micro, Lite and Pro); "Stable Image Core/Ultra request and response" for the picture
 * bodies. Nova answers on demand only in us-east-1; from us-east-2 and us-west-2 it needs the `us.`
 * profile, which routes each call to one of us-east-1, us-east-2 and us-west-2. Stability's image models
 * are served in us-west-2 only.
 */

/** How a model is called and how its answer is read. */
export type ModelShape =
  /** Converse: system blocks, user/assistant messages, inferenceConfig; answer output.message.content[].text. */
  | 'converse-text'
  /**
   * InvokeModel with a Stability text-to-image body `{prompt, negative_prompt, seed, aspect_ratio,
   * output_format}`; answer `{seeds, finish_reasons, images}` where a non-null finish reason ("Filter reason:
   * prompt" / "Filter reason: output image") comes with no image.
   */
  | 'stability-text-to-image';

export type InferenceProfile = Readonly<{
  /** The system-defined cross-region profile id, e.g. `us.amazon.nova-lite-v1:0`. */
  id: string;
  /** Regions a call may be made from with this profile (source regions). */
  sourceRegions: readonly string[];
  /** Regions the profile may route a call to: IAM must allow the foundation model in each. */
  destinationRegions: readonly string[];
}>;

export type CatalogueModel = Readonly<{
  /** The foundation-model id. */
  id: string;
  label: string;
  kind: 'text' | 'image';
  shape: ModelShape;
  /** Regions that answer an on-demand call with the foundation-model id itself. */
  onDemandRegions: readonly string[];
  /** The profile for regions that serve the model only through cross-region inference. */
  profile?: InferenceProfile;
  /** Largest `maxTokens` the model accepts in one answer (text models). */
  maxOutputTokens?: number;
  /** Pictures: express is the fast tier, studio the detailed one. */
  tier?: 'express' | 'studio';
  /** Third-party models are sold through AWS Marketplace: the first call subscribes the account. */
  marketplace: boolean;
}>;

const US_NOVA_REGIONS = ['us-east-1', 'us-east-2', 'us-west-2'] as const;
const novaProfile = (id: string): InferenceProfile => ({
  id: `us.${id}`,
  sourceRegions: US_NOVA_REGIONS,
  destinationRegions: US_NOVA_REGIONS,
});

const nova = (id: string, label: string): CatalogueModel => ({
  id,
  label,
  kind: 'text',
  shape: 'converse-text',
  onDemandRegions: ['us-east-1'],
  profile: novaProfile(id),
  maxOutputTokens: 5_000,
  marketplace: false,
});

const stability = (id: string, label: string, tier: 'express' | 'studio'): CatalogueModel => ({
  id,
  label,
  kind: 'image',
  shape: 'stability-text-to-image',
  onDemandRegions: ['us-west-2'],
  tier,
  marketplace: true,
});

export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  nova('amazon.nova-micro-v1:0', 'Amazon Nova Micro'),
  nova('amazon.nova-lite-v1:0', 'Amazon Nova Lite'),
  nova('amazon.nova-pro-v1:0', 'Amazon Nova Pro'),
  stability('stability.stable-image-core-v1:1', 'Stability Stable Image Core', 'express'),
  stability('stability.stable-image-ultra-v1:1', 'Stability Stable Image Ultra', 'studio'),
  stability('stability.sd3-5-large-v1:0', 'Stability Stable Diffusion 3.5 Large', 'studio'),
];

/** What the product uses unless an admin picks another catalogue model. */
export const DEFAULT_MODELS = {
  text: 'amazon.nova-lite-v1:0',
  expressImage: 'stability.stable-image-core-v1:1',
  studioImage: 'stability.stable-image-ultra-v1:1',
} as const;

/** The region the deployed stack and its Bedrock calls use unless the operator chooses another. */
export const DEFAULT_BEDROCK_REGION = 'us-west-2';

/** A model named by its foundation-model id or by its profile id (`us.amazon.nova-lite-v1:0`). */
export function findModel(idOrProfile: string): CatalogueModel | undefined {
  const id = idOrProfile.trim();
  return MODEL_CATALOGUE.find((model) => model.id === id || model.profile?.id === id);
}

export const modelsOfKind = (kind: CatalogueModel['kind']): readonly CatalogueModel[] =>
  MODEL_CATALOGUE.filter((model) => model.kind === kind);

/** How one call is made from one region: the id to send and what IAM must allow. */
export type Invocation = Readonly<{
  model: CatalogueModel;
  /** The `modelId` of the request: the foundation-model id on demand, else the profile id. */
  modelId: string;
  profile: InferenceProfile | undefined;
  /** Regions whose foundation-model ARN the call may touch. */
  foundationModelRegions: readonly string[];
}>;

export type InvocationCheck = { ok: true; invocation: Invocation } | { ok: false; reason: string };

/**
 * How `idOrProfile` is called from `region`: the foundation-model id where the region serves it on
 * demand, the profile where the region is one of its sources, or a refusal that says why and where the
 * model is served. A profile id is honoured as given (an admin may name one on purpose).
 */
export function invocationFor(idOrProfile: string, region: string): InvocationCheck {
  const model = findModel(idOrProfile);
  if (!model) {
    return {
      ok: false,
      reason: `"${idOrProfile}" is not in Story Magic's model catalogue (common/models/catalogue.ts)`,
    };
  }
  const { profile } = model;
  const askedForProfile = profile !== undefined && idOrProfile.trim() === profile.id;
  if (!askedForProfile && model.onDemandRegions.includes(region)) {
    return { ok: true, invocation: { model, modelId: model.id, profile: undefined, foundationModelRegions: [region] } };
  }
  if (profile?.sourceRegions.includes(region)) {
    return {
      ok: true,
      invocation: { model, modelId: profile.id, profile, foundationModelRegions: profile.destinationRegions },
    };
  }
  const served = [...new Set([...model.onDemandRegions, ...(profile?.sourceRegions ?? [])])].join(', ');
  return { ok: false, reason: `${model.label} (${model.id}) is not served in ${region}; it is served in ${served}` };
}

/** The catalogue models a deployment in `region` can call. */
export const modelsServedIn = (region: string): readonly CatalogueModel[] =>
  MODEL_CATALOGUE.filter((model) => invocationFor(model.id, region).ok);

/** Nothing in the catalogue asks for more; the admin form's upper bound before a model is chosen. */
export const MAX_OUTPUT_TOKENS = Math.max(...MODEL_CATALOGUE.map((model) => model.maxOutputTokens ?? 0));

/** What a role must be allowed so that a deployment in `region` can call every catalogue model it serves. */
export type RegionGrants = Readonly<{
  /** `[region, model id]` of each foundation model a call may reach (a profile reaches several regions). */
  foundationModels: readonly (readonly [region: string, modelId: string])[];
  /** System-defined cross-region profiles called from `region`. */
  profiles: readonly string[];
}>;

/**
 * The grants for `region`: each served model's foundation-model ARN where it is called on demand, and,
 * where its profile may be called from `region`, the profile and the model in every region the profile
 * routes to (Bedrock checks both). Nothing else: no other model, no other region.
 */
export function grantsFor(region: string): RegionGrants {
  const foundationModels = new Map<string, readonly [string, string]>();
  const profiles = new Set<string>();
  for (const model of MODEL_CATALOGUE) {
    if (model.onDemandRegions.includes(region)) foundationModels.set(`${region}|${model.id}`, [region, model.id]);
    if (model.profile?.sourceRegions.includes(region)) {
      profiles.add(model.profile.id);
      for (const target of model.profile.destinationRegions) {
        foundationModels.set(`${target}|${model.id}`, [target, model.id]);
      }
    }
  }
  return { foundationModels: [...foundationModels.values()], profiles: [...profiles] };
}

/** Every reason the product's default models cannot run in `region` (empty when they all can). */
export function defaultModelProblems(region: string): string[] {
  return Object.values(DEFAULT_MODELS).flatMap((id) => {
    const check = invocationFor(id, region);
    return check.ok ? [] : [check.reason];
  });
}

/**
 * AWS's own word on where each model Story Magic may call is served, kept as test data, so the Bedrock
 * twin answers from it and not from our catalogue (common/models/catalogue.ts): a catalogue mistake then
 * meets AWS's answer in the tests instead of in a deployment (test/unit/aws-model-regions.test.ts compares
 * the two). Copied by hand from AWS's documentation, as stored copies of it read on 2026-11-27:
 *
 * - [models] "Supported foundation models in Amazon Bedrock"
 *   (docs.aws.amazon.com/bedrock/latest/userguide/models-supported.html): the Regions of each model, a
 *   Region marked `*` serving it only through cross-Region inference. Nova Lite's row reads
 *   "us-east-1 us-east-2* us-west-1* us-west-2* us-gov-west-1 ap-northeast-1 ap-northeast-2* ap-south-1*
 *   ap-southeast-1* ap-southeast-2 ap-southeast-3* ap-southeast-4* eu-central-1* eu-north-1 eu-south-1*
 *   eu-south-2* eu-west-1* eu-west-2 eu-west-3*"; Nova Micro's begins "us-east-1 us-east-2* us-west-2*
 *   us-gov-west-1"; Nova Pro's row was not in the copy read.
 * - [nova] Amazon Nova User Guide, "What is Amazon Nova", model specifications: Nova Micro, Lite and Pro in
 *   US East (N. Virginia) in-Region, elsewhere in the US (Ohio, Oregon) through cross-Region inference;
 *   inference profile ids `us.amazon.nova-{micro,lite,pro}-v1:0`.
 * - [regions] "Regional availability by models" (bedrock/latest/userguide/models-regions.html): Regions
 *   listed for Nova Pro include us-west-1 (N. California), as for Nova Lite; Nova Micro's do not; Stable
 *   Image Core v1:1, Stable Image Ultra v1:1 and SD3.5 Large are listed in us-west-2 (Oregon) only.
 * - [card] Bedrock model card "Nova Lite" (bedrock/latest/userguide/model-card-amazon-nova-lite.html): "Max
 *   output tokens: 5K". (The Nova User Guide's specification table says 10k; Bedrock's own card is kept.)
 *   The cards of Nova Micro and Pro were not read: the same figure is assumed for them.
 *
 * Only the US geography is copied (the Regions Story Magic deploys to); other geographies' profiles
 * (`eu.`, `apac.`) are left out, so the twin treats their Regions as not serving the model.
 */

export type AwsModel = Readonly<{
  id: string;
  kind: 'text' | 'image';
  /** Regions that answer a call naming the foundation-model id (single-Region, on-demand). */
  inRegion: readonly string[];
  /** The system-defined cross-Region profile of the US geography and the Regions that may call it. */
  usProfile?: Readonly<{ id: string; sourceRegions: readonly string[] }>;
  maxOutputTokens?: number;
  /** Where each fact comes from (keys of the list above). */
  sources: readonly string[];
}>;

const nova = (name: string, crossRegionOnly: readonly string[], sources: readonly string[]): AwsModel => ({
  id: `amazon.nova-${name}-v1:0`,
  kind: 'text',
  inRegion: ['us-east-1'],
  usProfile: { id: `us.amazon.nova-${name}-v1:0`, sourceRegions: ['us-east-1', ...crossRegionOnly] },
  maxOutputTokens: 5_000,
  sources,
});

const stability = (id: string): AwsModel => ({ id, kind: 'image', inRegion: ['us-west-2'], sources: ['regions'] });

export const AWS_MODELS: readonly AwsModel[] = [
  nova('micro', ['us-east-2', 'us-west-2'], ['models', 'nova', 'regions']),
  nova('lite', ['us-east-2', 'us-west-1', 'us-west-2'], ['models', 'nova', 'regions', 'card']),
  nova('pro', ['us-east-2', 'us-west-1', 'us-west-2'], ['nova', 'regions']),
  stability('stability.stable-image-core-v1:1'),
  stability('stability.stable-image-ultra-v1:1'),
  stability('stability.sd3-5-large-v1:0'),
];

/** How AWS answers a call naming `modelId` (a foundation-model or profile id) from `region`. */
export type AwsServing =
  | { served: true; model: AwsModel }
  | { served: false; reason: 'unknown-model' | 'not-in-region' | 'needs-profile' | 'profile-not-in-region' };

export function awsServing(modelId: string, region: string): AwsServing {
  const byProfile = AWS_MODELS.find((model) => model.usProfile?.id === modelId);
  if (byProfile) {
    return byProfile.usProfile?.sourceRegions.includes(region)
      ? { served: true, model: byProfile }
      : { served: false, reason: 'profile-not-in-region' };
  }
  const model = AWS_MODELS.find((each) => each.id === modelId);
  if (!model) return { served: false, reason: 'unknown-model' };
  if (model.inRegion.includes(region)) return { served: true, model };
  if (model.usProfile?.sourceRegions.includes(region)) return { served: false, reason: 'needs-profile' };
  return { served: false, reason: 'not-in-region' };
}

import type { CfnGuardrailProps } from 'aws-cdk-lib/aws-bedrock';

/**
 * The child-safety guardrail's policy, kept apart from the construct so an operator can read (and review)
 * it in one place. Content filters at their strictest on both sides; prompt attacks refused on input; one
 * denied topic per category of the child-safety check (common/safety), the meaning categories included
 * (grooming, abuse, self-harm euphemisms, eating disorders); AWS's managed profanity list and a few words
 * that are unkind to a child. Bedrock applies it to every text call (input and output) and to every
 * picture prompt (ApplyGuardrail).
 *
 * Standard tier for the content filters and the denied topics: the Classic tier understands English,
 * French and Spanish only, and families write in many more languages (issue 34). The Standard tier needs a
 * guardrail profile (cross-region inference for guardrails): the system-defined one of the region's
 * geography (`us.guardrail.v1:0`, `eu.guardrail.v1:0`, `apac.guardrail.v1:0`).
 */

const STRICT = ['SEXUAL', 'VIOLENCE', 'HATE', 'INSULTS', 'MISCONDUCT'] as const;

export const GUARDRAIL_CONTENT_FILTERS = [
  ...STRICT.map((type) => ({ type, inputStrength: 'HIGH', outputStrength: 'HIGH' })),
  // Prompt attacks are judged on input only (Bedrock requires NONE on output for this type).
  { type: 'PROMPT_ATTACK', inputStrength: 'HIGH', outputStrength: 'NONE' },
];

type Topic = Readonly<{ name: string; definition: string; examples: readonly string[] }>;

/** The categories of the child-safety lexicon (common/safety), as Bedrock denied topics. */
export const GUARDRAIL_DENIED_TOPICS: readonly Topic[] = [
  {
    name: 'Self-harm and suicide',
    definition:
      'Hurting oneself, wanting to die, ending one’s life, cutting, or any encouragement or description of it.',
    examples: ['a boy who wants to end his life', 'a girl who cuts herself with a razor', 'how to hurt yourself'],
  },
  {
    name: 'Weapons and killing',
    definition: 'Guns, knives, blades or other weapons used or carried to hurt, and killing or murdering anyone.',
    examples: ['a pirate with a knife', 'the hero shoots the bad guy', 'a killer who murders people'],
  },
  {
    name: 'Drugs alcohol and smoking',
    definition: 'Taking drugs or pills to get high, drinking alcohol, beer or wine, smoking, vaping or joints.',
    examples: ['a kid who takes pills to get high', 'a kid who smokes a joint', 'the hero drinks beer'],
  },
  {
    name: 'Sexual content and underwear',
    definition:
      'Sexual or romantic content, nudity, kissing in a romantic way, lingerie, underwear or bodies undressed.',
    examples: ['a princess in lingerie', 'they take their clothes off', 'a sexy dancer'],
  },
  {
    name: 'Hate and slurs',
    definition: 'Hatred of people for who they are, slurs, extremist figures or symbols, and praise of them.',
    examples: ['a hero named Hitler', 'people of that colour are bad', 'a story that praises the Nazis'],
  },
  {
    name: 'Body shaming',
    definition: 'Mocking or shaming anyone for their body, weight, looks or abilities, or calling a child ugly or fat.',
    examples: ['a hero named Ugly', 'everyone laughs at the fat kid', 'she is too ugly to have friends'],
  },
  {
    name: 'Grooming and secrecy',
    definition:
      'An adult seeking secret closeness with a child: secrets from parents, gifts for silence, meeting alone, photos, touching.',
    examples: [
      'a nice man who asks kids to keep secrets from their parents',
      'a coach who says it is our little secret',
      'a stranger who offers candy to kids to get in his van',
      'an online friend who asks a girl for photos',
    ],
  },
  {
    name: 'Abuse of children or animals',
    definition:
      'Hurting, hitting, neglecting, locking up or frightening a child, a partner or an animal, at home or anywhere.',
    examples: ['a dad who hits his kids', 'a boy who kicks the dog', 'a mom who locks her son in the closet'],
  },
  {
    name: 'Self-harm euphemisms',
    definition:
      'Wishing not to exist or not to wake up, taking all the pills, disappearing forever, in plain or coded words.',
    examples: [
      'a sad boy who wants to sleep forever and never wake up',
      'a girl who takes all of mommy’s pills at once',
      'a kid who wants to unalive himself',
    ],
  },
  {
    name: 'Eating disorders',
    definition: 'Starving, purging, throwing up after eating, or wanting to be thin by not eating, and praise of it.',
    examples: ['a girl who stops eating so she can be thin', 'a ballerina who starves herself', 'thinspo'],
  },
  {
    name: 'Gore and terror',
    definition: 'Blood, gore, injuries shown in detail, torture, terror attacks, horror and frightening violence.',
    examples: ['blood everywhere on the floor', 'a monster rips off his arm', 'a bomb explodes in the school'],
  },
];

/** Words refused beyond AWS's managed profanity list: unkind names a child could be called. */
export const GUARDRAIL_WORDS = ['stupid', 'idiot', 'dumb', 'loser', 'shut up', 'hate you'];

export const GUARDRAIL_BLOCKED_MESSAGE =
  'Our storyteller could not finish this story safely. Please try different choices.';

const geographyOf = (region: string) => (region.startsWith('eu-') ? 'eu' : region.startsWith('ap-') ? 'apac' : 'us');

/** The system-defined guardrail profile of a region's geography (the Standard tier routes through it). */
export function guardrailProfileId(region: string): string {
  return `${geographyOf(region)}.guardrail.v1:0`;
}

/** The regions a geography's guardrail profile may evaluate a guardrail in (AWS's Bedrock user guide). */
export function guardrailProfileRegions(region: string): string[] {
  const regions = {
    us: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'],
    eu: ['eu-central-1', 'eu-west-1', 'eu-west-3', 'eu-north-1', 'eu-south-1', 'eu-south-2'],
    apac: ['ap-northeast-1', 'ap-northeast-2', 'ap-south-1', 'ap-southeast-1', 'ap-southeast-2'],
  }[geographyOf(region)];
  return regions.includes(region) ? regions : [region, ...regions];
}

export function guardrailPolicy(name: string, guardrailProfileArn: string): CfnGuardrailProps {
  return {
    name,
    description: 'Story Magic: children read what this writes. Strictest filters, child-safety topics, words.',
    blockedInputMessaging: GUARDRAIL_BLOCKED_MESSAGE,
    blockedOutputsMessaging: GUARDRAIL_BLOCKED_MESSAGE,
    crossRegionConfig: { guardrailProfileArn },
    contentPolicyConfig: {
      filtersConfig: GUARDRAIL_CONTENT_FILTERS,
      contentFiltersTierConfig: { tierName: 'STANDARD' },
    },
    topicPolicyConfig: {
      topicsTierConfig: { tierName: 'STANDARD' },
      topicsConfig: GUARDRAIL_DENIED_TOPICS.map((topic) => ({
        name: topic.name,
        definition: topic.definition,
        examples: [...topic.examples],
        type: 'DENY',
      })),
    },
    wordPolicyConfig: {
      managedWordListsConfig: [{ type: 'PROFANITY' }],
      wordsConfig: GUARDRAIL_WORDS.map((text) => ({ text })),
    },
  };
}

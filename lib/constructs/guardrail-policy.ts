import type { CfnGuardrailProps } from 'aws-cdk-lib/aws-bedrock';

/**
 * The child-safety guardrail's policy, kept apart from the construct so an operator can read (and review)
 * it in one place. Content filters at their strictest on both sides; prompt attacks refused on input; one
 * denied topic per category of the child-safety lexicon; AWS's managed profanity list and a few words
 * that are unkind to a child. Bedrock applies it to every text call (input and output) and to every
 * picture prompt (ApplyGuardrail).
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
    name: 'Gore and terror',
    definition: 'Blood, gore, injuries shown in detail, torture, terror attacks, horror and frightening violence.',
    examples: ['blood everywhere on the floor', 'a monster rips off his arm', 'a bomb explodes in the school'],
  },
];

/** Words refused beyond AWS's managed profanity list: unkind names a child could be called. */
export const GUARDRAIL_WORDS = ['stupid', 'idiot', 'dumb', 'loser', 'shut up', 'hate you'];

export const GUARDRAIL_BLOCKED_MESSAGE =
  'Our storyteller could not finish this story safely. Please try different choices.';

export function guardrailPolicy(name: string): CfnGuardrailProps {
  return {
    name,
    description: 'Story Magic: children read what this writes. Strictest filters, child-safety topics, words.',
    blockedInputMessaging: GUARDRAIL_BLOCKED_MESSAGE,
    blockedOutputsMessaging: GUARDRAIL_BLOCKED_MESSAGE,
    contentPolicyConfig: { filtersConfig: GUARDRAIL_CONTENT_FILTERS },
    topicPolicyConfig: {
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

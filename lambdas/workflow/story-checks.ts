/**
 * The checks a task runs on what a provider wrote and on what is about to be painted: the band's rules and
 * the safety check, whose word lists and intents are most of the workflow's code. Tasks import this module on
 * their first check (tasks.ts, `storyChecks`), so a cold start for a task that checks nothing (a place in
 * line, a status, a failure) does not compile them.
 */
export { isKidSafe } from '#common/safety/check.js';
export { draftSafetyProblem, validateStory } from '#common/story-validation.js';

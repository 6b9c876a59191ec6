import './tracing.js'; // first: the SDK clients made below join the X-Ray trace (see the file)
import { createAwsClients } from '../adapters/aws-clients.js';
import { loadServerConfig } from '../runtime/config.js';
import { stepFunctionsStarter } from '../adapters/workflow-starter.js';
import { createWorkflowTaskHandler } from './dependencies.js';

/**
 * The task Lambda of the generation state machine (definition.asl.json). Every Task state calls it with
 * `{ task, ...state input }`; the local stack runs the same handler in-process.
 */
const config = loadServerConfig();

// WriteStory starts a streamed story's cover as its own execution of this state machine.
const workflow = stepFunctionsStarter(config);

export const handler = createWorkflowTaskHandler(config, createAwsClients(config), workflow);

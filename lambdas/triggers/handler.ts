import { createAwsClients } from '../shared/aws-clients.js';
import { loadDataConfig } from '../shared/config.js';
import { profileRepository } from '../shared/repositories/profiles.js';
import { createCognitoTriggers } from './cognito-triggers.js';

const config = loadDataConfig();
const { documents } = createAwsClients(config);

export const handler = createCognitoTriggers({ profiles: profileRepository(documents, config.tableName) });

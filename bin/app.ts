#!/usr/bin/env node
/** The CDK app (cdk.json: `npx tsx bin/app.ts`). Deploy with `npx cdk deploy`; see the README. */
import { createApp } from '../lib/app.js';

createApp().app.synth();

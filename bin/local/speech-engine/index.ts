import { join } from 'node:path';
import { fromRoot } from '../../../lib/paths.js';
import { startProcess } from '../child-process.js';
import { freePort, LOOPBACK, waitForHttp } from '../ports.js';

export type SpeechEngine = Readonly<{ url: string; stop(): Promise<void> }>;

/**
 * The local narrator's speech engine: eSpeak NG (GPL-3.0) in a Node process of its own (engine.mjs), on a
 * free loopback port. Only the local stack runs it; the API reaches it over HTTP as it reaches Polly in AWS.
 */
export async function startSpeechEngine(logDir: string): Promise<SpeechEngine> {
  const port = await freePort();
  const engine = startProcess(
    'speech engine',
    process.execPath,
    [fromRoot('bin', 'local', 'speech-engine', 'engine.mjs'), String(port)],
    {
      logFile: join(logDir, 'speech-engine.log'),
    },
  );
  const url = `http://${LOOPBACK}:${port}`;
  try {
    await waitForHttp(url, 'speech engine');
  } catch (error) {
    await engine.stop();
    throw new Error(`${(error as Error).message}\n${engine.recentOutput()}`, { cause: error });
  }
  return { url, stop: engine.stop };
}

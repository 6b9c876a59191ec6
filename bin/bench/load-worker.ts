/**
 * The load generator, in a child process of its own (started by mixed-load.ts): the API under test runs
 * in the bench process, and autocannon on the same event loop would delay the very responses it times.
 * It receives one job, answers with the raw samples, and exits when the parent lets go.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadSamples } from './mixed-load.js';

/** One family's cycle: reads and a save/unsave pair, so its library never fills and an unsave always finds the save. */
function cycle(
  family: LoadJob['families'][number],
): { route: string; method: 'GET' | 'PUT' | 'DELETE'; path: string }[] {
  return [
    { route: 'GET /api/featured', method: 'GET', path: '/api/featured' },
    { route: 'PUT /api/library/{id}', method: 'PUT', path: `/api/library/${family.storyId}` },
    { route: 'GET /api/library', method: 'GET', path: '/api/library' },
    { route: 'GET /api/stories/{id}', method: 'GET', path: `/api/stories/${family.storyId}` },
    { route: 'DELETE /api/library/{id}', method: 'DELETE', path: `/api/library/${family.storyId}` },
  ];
}

type Family = LoadJob['families'][number];

/** Makes each connection of an autocannon run one family: its token, its cycle, its timings recorded. */
function familiesOnConnections(families: readonly Family[], samples: LoadSamples['routes']) {
  let clients = 0;
  return (client: autocannon.Client) => {
    const family = families[clients++ % families.length];
    if (!family) throw new Error('no families to load the API with');
    let route = '';
    client.setRequests(
      cycle(family).map((request) => ({
        method: request.method,
        path: request.path,
        headers: { authorization: `Bearer ${family.token}` },
        // Called just before the client's 'response' event for the same reply: labels its timing.
        onResponse: () => void (route = request.route),
      })),
    );
    client.on('response', (status, _bytes, milliseconds) => {
      const entry = (samples[route] ??= { ms: [], statuses: {} });
      entry.ms.push(milliseconds);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    });
  };
}

/** Every connection sends its next request as soon as the last is answered. */
async function closedLoop(job: LoadJob): Promise<LoadSamples> {
  const samples: LoadSamples['routes'] = {};
  const result = await autocannon({
    url: job.apiUrl,
    connections: job.connections,
    duration: job.durationSeconds,
    timeout: 10,
    setupClient: familiesOnConnections(job.families, samples),
  });
  return { seconds: result.duration, routes: samples, errors: result.errors, timeouts: result.timeouts };
}

/**
 * Every family keeps to `pace` requests a second. autocannon paces a connection by whole seconds, and all
 * connections of one run from the same instant: fifty families would send together, a burst real families
 * never make. So each family is a run of its own, started a fraction of a second after the one before,
 * which spreads them evenly over each second.
 */
async function paced(job: LoadJob, pace: number): Promise<LoadSamples> {
  const samples: LoadSamples['routes'] = {};
  const families = job.families.slice(0, job.connections);
  const results = await Promise.all(
    families.map(async (family, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * 1000) / families.length));
      return autocannon({
        url: job.apiUrl,
        connections: 1,
        connectionRate: pace,
        duration: job.durationSeconds,
        timeout: 10,
        setupClient: familiesOnConnections([family], samples),
      });
    }),
  );
  return {
    seconds: job.durationSeconds,
    routes: samples,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
  };
}

const run = (job: LoadJob) =>
  job.requestsPerSecondPerUser ? paced(job, job.requestsPerSecondPerUser) : closedLoop(job);

process.once('message', (job: LoadJob) => {
  run(job).then(
    (samples) => process.send?.({ samples }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.({ ready: true });
// The parent reads this process's CPU time before letting go; then there is nothing left to do.
process.once('disconnect', () => process.exit(0));

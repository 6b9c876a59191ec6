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

async function run(job: LoadJob): Promise<LoadSamples> {
  const samples: LoadSamples['routes'] = {};
  let clients = 0;
  const result = await autocannon({
    url: job.apiUrl,
    connections: job.connections,
    duration: job.durationSeconds,
    timeout: 10,
    // Each connection is one signed-in family with its own token, cycling through its requests in order.
    setupClient(client) {
      const family = job.families[clients++ % job.families.length];
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
    },
  });
  return {
    seconds: result.duration,
    routes: samples,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (samples) => process.send?.({ samples }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.send?.({ ready: true });
// The parent reads this process's CPU time before letting go; then there is nothing left to do.
process.once('disconnect', () => process.exit(0));

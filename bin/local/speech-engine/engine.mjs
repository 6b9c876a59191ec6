// The local stack's speech engine: eSpeak NG (GPL-3.0, the `@echogarden/espeak-ng-emscripten` build) in a
// process of its own, answering over loopback HTTP as Polly answers the API in AWS. It is never bundled into
// the Lambda or the SPA: the API's local narrator (lambdas/adapters/narration/local-narrator.ts) only calls it.
//
// POST /synthesize {"text": "..."} → {"audio": base64 WAV, "contentType": "audio/wav", "durationMs",
// "marks": [{"start": ms, "from", "to"}]}: one mark per word eSpeak spoke, its range in UTF-16 code units of
// the text (as JavaScript indexes strings). The times are eSpeak's own word events, so they match the audio.
import { createServer } from 'node:http';
import createEspeak from '@echogarden/espeak-ng-emscripten';

const port = Number(process.argv[2] ?? 0);
const espeak = await createEspeak();
const worker = new espeak.eSpeakNGWorker();
worker.set_voice('en-us', 'en');
const sampleRate = worker.get_samplerate();
/** Words a minute: a little under eSpeak's default 175, for children; the player slows it further. */
worker.set_rate(160);

/** eSpeak counts text positions in code points from 1; JavaScript strings index UTF-16 code units. */
function codeUnitIndexes(text) {
  const indexes = [];
  let unit = 0;
  for (const char of text) {
    indexes.push(unit);
    unit += char.length;
  }
  indexes.push(unit);
  return indexes;
}

function wav(samples) {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

function synthesize(text) {
  const chunks = [];
  const words = [];
  worker.synthesize(text, (audio, events) => {
    if (audio?.length) chunks.push(audio);
    for (const event of events) if (event.type === 'word') words.push(event);
    return false; // false: go on
  });
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Int16Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  const units = codeUnitIndexes(text);
  const marks = words.map((word) => ({
    start: word.audio_position,
    from: units[word.text_position - 1] ?? text.length,
    to: units[word.text_position - 1 + word.word_length] ?? text.length,
  }));
  return {
    audio: wav(samples).toString('base64'),
    contentType: 'audio/wav',
    durationMs: Math.round((length / sampleRate) * 1000),
    marks,
  };
}

// A first synthesis compiles eSpeak's code paths: done before the engine says it is up, so the first family
// to press "Read to me" does not wait for it.
synthesize('Once upon a time, a little dragon said hello.');

const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('eSpeak NG speech engine');
    return;
  }
  const body = [];
  request.on('data', (chunk) => body.push(chunk));
  request.on('end', () => {
    try {
      const { text } = JSON.parse(Buffer.concat(body).toString('utf8'));
      if (typeof text !== 'string' || text.length === 0 || text.length > 3000) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('text: 1 to 3000 characters');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(synthesize(text)));
    } catch (error) {
      console.error('synthesis failed', error);
      response.writeHead(500, { 'content-type': 'text/plain' }).end('synthesis failed');
    }
  });
});
server.listen(port, '127.0.0.1', () => console.log(`speech engine on ${JSON.stringify(server.address())}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The local stack's media signing key pair: what CloudFront's key group and the SSM parameter hold in AWS. */
export type MediaSigningKey = Readonly<{ keyPairId: string; publicKey: string; privateKey: string }>;

/** The id the local stack's key goes by (CloudFront makes up its own, like K2JCJMDEHXQW5F). */
export const LOCAL_KEY_PAIR_ID = 'KLOCALSTORYMAGIC';

/** A fresh RSA 2048 key pair in PEM, the kind CloudFront takes. */
export function newMediaSigningKey(keyPairId = LOCAL_KEY_PAIR_ID): MediaSigningKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { keyPairId, publicKey, privateKey };
}

/**
 * The key `npm start` keeps in its data folder, so the grants a browser holds survive a restart; made on the
 * first start. Without a folder (tests), a fresh key each run.
 */
export function localMediaSigningKey(dataDir: string | undefined): MediaSigningKey {
  if (!dataDir) return newMediaSigningKey();
  const dir = join(dataDir, 'media-signing');
  const files = { publicKey: join(dir, 'public.pem'), privateKey: join(dir, 'private.pem') };
  if (existsSync(files.publicKey) && existsSync(files.privateKey)) {
    return {
      keyPairId: LOCAL_KEY_PAIR_ID,
      publicKey: readFileSync(files.publicKey, 'utf8'),
      privateKey: readFileSync(files.privateKey, 'utf8'),
    };
  }
  const key = newMediaSigningKey();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(files.publicKey, key.publicKey, { mode: 0o600 });
  writeFileSync(files.privateKey, key.privateKey, { mode: 0o600 });
  return key;
}

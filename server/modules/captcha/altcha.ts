import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * ALTCHA proof-of-work: the browser derives PBKDF2 keys until one starts with the signed prefix. With these
 * settings a solve takes a second or two in a browser on a slow machine, while the server checks a solution
 * with a single derivation and two HMACs.
 */
export const ALTCHA_SETTINGS = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 250,
  counterMin: 1_000,
  counterMax: 4_000,
  /** A challenge must be solved and used within this time. */
  ttlSeconds: 10 * 60,
} as const;

/** A second secret for the derived-key signatures, kept apart from the challenge signatures by its label. */
const keySignatureSecret = (hmacKey: string) => createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');

/** A new signed challenge (deterministic mode: the server knows the answer's prefix and signs the key). */
export function createAltchaChallenge(hmacKey: string, now = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_SETTINGS.algorithm,
    cost: ALTCHA_SETTINGS.cost,
    counter: randomInt(ALTCHA_SETTINGS.counterMax, ALTCHA_SETTINGS.counterMin),
    deriveKey,
    expiresAt: new Date(now.getTime() + ALTCHA_SETTINGS.ttlSeconds * 1000),
    hmacSignatureSecret: hmacKey,
    hmacKeySignatureSecret: keySignatureSecret(hmacKey),
  });
}

export type AltchaCheck =
  | { ok: true; challengeId: string; expiresAt: Date }
  | { ok: false; reason: 'invalid' | 'expired' };

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** Reads the widget's payload: base64 of JSON `{ challenge: { parameters, signature }, solution }`. */
function parsePayload(token: string): AltchaPayload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<AltchaPayload>;
    const parameters = payload.challenge?.parameters;
    if (!parameters || typeof parameters.nonce !== 'string' || typeof payload.challenge?.signature !== 'string') return undefined;
    if (!payload.solution || typeof payload.solution.counter !== 'number' || typeof payload.solution.derivedKey !== 'string') {
      return undefined;
    }
    return payload as AltchaPayload;
  } catch {
    return undefined;
  }
}

/** Checks a solved challenge: our signature, not expired, and the work really done. Redeeming is the caller's. */
export async function checkAltchaPayload(token: string, hmacKey: string): Promise<AltchaCheck> {
  const payload = parsePayload(token);
  const expiresAtSeconds = payload?.challenge.parameters.expiresAt;
  // Our challenges always expire; one without an expiry is not ours.
  if (!payload || typeof expiresAtSeconds !== 'number') return { ok: false, reason: 'invalid' };
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: hmacKey,
      hmacKeySignatureSecret: keySignatureSecret(hmacKey),
    });
    if (result.expired) return { ok: false, reason: 'expired' };
    if (!result.verified) return { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, challengeId: payload.challenge.parameters.nonce, expiresAt: new Date(expiresAtSeconds * 1000) };
}

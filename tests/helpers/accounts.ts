import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from '../../server/app.js';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Solves the server's ALTCHA challenge the way the widget does, and returns the widget's payload. */
export async function solveCaptcha(app: App): Promise<string> {
  const challenge = (await app.inject({ url: '/api/captcha/challenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Logs in through the API and returns the session token. */
export async function loginToken(app: App, member: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

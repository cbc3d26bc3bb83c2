/** Cloudflare's token check (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileRequest {
  secretKey: string;
  token: string;
  ip: string;
  /** Tests point this at a local fake; production uses Cloudflare's address. */
  verifyUrl?: string;
}

/**
 * Asks Cloudflare whether a Turnstile token is good. Cloudflare accepts each token once and for five minutes,
 * so no local record is needed. Resolves false for a refused token; rejects when Cloudflare cannot be reached.
 */
export async function verifyTurnstileToken(request: TurnstileRequest): Promise<boolean> {
  const body = new URLSearchParams({ secret: request.secretKey, response: request.token, remoteip: request.ip });
  const response = await fetch(request.verifyUrl ?? TURNSTILE_VERIFY_URL, {
    method: 'POST',
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`Turnstile siteverify answered ${response.status}`);
  const result = (await response.json()) as { success?: unknown };
  return result.success === true;
}

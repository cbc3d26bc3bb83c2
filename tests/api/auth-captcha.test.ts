import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createRobotCheck } from '../../server/modules/captcha/robot-check.js';
import { ConfigError } from '../../server/config.js';
import { testConfig } from '../helpers/test-app.js';

const keys = { siteKey: '0x4AAAAAAAsite', secretKey: '0x4AAAAAAAsecret' };

describe('Cloudflare Turnstile instead of ALTCHA', () => {
  const ctx = useTestApp({ TURNSTILE_SITE_KEY: keys.siteKey, TURNSTILE_SECRET_KEY: keys.secretKey });
  let cloudflare: Server;
  let verifyUrl: string;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    // A stand-in for Cloudflare's siteverify: 'good-token' passes once, everything else fails.
    const spent = new Set<string>();
    cloudflare = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        const token = form.get('response') ?? '';
        const success = form.get('secret') === keys.secretKey && token === 'good-token' && !spent.has(token);
        spent.add(token);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => cloudflare.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(cloudflare.address() as { port: number }).port}/siteverify`;
  });
  afterAll(async () => {
    await new Promise((resolve) => cloudflare.close(resolve));
  });

  it('tells the form to show Turnstile with the site key, and serves no ALTCHA challenge', async () => {
    expect((await ctx.app.inject({ url: '/api/captcha/config' })).json()).toEqual({ provider: 'turnstile', siteKey: keys.siteKey });
    expect((await ctx.app.inject({ url: '/api/captcha/challenge' })).statusCode).toBe(404);
  });

  it('asks Cloudflare with the secret, the token and the visitor IP, and refuses what Cloudflare refuses', async () => {
    const check = createRobotCheck(ctx.config.captcha, { turnstileVerifyUrl: verifyUrl });
    await expect(check.check('good-token', '198.51.100.7')).resolves.toBeTypeOf('function');
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({ secret: keys.secretKey, response: 'good-token', remoteip: '198.51.100.7' });
    await expect(check.check('good-token', '198.51.100.7')).rejects.toMatchObject({ statusCode: 400, code: 'captcha_failed' });
    await expect(check.check('forged', '198.51.100.7')).rejects.toMatchObject({ statusCode: 400, message: serverMessages.captchaFailed });
    await expect(check.check('', '198.51.100.7')).rejects.toMatchObject({ code: 'captcha_required' });
  });

  it('answers 503 when Cloudflare cannot be reached', async () => {
    const check = createRobotCheck(ctx.config.captcha, { turnstileVerifyUrl: 'http://127.0.0.1:1/siteverify' });
    await expect(check.check('good-token', '198.51.100.7')).rejects.toMatchObject({
      statusCode: 503,
      code: 'captcha_unavailable',
      message: serverMessages.captchaUnavailable,
    });
  });

  it('refuses to start with only one of the two Turnstile keys', () => {
    expect(() => testConfig({ TURNSTILE_SITE_KEY: keys.siteKey })).toThrow(/TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY/);
    expect(() => testConfig({ TURNSTILE_SECRET_KEY: keys.secretKey })).toThrow(ConfigError);
  });
});

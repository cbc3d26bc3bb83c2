import { describe, expect, it } from 'vitest';
import { proxyRedirectTarget } from '../../../web/src/lib/proxy-redirect.js';

describe('proxyRedirectTarget (the proxy pages\' HTTP client redirects)', () => {
  it.each<[number, string]>([
    [401, '/login'],
    [404, '/error?status=404'],
    [403, '/error?status=403'],
    [500, '/error?status=500'],
    [503, '/error?status=503'],
    [0, '/error?status=000'],
  ])('status %i goes to %s', (status, target) => {
    expect(proxyRedirectTarget(status)).toBe(target);
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { bearer, loginToken } from '../helpers/accounts.js';
import { LiveClient } from './live-client.js';
import { createMember, GOOD_PASSWORD, type TestMember } from '../factories/members.js';

/**
 * A stolen or forgotten login must not outlive the member's decision to end it: a password change, "log out
 * everywhere" and account deletion end every other session, on REST at once and on the open sockets.
 */
describe('ending a member\'s other sessions', () => {
  const ctx = useTestApp();
  let baseUrl: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  const me = (token: string) => ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) });

  async function liveSocket(token: string): Promise<LiveClient> {
    const client = new LiveClient(baseUrl, { token });
    clients.push(client);
    await client.connected();
    return client;
  }

  /** A member signed in on two devices, each with an open socket. */
  async function memberOnTwoDevices(): Promise<{ member: TestMember; phone: string; laptop: string; sockets: LiveClient[] }> {
    const member = await createMember(ctx);
    const phone = await loginToken(ctx.app, member);
    const laptop = await loginToken(ctx.app, member);
    const sockets = [await liveSocket(phone), await liveSocket(laptop)];
    return { member, phone, laptop, sockets };
  }

  async function expectEnded(token: string, sockets: LiveClient[]): Promise<void> {
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'invalid_token', message: serverMessages.sessionEnded });
    expect(await Promise.all(sockets.map((socket) => socket.disconnected()))).toEqual(sockets.map(() => 'io server disconnect'));
    const reconnect = new LiveClient(baseUrl, { token });
    clients.push(reconnect);
    expect((await reconnect.refused()).data).toMatchObject({ error: 'invalid_token' });
  }

  it('a password change refuses every older token and closes its sockets; this device goes on with the new token', async () => {
    const { member, phone, laptop, sockets } = await memberOnTwoDevices();
    const changed = await ctx.app.inject({
      method: 'PUT', url: '/api/auth/password', headers: bearer(phone),
      payload: { oldPassword: member.password, newPassword: `${GOOD_PASSWORD}x` },
    });
    expect(changed.statusCode).toBe(200);
    const { token, message } = changed.json() as { token: string; message: string };
    expect(message).toBe(serverMessages.passwordChanged);

    await expectEnded(laptop, sockets);
    await expectEnded(phone, []);
    expect((await me(token)).statusCode).toBe(200);
    await liveSocket(token);
  });

  it('a wrong current password ends nothing', async () => {
    const { phone, laptop, sockets } = await memberOnTwoDevices();
    const wrong = await ctx.app.inject({
      method: 'PUT', url: '/api/auth/password', headers: bearer(phone),
      payload: { oldPassword: 'Wrong!pass123', newPassword: `${GOOD_PASSWORD}x` },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await me(laptop)).statusCode).toBe(200);
    expect(sockets.every((socket) => socket.socket.connected)).toBe(true);
  });

  it('"log out everywhere" ends the other devices and keeps this one signed in with a new token', async () => {
    const { phone, laptop, sockets } = await memberOnTwoDevices();
    const ended = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: bearer(laptop) });
    expect(ended.statusCode).toBe(200);
    const { token, message } = ended.json() as { token: string; message: string };
    expect(message).toBe(serverMessages.loggedOutEverywhere);

    await expectEnded(phone, sockets);
    const now = await me(token);
    expect(now.statusCode).toBe(200);
    // A second "log out everywhere" from the new token ends that one's siblings too, and so on.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: bearer(token) });
    expect(again.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(again.json().token)).statusCode).toBe(200);
  });

  it('deleting the account ends every session, on REST and on the sockets', async () => {
    const { phone, laptop, sockets } = await memberOnTwoDevices();
    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: bearer(phone) });
    expect(deleted.statusCode).toBe(200);
    await Promise.all(sockets.map((socket) => socket.disconnected()));
    for (const token of [phone, laptop]) expect((await me(token)).statusCode).toBe(401);
  });

  it('another member\'s sessions are not touched', async () => {
    const one = await memberOnTwoDevices();
    const other = await memberOnTwoDevices();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: bearer(one.phone) });
    await Promise.all(one.sockets.map((socket) => socket.disconnected()));
    expect((await me(other.phone)).statusCode).toBe(200);
    expect(other.sockets.every((socket) => socket.socket.connected)).toBe(true);
  });
});

import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';
import { LiveClient, settle } from './live-client.js';
import { createMember, type TestMember } from '../factories/members.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The whole app listening on a free port, for tests with real socket.io-client connections: members come online,
 * writes go through the REST API as the pages make them. Clients opened by a test are closed by `closeClients`.
 */
export async function startLiveApp(overrides: Record<string, string> = {}) {
  const ctx: TestContext = await createTestApp({ PUBLIC_ORIGIN: 'https://sal-league.example', ...overrides });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const clients: LiveClient[] = [];

  function open(auth: Record<string, unknown>, extraHeaders?: Record<string, string>): LiveClient {
    const client = new LiveClient(baseUrl, auth, { extraHeaders });
    clients.push(client);
    return client;
  }

  return {
    ctx,
    baseUrl,
    open,
    /** A connected socket of `member`. */
    async online(member: TestMember): Promise<LiveClient> {
      const client = open({ token: member.token });
      await client.connected();
      return client;
    },
    api: (member: TestMember | null, method: Method, url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: member ? member.headers : {}, ...(payload ? { payload } : {}) }),
    /** A seller's post with one buyer's deal, and a third member who has nothing to do with it. */
    async scene() {
      const [seller, buyer, stranger] = await Promise.all([
        createMember(ctx, { nickname: '판매' }), createMember(ctx, { nickname: '구매' }), createMember(ctx, { nickname: '제삼자' }),
      ]);
      const post = await createPost(ctx, seller);
      const dealId = await propose(ctx, buyer, post._id);
      await settle(200); // the application's own pushes have gone before anyone connects
      return { seller, buyer, stranger, postId: post._id, dealId };
    },
    closeClients(): void {
      for (const client of clients.splice(0)) client.close();
    },
  };
}

export type LiveApp = Awaited<ReturnType<typeof startLiveApp>>;

export const messagesUrl = (postId: string, dealId: string) => `/api/trade/posts/${postId}/deals/${dealId}/messages`;

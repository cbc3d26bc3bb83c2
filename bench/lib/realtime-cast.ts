import { randomUUID } from 'node:crypto';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import type { OpenDatabase } from '../../server/db/bootstrap.js';

export interface BenchMember {
  id: string;
  token: string;
}

/** One open deal: a seller's post, a buyer's application, and the chat path both parties write to. */
export interface BenchDeal {
  dealId: string;
  seller: BenchMember;
  buyer: BenchMember;
  messagesPath: string;
}

const BATCH = 500;

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await write(rows.slice(start, start + BATCH));
}

/**
 * `count` open deals between distinct members, written straight to the database (signing up 1,000 members
 * through the robot check and Argon2 would measure sign-up, not the live push), with session tokens signed by
 * the app itself so that the handshakes and REST calls go through the real checks.
 */
export async function createBenchDeals(database: OpenDatabase, config: AppConfig, count: number, label: string): Promise<BenchDeal[]> {
  const deals = Array.from({ length: count }, (_, index) => ({
    index,
    dealId: randomUUID(),
    postId: randomUUID(),
    sellerId: randomUUID(),
    buyerId: randomUUID(),
  }));
  const emailOf = (side: string, index: number) => `${label}-${side}-${index}@bench.example.kr`;
  const nicknameOf = (side: string, index: number) => `${label}${side === 'seller' ? '판매' : '구매'}${index}`;
  // Verified members: only they may trade and chat (docs/product/trade.md#verified-e-mail).
  const member = (id: string, side: string, index: number) => ({
    id, email: emailOf(side, index), nickname: nicknameOf(side, index), passwordHash: 'bench-only', emailVerifiedAt: new Date(),
  });
  const users = deals.flatMap((deal) => [member(deal.sellerId, 'seller', deal.index), member(deal.buyerId, 'buyer', deal.index)]);
  const { prisma } = database;
  await inBatches(users, (batch) => prisma.user.createMany({ data: batch }));
  await inBatches(deals, (batch) => prisma.tradePost.createMany({
    data: batch.map((deal) => ({
      id: deal.postId, sellerId: deal.sellerId, title: '서든 SP 판매합니다', content: '빠른 거래 원합니다.', price: 150_000n,
    })),
  }));
  await inBatches(deals, (batch) => prisma.tradeDeal.createMany({
    data: batch.map((deal) => ({ id: deal.dealId, postId: deal.postId, buyerId: deal.buyerId, price: 150_000n })),
  }));

  const signer = await buildApp({ config, prisma, databaseUrl: database.url, logger: false });
  try {
    await signer.ready();
    const session = (id: string, side: string, index: number) => ({
      id, token: signer.signSessionToken({ id, email: emailOf(side, index), nickname: nicknameOf(side, index), role: 'user' }),
    });
    return deals.map((deal) => ({
      dealId: deal.dealId,
      seller: session(deal.sellerId, 'seller', deal.index),
      buyer: session(deal.buyerId, 'buyer', deal.index),
      messagesPath: `/api/trade/posts/${deal.postId}/deals/${deal.dealId}/messages`,
    }));
  } finally {
    await signer.close();
  }
}

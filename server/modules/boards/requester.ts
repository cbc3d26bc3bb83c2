import { viewerKey } from '../../lib/view-counter.js';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../plugins/auth.js';

/** Who sends a community request: the member from the bearer token (never from the body) and the IP. */
export interface Requester {
  member: SessionUser | null;
  ip: string;
}

export function requesterOf(request: FastifyRequest): Requester {
  return { member: request.member, ip: request.ip };
}

/** The once-only key of a like or a view: the member when signed in, else the IP (lib/view-counter.ts). */
export function voterKey(requester: Requester): string {
  return viewerKey({ memberId: requester.member?.id ?? null, ip: requester.ip });
}

import { apiRequest } from '../../api/client';

/** Both forms answer `{ message }` (server/contracts/forms.ts FormMessageResponse). */
type MessageAnswer = { message: string };

/**
 * POST /api/sal-board/suggest and /api/sal-board/exclude (docs/product/forms.md). No identity is sent: anyone may
 * write.
 */
export const formsApi = {
  suggest: (body: { email: string; nickname: string; content: string }) =>
    apiRequest<MessageAnswer>('/api/sal-board/suggest', { method: 'POST', body, auth: false }),
  exclude: (body: { nickname: string; clanName: string; reason: string; proof: string }) =>
    apiRequest<MessageAnswer>('/api/sal-board/exclude', { method: 'POST', body, auth: false }),
};

/** TanStack Query keys of the trade pages; invalidating `tradeKeys.all` refreshes every trade view. */
export const tradeKeys = {
  all: ['trade'] as const,
  /** Every page of the trade list (both tabs). */
  postLists: ['trade', 'posts'] as const,
  posts: (mine: boolean, page: number) => ['trade', 'posts', { mine, page }] as const,
  post: (id: string) => ['trade', 'post', id] as const,
  /** Every applicant list. */
  allDeals: ['trade', 'deals'] as const,
  deals: (postId: string) => ['trade', 'deals', postId] as const,
  inbox: () => ['trade', 'inbox'] as const,
  credibility: (sellerId: string) => ['trade', 'credibility', sellerId] as const,
  history: (userId: string) => ['trade', 'history', userId] as const,
  ads: () => ['trade', 'ads'] as const,
  /** The member's own standing (may they trade); refetched when the live push says it changed. */
  standing: () => ['trade', 'standing'] as const,
  blocks: () => ['trade', 'blocks'] as const,
  adminReports: (status: string) => ['trade', 'admin', 'reports', status] as const,
  adminReportsAll: ['trade', 'admin', 'reports'] as const,
  adminAudit: () => ['trade', 'admin', 'audit'] as const,
  adminAds: () => ['trade', 'admin', 'ads'] as const,
  adminTrustAll: ['trade', 'admin', 'trust'] as const,
  adminTrust: (q: string) => ['trade', 'admin', 'trust', q] as const,
};

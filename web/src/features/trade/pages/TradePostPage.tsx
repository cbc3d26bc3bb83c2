import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { formatDateTime } from '../../../lib/korean-date';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import type { TradePost } from '../api/trade-types';
import { Amount } from '../components/Amount';
import { ApplicantList } from '../components/ApplicantList';
import { DealActions } from '../components/DealActions';
import { PostManagePanel } from '../components/PostManagePanel';
import { PostStatusBadge } from '../components/PostStatusBadge';
import { ProposeModal } from '../components/ProposeModal';
import { SellerCredibilityCard } from '../components/SellerCredibilityCard';
import { SellerName } from '../components/SellerName';
import { useTradePollInterval } from '../live/live-status';
import { watchPosts } from '../live/trade-socket';
import { TRADE } from '../lib/trade-constants';
import { timeAgo } from '../lib/time-ago';
import { MemberSafetyActions } from '../safety/MemberSafetyActions';
import { TradeStandingNotice } from '../standing/TradeStandingNotice';
import { useTradeStanding } from '../standing/use-trade-standing';
import '../trade.css';

const t = tradeKo.post;

/** Why nobody can apply now, when the post says so itself (reserved, sold, withdrawn, completed). */
function closedForApplications(post: TradePost): string | null {
  if (post.statusCode === 'completed') return t.completedPost;
  if (post.state === 'withdrawn') return t.withdrawnPost;
  if (post.state === 'reserved') return t.reservedPost;
  return null;
}

/**
 * What the viewer can do on the post (docs/product/trade.md#post-page): the seller manages it and sees applicants; a
 * buyer their deal; others may apply while it is open. A member who may not trade sees why above, and no apply button.
 */
function PostActions({ post }: { post: TradePost }) {
  const signedIn = useSessionStore((state) => state.token !== null);
  const standing = useTradeStanding();
  const readOnly = standing !== undefined && standing.restriction !== null;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [proposing, setProposing] = useState(false);
  const [needsLogin, setNeedsLogin] = useState(false);

  if (post.isMine) {
    return (
      <>
        <PostManagePanel post={post} readOnly={readOnly} />
        <ApplicantList postId={post._id} readOnly={readOnly} />
      </>
    );
  }
  const myDeal = post.deals.find((deal) => deal._id === post.myDealId);
  if (myDeal) {
    return (
      <section className="trade-card" aria-label={t.myDeal} data-testid="my-deal">
        <h2>{t.myDeal}</h2>
        <Amount value={myDeal.price} />
        <div className="trade-applicant__actions">
          <Link className="button" to={`/trade/chat/${post._id}/${myDeal._id}`}>{t.goChat}</Link>
          <DealActions postId={post._id} dealId={myDeal._id} role="buyer" deal={myDeal} readOnly={readOnly} />
        </div>
      </section>
    );
  }
  const closed = closedForApplications(post);
  if (closed) return <p className="muted" data-testid="post-closed">{closed}</p>;
  if (standing && !standing.canTrade) return null;

  const handlePropose = () => {
    if (!signedIn) {
      setNeedsLogin(true);
      return;
    }
    setProposing(true);
  };
  return (
    <div className="trade-post__apply">
      <button type="button" className="button button--primary" onClick={handlePropose}>{t.propose}</button>
      {needsLogin && (
        <p className="trade-error" role="alert">
          {tradeKo.common.loginRequired} <Link to={`/login?next=${encodeURIComponent(location.pathname)}`}>{tradeKo.common.goLogin}</Link>
        </p>
      )}
      {proposing && (
        <ProposeModal
          postId={post._id}
          onClose={() => setProposing(false)}
          onProposed={async (dealId) => {
            await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
            navigate(`/trade/chat/${post._id}/${dealId}`);
          }}
        />
      )}
    </div>
  );
}

/** /trade/user/{id}: the post, the seller's credibility and the deal controls. */
export default function TradePostPage() {
  const { id = '' } = useParams();
  const signedIn = useSessionStore((state) => state.token !== null);
  // The first read counts a view (once per reader a day, on the server); refreshes after actions do not.
  const counted = useRef(false);
  // Live: its status and application count follow pushed changes (applicants and deal updates for its parties).
  useEffect(() => watchPosts(), []);
  const poll = useTradePollInterval(TRADE.applicantPollMs);
  const query = useQuery({
    queryKey: tradeKeys.post(id),
    queryFn: async () => {
      const result = await tradeApi.readPost(id, !counted.current);
      counted.current = true;
      return result.post;
    },
    staleTime: 0,
    // While the live push is down: the seller's header (status, application count) follows the applicant list
    // it heads, and a buyer waiting on the seller's confirmation sees it arrive. A completed post changes no more.
    refetchInterval: (current) => {
      const data = current.state.data;
      if (!data || data.statusCode === 'completed' || data.statusCode === 'withdrawn') return false;
      if (data.isMine) return poll;
      const myDeal = data.deals.find((deal) => deal._id === data.myDealId);
      return myDeal && myDeal.status === 'IN_PROGRESS' ? poll : false;
    },
  });
  const post = query.data;
  useDocumentTitle(post?.title ?? tradeKo.list.title);

  if (query.isPending) return <p className="muted">{tradeKo.common.loading}</p>;
  if (query.isError || !post) {
    return (
      <section className="trade-page">
        <p className="trade-error" role="alert">{t.loadFailed}</p>
        <Link to="/trade/user">{t.back}</Link>
      </section>
    );
  }
  return (
    <section className="trade-page trade-post">
      <Link to="/trade/user" className="muted">{t.back}</Link>
      <TradeStandingNotice />
      <div className="trade-post__head">
        <PostStatusBadge status={post.statusCode} />
        <h1>{post.title}</h1>
      </div>
      <p className="trade-post__meta muted">
        <span>{t.seller} <SellerName seller={post.sellerId} /></span>
        <span>{t.written} {timeAgo(post.createdAt)}</span>
        {post.editedAt && <span>{tradeKo.manage.edited(formatDateTime(post.editedAt))}</span>}
        <span>{tradeKo.common.views(post.views)}</span>
        <span>{tradeKo.common.applications(post.dealCount)}</span>
      </p>
      <p className="trade-post__price">{t.price} <Amount value={post.price} /></p>
      <div className="trade-post__layout">
        <div className="trade-card trade-post__content">{post.content}</div>
        <div className="trade-post__side">
          <SellerCredibilityCard seller={post.sellerId} />
          {signedIn && !post.isMine && !post.sellerId.isAdmin && (
            <MemberSafetyActions userId={post.sellerId._id} nickname={post.sellerId.nickname} />
          )}
        </div>
      </div>
      <PostActions post={post} />
    </section>
  );
}

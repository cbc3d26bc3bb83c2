import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import type { TradePost } from '../api/trade-types';
import { Amount } from '../components/Amount';
import { ApplicantList } from '../components/ApplicantList';
import { DealCompletion } from '../components/DealCompletion';
import { PostStatusBadge } from '../components/PostStatusBadge';
import { ProposeModal } from '../components/ProposeModal';
import { SellerCredibilityCard } from '../components/SellerCredibilityCard';
import { SellerName } from '../components/SellerName';
import { useTradePollInterval } from '../live/live-status';
import { watchPosts } from '../live/trade-socket';
import { TRADE } from '../lib/trade-constants';
import { timeAgo } from '../lib/time-ago';
import '../trade.css';

const t = ko.trade.post;

/** What the viewer can do on the post (§6): the seller sees applicants; a buyer their deal; others may apply. */
function PostActions({ post }: { post: TradePost }) {
  const signedIn = useSessionStore((state) => state.token !== null);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [proposing, setProposing] = useState(false);
  const [needsLogin, setNeedsLogin] = useState(false);

  if (post.isMine) return <ApplicantList postId={post._id} />;
  const myDeal = post.deals.find((deal) => deal._id === post.myDealId);
  if (myDeal) {
    return (
      <section className="trade-card" aria-label={t.myDeal} data-testid="my-deal">
        <h2>{t.myDeal}</h2>
        <Amount value={myDeal.price} />
        <div className="trade-applicant__actions">
          <Link className="button" to={`/trade/chat/${post._id}/${myDeal._id}`}>{t.goChat}</Link>
          <DealCompletion postId={post._id} dealId={myDeal._id} role="buyer" status={myDeal.status} closed={myDeal.closed}
            confirmations={myDeal.confirmations} />
        </div>
      </section>
    );
  }
  if (post.statusCode === 'completed') return <p className="muted">{t.completedPost}</p>;

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
          {ko.trade.common.loginRequired} <Link to={`/login?next=${encodeURIComponent(location.pathname)}`}>{ko.trade.common.goLogin}</Link>
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
  // The first read counts a view; refreshes after actions do not.
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
      if (!data || data.statusCode === 'completed') return false;
      if (data.isMine) return poll;
      const myDeal = data.deals.find((deal) => deal._id === data.myDealId);
      return myDeal && myDeal.status === 'IN_PROGRESS' && !myDeal.closed ? poll : false;
    },
  });
  const post = query.data;
  useDocumentTitle(post?.title ?? ko.trade.list.title);

  if (query.isPending) return <p className="muted">{ko.trade.common.loading}</p>;
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
      <div className="trade-post__head">
        <PostStatusBadge status={post.statusCode} />
        <h1>{post.title}</h1>
      </div>
      <p className="trade-post__meta muted">
        <span>{t.seller} <SellerName seller={post.sellerId} /></span>
        <span>{t.written} {timeAgo(post.createdAt)}</span>
        <span>{ko.trade.common.views(post.views)}</span>
        <span>{ko.trade.common.applications(post.dealCount)}</span>
      </p>
      <p className="trade-post__price">{t.price} <Amount value={post.price} /></p>
      <div className="trade-post__layout">
        <div className="trade-card trade-post__content">{post.content}</div>
        <SellerCredibilityCard seller={post.sellerId} />
      </div>
      <PostActions post={post} />
    </section>
  );
}

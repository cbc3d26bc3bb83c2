import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi, type PostFields } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import { PostForm } from '../components/PostForm';
import '../trade.css';

const t = tradeKo.manage;

/** /trade/user/{id}/edit: the seller edits title, content and price with the write form's rules. */
export default function TradeEditPage() {
  const { id = '' } = useParams();
  const signedIn = useSessionStore((state) => state.token !== null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(t.editTitle);
  const post = useQuery({ queryKey: tradeKeys.post(id), queryFn: async () => (await tradeApi.readPost(id, false)).post, enabled: signedIn });
  const mutation = useMutation({
    mutationFn: (fields: PostFields) => tradeApi.editPost(id, fields),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      navigate(`/trade/user/${id}`);
    },
  });

  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(`/trade/user/${id}/edit`)}`} replace />;
  if (post.isPending) return <p className="muted">{tradeKo.common.loading}</p>;
  if (post.isError || !post.data?.isMine) {
    return (
      <section className="trade-page">
        <p className="trade-error" role="alert">{tradeKo.post.loadFailed}</p>
        <Link to="/trade/user">{tradeKo.post.back}</Link>
      </section>
    );
  }
  const { title, content, price } = post.data;
  return (
    <section className="trade-page">
      <h1>{t.editTitle}</h1>
      <PostForm initial={{ title, content, price: String(price) }} submitLabel={t.editSubmit} busyLabel={tradeKo.write.submitting}
        busy={mutation.isPending}
        failure={mutation.isError ? <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p> : null}
        onSubmit={(fields) => mutation.mutate(fields)} />
    </section>
  );
}

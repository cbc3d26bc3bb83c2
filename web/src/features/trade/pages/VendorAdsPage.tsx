import { useQuery } from '@tanstack/react-query';
import { tradeKo } from '../../../i18n/trade';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import '../trade.css';

const t = tradeKo.ads;

/** /trade/ads: the active vendors. */
export default function VendorAdsPage() {
  useDocumentTitle(t.title);
  const query = useQuery({ queryKey: tradeKeys.ads(), queryFn: tradeApi.ads });
  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.notice}</p>
      {query.isPending && <p className="muted">{tradeKo.common.loading}</p>}
      {query.isError && <p className="trade-error">{t.loadFailed}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="trade-ads">
        {query.data?.items.map((ad) => (
          <li key={ad._id} className="trade-card trade-ad" data-testid="vendor-ad">
            {ad.bannerUrl && <img className="trade-ad__banner" src={ad.bannerUrl} alt={ad.name} loading="lazy" />}
            <h2>{ad.name}</h2>
            {ad.description && <p className="trade-ad__description">{ad.description}</p>}
            {ad.tags.length > 0 && (
              <p className="trade-ad__tags">{ad.tags.map((tag) => <span key={tag} className="trade-badge">#{tag}</span>)}</p>
            )}
            <p className="trade-ad__links">
              {ad.openChatUrl && (
                <a className="button button--primary" href={ad.openChatUrl} target="_blank" rel="noopener noreferrer nofollow">{t.openChat}</a>
              )}
              {ad.email && <a className="button" href={`mailto:${ad.email}`}>{t.email}</a>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import '../trade.css';

const t = tradeKo.entry;

/** /trade: the way into the marketplace (the spec does not show its content). */
export default function TradeEntryPage() {
  useDocumentTitle(t.title);
  const links = [
    { to: '/trade/user', title: t.userTrade, body: t.userTradeBody },
    { to: '/trade/chats', title: t.chats, body: t.chatsBody },
    { to: '/trade/history/me', title: t.history, body: t.historyBody },
    { to: '/trade/ads', title: t.ads, body: t.adsBody },
  ];
  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <div className="trade-entry">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className="trade-card trade-entry__link">
            <strong>{link.title}</strong>
            <span className="muted">{link.body}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

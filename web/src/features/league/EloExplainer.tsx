import { ko } from '../../i18n/ko';

const t = ko.stats.league;

/** The collapsible "why Elo can be high with a low win rate" explainer of the standings page. */
export function EloExplainer() {
  return (
    <details className="elo-explainer">
      <summary>{t.explainerTitle}</summary>
      {t.explainerBody.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
    </details>
  );
}

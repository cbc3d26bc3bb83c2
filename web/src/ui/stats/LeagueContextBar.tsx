import { Link } from 'react-router-dom';
import type { LeagueContext } from '@shared/contracts/clans';
import { ko } from '../../i18n/ko';
import { describeLeagueContext } from '../../lib/league-context';
import { leagueLabel } from './league-label';
import './stats.css';

const t = ko.stats.context;

/** Whose figures the bar introduces: a clan, or a player and the clan they play for now (null: none). */
export type ContextSubject = { kind: 'clan'; name: string } | { kind: 'player'; clanName: string | null };

interface LeagueContextBarProps {
  context: LeagueContext;
  subject: ContextSubject;
  /** The same page with the figures of another league. */
  pathFor: (league: string) => string;
}

/**
 * The league context of a clan or player page (docs/league-context.md): which league the figures belong to,
 * the other leagues with records as a switcher, and, when the clan plays elsewhere now (or the player has no
 * clan), a note saying so with a link to where it plays.
 */
export function LeagueContextBar({ context, subject, pathFor }: LeagueContextBarProps) {
  const view = describeLeagueContext(context);
  const shown = leagueLabel(view.shown);
  let notice: string | null = null;
  if (!view.hasRecords && view.entries.some((entry) => entry.matches > 0)) notice = t.noRecordsHere(shown);
  else if (view.movedTo && subject.kind === 'clan') notice = t.clanMoved(subject.name, shown, leagueLabel(view.movedTo));
  else if (view.movedTo && subject.kind === 'player' && subject.clanName) notice = t.playerClanElsewhere(subject.clanName, shown, leagueLabel(view.movedTo));
  else if (view.unaffiliated && subject.kind === 'player' && view.hasRecords) notice = t.unaffiliated;

  return (
    <section className="league-context" data-testid="league-context" data-league={view.shown} data-live={view.live}
      aria-label={t.shownLabel(shown)}>
      <div className="league-context__head">
        {view.switchable
          ? <span className="league-context__shown league-context__shown--prefix">{t.switcherLabel}</span>
          : <span className="league-context__shown">{t.shownLabel(shown)}</span>}
        {view.switchable && (
          <nav className="stats-tabs league-context__tabs" aria-label={t.switcherLabel}>
            {view.entries.map((entry) => (
              <Link key={entry.slug} to={pathFor(entry.slug)} aria-current={entry.active ? 'page' : undefined}
                data-league={entry.slug}>
                {leagueLabel(entry.slug)}
                <span className="league-context__count">{entry.matches > 0 ? t.matches(entry.matches) : t.noMatches}</span>
                {entry.current && <span className="league-context__current">{t.current}</span>}
              </Link>
            ))}
          </nav>
        )}
      </div>
      {notice && (
        <p className="league-context__notice" data-testid="league-context-notice">
          {notice}
          {view.movedTo && (
            <>
              {' '}
              <Link to={pathFor(view.movedTo)}>{t.goToLeague(leagueLabel(view.movedTo))}</Link>
            </>
          )}
        </p>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminPlayer } from '@shared/contracts/admin-users';
import { ApiError } from '../../../api/client';
import { accountKo } from '../../../i18n/account';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { StatusMessage, TimeAgo } from '../../../ui/stats';
import '../../account/account.css';
import { adminUsersApi, adminUsersKeys } from './admin-users-api';

const t = accountKo.adminUsers;

/** The failure line: the server's own text (admin-only, login needed, unknown clan) and a login link on 401. */
function Failure({ error }: { error: unknown }) {
  const message = error instanceof ApiError && error.message ? error.message : t.failed;
  return (
    <div>
      <StatusMessage kind="error">{message}</StatusMessage>
      {error instanceof ApiError && error.status === 401 && <Link to="/login?next=/admin/users">{t.goLogin}</Link>}
    </div>
  );
}

function PlayerTable({ players, testId }: { players: AdminPlayer[]; testId: string }) {
  return (
    <div className="account-table-scroll">
      <table className="admin-users-table stack-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t.columns.playerId}</th>
            <th scope="col">{t.columns.nickname}</th>
            <th scope="col">{t.columns.clan}</th>
            <th scope="col">{t.columns.lastSeen}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <tr key={player.playerId}>
              <td data-label={t.columns.playerId}>{player.playerId}</td>
              <td data-label={t.columns.nickname}><Link to={`/sal/player/${encodeURIComponent(player.playerId)}`}>{player.nickname}</Link></td>
              <td data-label={t.columns.clan}>{player.clanSlug ?? t.noClan}</td>
              <td data-label={t.columns.lastSeen}><TimeAgo at={player.lastSeenAt} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/users: recently active league players and a per-clan lookup. The server decides who may read them. */
export default function AdminUsersPage() {
  useDocumentTitle(t.title);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [clanSlug, setClanSlug] = useState<string | null>(null);
  const recent = useQuery({ queryKey: adminUsersKeys.recent(), queryFn: ({ signal }) => adminUsersApi.recent(signal), retry: false });
  const clan = useQuery({
    queryKey: adminUsersKeys.clan(clanSlug ?? ''),
    queryFn: ({ signal }) => adminUsersApi.clan(clanSlug!, signal),
    enabled: clanSlug !== null,
    retry: false,
  });

  const handleLookup = (event: FormEvent) => {
    event.preventDefault();
    const slug = draft.trim();
    if (slug) setClanSlug(slug);
  };

  return (
    <section className="account-page account-page--wide admin-users">
      <h1>{t.title}</h1>

      <section className="mypage-card">
        <h2>{t.clanTitle}</h2>
        <form className="account-inline" onSubmit={handleLookup}>
          <label htmlFor={inputId} className="visually-hidden">{t.clanLabel}</label>
          <input id={inputId} value={draft} placeholder={t.clanPlaceholder} onChange={(event) => setDraft(event.target.value)} />
          <button type="submit" className="button button--primary">{t.clanSearch}</button>
        </form>
        {clanSlug !== null && (
          clan.isPending ? <StatusMessage kind="loading">{t.loading}</StatusMessage>
            : clan.isError ? <Failure error={clan.error} />
              : (
                <>
                  <p className="muted">{t.clanResult(clan.data.clan.name, clan.data.items.length)}</p>
                  {clan.data.items.length === 0
                    ? <StatusMessage kind="empty">{t.clanEmpty}</StatusMessage>
                    : <PlayerTable players={clan.data.items} testId="clan-players" />}
                </>
              )
        )}
      </section>

      <section className="mypage-card">
        <h2>{t.recentTitle}</h2>
        {recent.isPending ? <StatusMessage kind="loading">{t.loading}</StatusMessage>
          : recent.isError ? <Failure error={recent.error} />
            : recent.data.items.length === 0 ? <StatusMessage kind="empty">{t.recentEmpty}</StatusMessage>
              : <PlayerTable players={recent.data.items} testId="recent-players" />}
      </section>
    </section>
  );
}

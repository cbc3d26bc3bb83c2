import { useEffect, useRef } from 'react';
import { ko } from '../../i18n/ko';
import { formatNumber } from '../../ui/stats';
import type { ClanHeaderView } from './clan-view';
import { onFirstUse } from '../../lib/intl-formats';

const t = ko.clanPlayer.clan.info;

const DATE_FORMAT = onFirstUse(() => new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeStyle: 'short' }));

function formatDate(at: string | null | undefined): string {
  if (!at) return ko.stats.common.dash;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? ko.stats.common.unknown : DATE_FORMAT().format(date);
}

interface ClanInfoDialogProps {
  clan: ClanHeaderView;
  memberCount: number | null;
  open: boolean;
  onClose: () => void;
}

/** The 'basic info' button's modal: name, address, league, members, matches and the rating extremes. */
export function ClanInfoDialog({ clan, memberCount, open, onClose }: ClanInfoDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const address = `${window.location.origin}/league/${clan.league}/clan/${clan.slug}`;
  return (
    <dialog ref={dialogRef} className="clan-info-dialog" aria-labelledby="clan-info-title" onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}>
      <h2 id="clan-info-title">{t.title}</h2>
      <dl className="clan-info-dialog__list">
        <dt>{t.name}</dt><dd>{clan.name}</dd>
        <dt>{t.league}</dt><dd>{clan.divisionLabel}</dd>
        <dt>{t.slug}</dt><dd className="clan-info-dialog__address">{address}</dd>
        <dt>{t.members}</dt><dd>{memberCount === null ? ko.stats.common.dash : ko.clanPlayer.clan.membersCount(memberCount)}</dd>
        <dt>{t.totalMatches}</dt><dd>{formatNumber(clan.totalMatches)}</dd>
        <dt>{t.peak}</dt><dd>{clan.peak ? `${formatNumber(clan.peak.rating)} (${formatDate(clan.peak.at)})` : ko.stats.common.dash}</dd>
        <dt>{t.lowest}</dt><dd>{clan.lowest ? `${formatNumber(clan.lowest.rating)} (${formatDate(clan.lowest.at)})` : ko.stats.common.dash}</dd>
        <dt>{t.lastMatch}</dt><dd>{formatDate(clan.lastMatchAt)}</dd>
      </dl>
      <form method="dialog">
        <button type="submit" className="button button--primary">{t.close}</button>
      </form>
    </dialog>
  );
}

import { apiRequest } from '../../api/client';
import { ko } from '../../i18n/ko';
import { formatTimeAgo } from '../../ui/stats';
import type { ClanRefreshResponse } from './api-types';

const t = ko.clanPlayer.clan.buttons;
const enc = encodeURIComponent;

/**
 * The record update button's call: POST /api/league/{league}/clan/{clanSlug}/refresh asks the server to fetch the
 * clan's newest records. Returns what to tell the reader: new records loaded, or already up to date with the
 * time of the last update (no source to ask, fetched moments ago, or nothing new).
 */
export async function requestClanRefresh(league: string, slug: string): Promise<string> {
  const { data } = await apiRequest<ClanRefreshResponse>(`/api/league/${enc(league)}/clan/${enc(slug)}/refresh`, { method: 'POST' });
  return data.refreshed ? t.refreshed : t.upToDate(formatTimeAgo(data.updatedAt));
}

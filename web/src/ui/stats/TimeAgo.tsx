import { formatDateTime } from '../../lib/korean-date';
import { formatTimeAgo } from './format';

/** '3분 전' in a <time> element whose tooltip is the full local date and time; '알 수 없음' when missing. */
export function TimeAgo({ at }: { at: string | null | undefined }) {
  if (!at) return <span>{formatTimeAgo(null)}</span>;
  return (
    <time dateTime={at} title={formatDateTime(at) || undefined}>
      {formatTimeAgo(at)}
    </time>
  );
}

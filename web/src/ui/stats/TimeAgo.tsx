import { formatTimeAgo } from './format';

/** '3분 전' in a <time> element whose tooltip is the full local date and time; '알 수 없음' when missing. */
export function TimeAgo({ at }: { at: string | null | undefined }) {
  if (!at) return <span>{formatTimeAgo(null)}</span>;
  const date = new Date(at);
  return (
    <time dateTime={at} title={Number.isNaN(date.getTime()) ? undefined : date.toLocaleString('ko-KR')}>
      {formatTimeAgo(at)}
    </time>
  );
}

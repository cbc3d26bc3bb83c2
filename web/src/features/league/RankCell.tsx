import { RankMark } from '../../ui/stats';

/** A rank with its medal for the top three (the medal carries the number, so it is not repeated). */
export function RankCell({ rank }: { rank: number }) {
  return (
    <span className="rank-cell" data-rank={rank}>
      <RankMark rank={rank} />
      {rank > 3 && rank}
    </span>
  );
}

/** Row class of the top-three highlight. */
export function podiumClass(rank: number): string | undefined {
  return rank <= 3 ? `row--podium row--podium-${rank}` : undefined;
}

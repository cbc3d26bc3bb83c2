import { ko } from '../../i18n/ko';
import './stats.css';

const t = ko.stats.results;

/** A match result as the pages show it. */
export type ResultKind = 'win' | 'lose' | 'draw' | 'unknown';

const SHORT: Record<ResultKind, string> = { win: t.win, lose: t.lose, draw: t.draw, unknown: t.unknown };
const FULL: Record<ResultKind, string> = { win: t.winFull, lose: t.loseFull, draw: t.drawFull, unknown: t.unknownFull };

/** Reads the result spellings answers use ('win', 'W', 'lose', 'L', 'draw', 'D') into a ResultKind. */
export function toResultKind(value: string | null | undefined): ResultKind {
  switch ((value ?? '').toLowerCase()) {
    case 'win': case 'w': return 'win';
    case 'lose': case 'loss': case 'l': return 'lose';
    case 'draw': case 'd': return 'draw';
    default: return 'unknown';
  }
}

/** One win/lose/draw chip ('승', '패', '무'); the full word is its accessible name. */
export function ResultChip({ result }: { result: ResultKind }) {
  return (
    <span className={`result-chip result-chip--${result}`} title={FULL[result]} aria-label={FULL[result]} role="img">
      {SHORT[result]}
    </span>
  );
}

/**
 * The latest results, newest first, as chips in rows of `perRow` (spec: last 20 in two rows of 10). Each row is
 * a list so screen readers announce the count.
 */
export function ResultStrip({ results, perRow = 10 }: { results: readonly ResultKind[]; perRow?: number }) {
  const rows: ResultKind[][] = [];
  for (let start = 0; start < results.length; start += perRow) rows.push(results.slice(start, start + perRow));
  return (
    <div className="result-strip" aria-label={t.stripLabel(results.length)} role="group">
      {rows.map((row, index) => (
        <ol className="result-strip__row" key={index}>
          {row.map((result, position) => (
            <li key={position}><ResultChip result={result} /></li>
          ))}
        </ol>
      ))}
    </div>
  );
}

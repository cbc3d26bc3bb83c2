import { useParams } from 'react-router-dom';
import { boardFromPath, type BoardCategory } from './board-categories';

/** The board (and post) a board page's path names; `board` is null for an unknown board. */
export function useBoardRoute(): { board: BoardCategory | null; id: string | undefined } {
  const { category, tradeKind, id } = useParams();
  return { board: boardFromPath(category, tradeKind), id };
}

/** The per-post liked marker (docs/product/boards.md#likes): one like per browser per post. */
const likedKey = (board: string, id: string) => `sal.board.liked.${board}.${id}`;

export function hasLiked(board: string, id: string): boolean {
  return localStorage.getItem(likedKey(board, id)) !== null;
}

export function markLiked(board: string, id: string): void {
  localStorage.setItem(likedKey(board, id), new Date().toISOString());
}

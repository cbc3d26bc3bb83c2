/** The board pages, one chunk loaded on the first visit to any board. */
export { BoardListPage, ReadOnlyBoardListPage } from './BoardListPage';
export { PostDetailPage, ReadOnlyPostDetailPage } from './PostDetailPage';
export { default as PostWritePage } from './PostWritePage';
export { default as PostEditPage } from './PostEditPage';

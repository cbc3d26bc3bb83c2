import type {
  BoardListResponse, BoardPostDetail, CreatePostResponse, LikeResponse, MessageResponse,
} from '@shared/contracts/boards';
import { apiRequest } from '../../api/client';

export type { BoardComment, BoardListResponse, BoardPostDetail, BoardPostSummary, BoardReply } from '@shared/contracts/boards';

/** Query keys of the board pages. */
export const boardKeys = {
  all: ['boards'] as const,
  list: (board: string, page: number) => [...boardKeys.all, 'list', board, page] as const,
  post: (board: string, id: string) => [...boardKeys.all, 'post', board, id] as const,
};

const boardBase = (board: string) => `/api/sal-board/${encodeURIComponent(board)}`;
const postBase = (board: string, id: string) => `${boardBase(board)}/${encodeURIComponent(id)}`;
const commentBase = (board: string, id: string, commentId: string) => `${postBase(board, id)}/comment/${encodeURIComponent(commentId)}`;

export interface WritePostInput {
  nickname: string;
  title: string;
  content: string;
  password?: string;
}

export interface CommentInput {
  content: string;
  nickname?: string;
  password?: string;
}

/** Every board call (docs/product/boards.md); identity travels only as the stored bearer token. */
export const boardApi = {
  list: (board: string, page: number, signal?: AbortSignal) =>
    apiRequest<BoardListResponse>(`${boardBase(board)}?page=${page}`, { signal }),
  read: (board: string, id: string, signal?: AbortSignal) => apiRequest<BoardPostDetail>(postBase(board, id), { signal }),
  write: (board: string, body: WritePostInput) => apiRequest<CreatePostResponse>(boardBase(board), { method: 'POST', body }),
  edit: (board: string, id: string, body: { title: string; content: string; password?: string }) =>
    apiRequest<BoardPostDetail>(postBase(board, id), { method: 'PUT', body }),
  remove: (board: string, id: string, password?: string) =>
    apiRequest<MessageResponse>(postBase(board, id), { method: 'DELETE', body: password ? { password } : undefined }),
  like: (board: string, id: string) => apiRequest<LikeResponse>(`${postBase(board, id)}/like`, { method: 'POST' }),
  comment: (board: string, id: string, body: CommentInput) =>
    apiRequest<BoardPostDetail>(`${postBase(board, id)}/comment`, { method: 'POST', body }),
  editComment: (board: string, id: string, commentId: string, body: { content: string; password?: string }) =>
    apiRequest<BoardPostDetail>(commentBase(board, id, commentId), { method: 'PUT', body }),
  removeComment: (board: string, id: string, commentId: string, password?: string) =>
    apiRequest<BoardPostDetail>(commentBase(board, id, commentId), { method: 'DELETE', body: password ? { password } : undefined }),
  reply: (board: string, id: string, commentId: string, body: CommentInput) =>
    apiRequest<BoardPostDetail>(`${commentBase(board, id, commentId)}/reply`, { method: 'POST', body }),
  editReply: (board: string, id: string, commentId: string, replyId: string, body: { content: string; password?: string }) =>
    apiRequest<BoardPostDetail>(`${commentBase(board, id, commentId)}/reply/${encodeURIComponent(replyId)}`, { method: 'PUT', body }),
  removeReply: (board: string, id: string, commentId: string, replyId: string, password?: string) =>
    apiRequest<BoardPostDetail>(`${commentBase(board, id, commentId)}/reply/${encodeURIComponent(replyId)}`, {
      method: 'DELETE',
      body: password ? { password } : undefined,
    }),
};

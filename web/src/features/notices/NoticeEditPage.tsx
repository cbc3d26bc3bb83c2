import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { noticeKo } from '../../i18n/notices';
import { communityKo } from '../../i18n/community';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { StatusMessage } from '../../ui/stats';
import { boardApi, boardKeys, type BoardPostDetail } from '../boards/board-api';
import { failureReason } from '../boards/failure-reason';
import { koreanDayOf } from './korean-day';
import { noticeApi, noticeKeys, type NoticeInput } from './notice-api';
import { NoticeForm } from './NoticeForm';
import '../boards/boards.css';

const toInput = (notice: BoardPostDetail): NoticeInput => ({
  title: notice.title,
  content: notice.content,
  showPopup: notice.showPopup,
  popupContent: notice.popupContent ?? '',
  popupStart: koreanDayOf(notice.popupStart),
  popupEnd: koreanDayOf(notice.popupEnd),
});

/**
 * /sal-board/notice/{id}/edit: the notice form filled in; success goes to the notice
 * (docs/product/notices.md#notice-write-and-edit).
 */
export default function NoticeEditPage() {
  const t = noticeKo;
  useDocumentTitle(t.editTitle);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notice = useQuery({ queryKey: boardKeys.post('notice', id), queryFn: ({ signal }) => boardApi.read('notice', id, signal), retry: false });

  if (notice.isPending) return <StatusMessage kind="loading">{communityKo.post.loading}</StatusMessage>;
  if (notice.isError) return <StatusMessage kind="error">{communityKo.post.notFound}</StatusMessage>;

  const handleSubmit = async (input: NoticeInput) => {
    try {
      await noticeApi.update(id, input);
    } catch (error) {
      window.alert(communityKo.alerts.editFailed(failureReason(error)));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: boardKeys.all });
    await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    window.alert(communityKo.alerts.noticeEdited);
    navigate(`/sal-board/notice/${id}`);
  };

  return (
    <section className="board-page">
      <h1>{t.editTitle}</h1>
      <NoticeForm initial={toInput(notice.data)} submitLabel={t.save} onSubmit={handleSubmit} onCancel={() => navigate(-1)} />
    </section>
  );
}

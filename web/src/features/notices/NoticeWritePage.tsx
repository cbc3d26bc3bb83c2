import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { noticeKo } from '../../i18n/notices';
import { communityKo } from '../../i18n/community';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { StatusMessage } from '../../ui/stats';
import { boardKeys } from '../boards/board-api';
import { failureReason } from '../boards/failure-reason';
import { useViewer } from '../boards/use-viewer';
import { noticeApi, noticeKeys, type NoticeInput } from './notice-api';
import { NoticeForm } from './NoticeForm';
import '../boards/boards.css';

const EMPTY: NoticeInput = { title: '', content: '', showPopup: false, popupContent: '', popupStart: null, popupEnd: null };

/**
 * /admin/notice: an admin writes a notice; success goes to the notice board
 * (docs/product/notices.md#notice-write-and-edit). The server checks the role.
 */
export default function NoticeWritePage() {
  const t = noticeKo;
  useDocumentTitle(t.writeTitle);
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (!viewer.isAdmin) return <StatusMessage kind="error">{t.adminOnly}</StatusMessage>;

  const handleSubmit = async (input: NoticeInput) => {
    try {
      await noticeApi.create(input);
    } catch (error) {
      window.alert(communityKo.alerts.noticeSaveFailed(failureReason(error)));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: boardKeys.all });
    await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    window.alert(communityKo.alerts.noticeRegistered);
    navigate('/sal-board/notice');
  };

  return (
    <section className="board-page">
      <h1>{t.writeTitle}</h1>
      <NoticeForm initial={EMPTY} submitLabel={t.submit} onSubmit={handleSubmit} onCancel={() => navigate(-1)} />
    </section>
  );
}

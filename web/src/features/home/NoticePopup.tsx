import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useEscapeKey } from '../../ui/hooks/use-escape-key';
import { useFocusTrap } from '../../ui/hooks/use-focus-trap';
import { dismissForToday, isDismissedToday } from '../notices/popup-dismissals';
import { fetchPopupNotices, homeKeys, type PopupNotice } from './home-queries';

const t = ko.stats.notice;

/**
 * The home notice popup: the first popup notice not hidden for today (one hidden today never keeps the next one
 * from showing); closing it ends it for this visit. Silent when none answers.
 */
export function NoticePopup() {
  const notices = useQuery({
    queryKey: homeKeys.popupNotices(),
    queryFn: ({ signal }) => fetchPopupNotices(signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [closed, setClosed] = useState(false);
  const notice = notices.data?.find((candidate) => !isDismissedToday(candidate._id));
  if (closed || notice === undefined) return null;
  return <NoticeDialog notice={notice} onClose={() => setClosed(true)} />;
}

function NoticeDialog({ notice, onClose }: { notice: PopupNotice; onClose(): void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog);
  useEscapeKey(onClose);
  useEffect(() => closeButton.current?.focus(), []);

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div ref={dialog} className="modal-dialog notice-popup" role="dialog" aria-modal="true" aria-labelledby="notice-popup-title"
        onClick={(event) => event.stopPropagation()} data-testid="notice-popup">
        <p className="notice-popup__label">{t.popupLabel}</p>
        <h2 id="notice-popup-title">{notice.title}</h2>
        <NoticeBody notice={notice} />
        <div className="notice-popup__actions">
          <Link className="button" to={`/sal-board/notice/${encodeURIComponent(notice._id)}`} onClick={onClose}>{t.readMore}</Link>
          <button type="button" className="button button--ghost" onClick={() => { dismissForToday(notice._id); onClose(); }}>
            {t.hideToday}
          </button>
          <button type="button" className="button button--primary" ref={closeButton} onClick={onClose}>{t.close}</button>
        </div>
      </div>
    </div>
  );
}

/** The popup text, else the notice content: the server's safely rendered markdown, or the plain text. */
function NoticeBody({ notice }: { notice: PopupNotice }) {
  const html = notice.popupContentHtml ?? notice.contentHtml;
  if (html) return <div className="notice-popup__body" dangerouslySetInnerHTML={{ __html: html }} />;
  const text = notice.popupContent?.trim() || notice.content?.trim();
  return text ? <p className="notice-popup__body">{text}</p> : null;
}

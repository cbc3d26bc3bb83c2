import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { noticeKo } from '../../i18n/notices';
import { useEscapeKey } from '../../ui/hooks/use-escape-key';
import { useFocusTrap } from '../../ui/hooks/use-focus-trap';
import { noticeApi, noticeKeys, type Notice } from './notice-api';
import { dismissForToday, isDismissedToday } from './popup-dismissals';
import './notices.css';

/** Rotation (docs/product/notices.md#popup-overlay): every 6000 ms by default, never faster than 1200 ms. */
export const POPUP_ROTATION_DEFAULT_MS = 6000;
export const POPUP_ROTATION_MIN_MS = 1200;

const t = noticeKo;

/** Moves to the next notice every `intervalMs` while more than one shows and the reader is not pointing at it. */
function useRotation(count: number, intervalMs: number, paused: boolean): [number, (index: number) => void] {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (count <= 1 || paused) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), Math.max(POPUP_ROTATION_MIN_MS, intervalMs));
    return () => window.clearInterval(timer);
  }, [count, intervalMs, paused]);
  return [count === 0 ? 0 : index % count, setIndex];
}

/**
 * The popup overlay over every page (docs/product/notices.md#popup-overlay): popup notices showing now, rotating, at
 * most 560 px wide; each can be hidden for the day, and the overlay closed for this visit. The home page shows its own
 * first-notice popup, so the overlay stays off there.
 */
export function NoticePopupOverlay({ intervalMs = POPUP_ROTATION_DEFAULT_MS }: { intervalMs?: number }) {
  const { pathname } = useLocation();
  const popups = useQuery({
    queryKey: noticeKeys.popups(),
    queryFn: ({ signal }) => noticeApi.popups(signal),
    retry: false,
    staleTime: 5 * 60_000,
    // Home shows its own popup from its own read; asking here too would fetch the same list twice there.
    enabled: pathname !== '/',
  });
  const [closed, setClosed] = useState(false);
  const [hiddenToday, setHiddenToday] = useState<string[]>([]);
  const [paused, setPaused] = useState(false);
  const shown = (popups.data ?? []).filter((notice) => !hiddenToday.includes(notice._id) && !isDismissedToday(notice._id));
  const [index, setIndex] = useRotation(shown.length, intervalMs, paused);
  const notice = shown[index];
  const active = !closed && pathname !== '/' && notice !== undefined;

  const closeButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, active);
  const close = useCallback(() => setClosed(true), []);
  useEscapeKey(close, active);
  useEffect(() => {
    if (active) closeButton.current?.focus();
  }, [active]);

  if (!active) return null;

  const handleHideToday = () => {
    dismissForToday(notice._id);
    setHiddenToday((current) => [...current, notice._id]);
  };

  return (
    <div className="modal-backdrop" data-testid="notice-popup-overlay">
      <div className="modal-dialog notice-overlay__dialog" role="dialog" aria-modal="true" aria-labelledby="notice-overlay-title" ref={dialog}
        onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}>
        <p className="notice-overlay__label">{t.popupLabel}</p>
        <h2 id="notice-overlay-title" className="notice-overlay__title">{notice.title}</h2>
        <PopupBody notice={notice} />
        {shown.length > 1 && (
          <div className="notice-overlay__pager">
            <button type="button" className="icon-button" aria-label={t.previous}
              onClick={() => setIndex((index - 1 + shown.length) % shown.length)}>‹</button>
            <span aria-live="polite">{t.position(index + 1, shown.length)}</span>
            <button type="button" className="icon-button" aria-label={t.next} onClick={() => setIndex((index + 1) % shown.length)}>›</button>
          </div>
        )}
        <div className="notice-overlay__actions">
          <Link className="button" to={`/sal-board/notice/${notice._id}`} onClick={() => setClosed(true)}>{t.readMore}</Link>
          <button type="button" className="button button--ghost" onClick={handleHideToday}>{t.hideToday}</button>
          <button type="button" className="button button--primary" ref={closeButton} onClick={() => setClosed(true)}>{t.close}</button>
        </div>
      </div>
    </div>
  );
}

/** The popup text, else the notice content: markdown the server rendered without raw HTML. */
function PopupBody({ notice }: { notice: Notice }) {
  const html = notice.popupContentHtml ?? notice.contentHtml;
  return <div className="notice-overlay__body post-body--markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

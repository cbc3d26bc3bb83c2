import { useState, type FormEvent } from 'react';
import { noticeKo } from '../../i18n/notices';
import { BOARD_LIMITS } from '@shared/rules/boards';
import { koreanToday } from './korean-day';
import type { NoticeInput } from './notice-api';

const t = noticeKo;

interface NoticeFormProps {
  initial: NoticeInput;
  submitLabel: string;
  /** Saves; the page navigates on success and alerts on failure. */
  onSubmit(input: NoticeInput): Promise<void>;
  onCancel(): void;
}

/**
 * Title, markdown content, "show as popup", popup text and the popup's first and last day
 * (docs/product/notices.md#notice-write-and-edit). The server turns the days into 00:00:00 and 23:59:59 Korean time.
 */
export function NoticeForm({ initial, submitLabel, onSubmit, onCancel }: NoticeFormProps) {
  const [input, setInput] = useState(initial);
  const [sending, setSending] = useState(false);
  const set = <K extends keyof NoticeInput>(field: K, value: NoticeInput[K]) => setInput((current) => ({ ...current, [field]: value }));

  const handlePopupToggle = (checked: boolean) => {
    const today = koreanToday();
    setInput((current) => ({
      ...current,
      showPopup: checked,
      popupStart: current.popupStart ?? (checked ? today : null),
      popupEnd: current.popupEnd ?? (checked ? today : null),
    }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await onSubmit(input);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="board-form notice-form" onSubmit={handleSubmit}>
      <label className="board-form__field">
        <span>{t.title}</span>
        <input value={input.title} required maxLength={BOARD_LIMITS.titleMax} onChange={(event) => set('title', event.target.value)} />
      </label>
      <div className="board-form__field">
        <label className="board-form__field">
          <span>{t.content}</span>
          <textarea value={input.content} required rows={12} maxLength={BOARD_LIMITS.contentMax} aria-describedby="notice-markdown-hint"
            onChange={(event) => set('content', event.target.value)} />
        </label>
        <small id="notice-markdown-hint" className="muted">{t.markdownHint}</small>
      </div>
      <label className="board-form__check">
        <input type="checkbox" checked={input.showPopup} onChange={(event) => handlePopupToggle(event.target.checked)} />
        <span>{t.showPopup}</span>
      </label>
      <fieldset className="notice-form__popup" disabled={!input.showPopup}>
        <label className="board-form__field">
          <span>{t.popupContent}</span>
          <textarea value={input.popupContent} rows={3} placeholder={t.popupContentPlaceholder}
            onChange={(event) => set('popupContent', event.target.value)} />
        </label>
        <div className="notice-form__days">
          <label className="board-form__field">
            <span>{t.popupStart}</span>
            <input type="date" value={input.popupStart ?? ''} required={input.showPopup}
              onChange={(event) => set('popupStart', event.target.value || null)} />
          </label>
          <label className="board-form__field">
            <span>{t.popupEnd}</span>
            <input type="date" value={input.popupEnd ?? ''} required={input.showPopup} min={input.popupStart ?? undefined}
              onChange={(event) => set('popupEnd', event.target.value || null)} />
          </label>
        </div>
        <small className="muted">{t.popupDaysHint}</small>
      </fieldset>
      <div className="board-form__actions">
        <button type="button" className="button" onClick={onCancel}>{t.cancel}</button>
        <button type="submit" className="button button--primary" disabled={sending}>{sending ? t.sending : submitLabel}</button>
      </div>
    </form>
  );
}

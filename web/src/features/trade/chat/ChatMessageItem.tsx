import { tradeKo } from '../../../i18n/trade';
import type { ChatMessage } from '../api/trade-types';
import { tradeFailureText } from '../api/trade-errors';
import { timeAgo } from '../lib/time-ago';
import type { OutgoingMessage } from './chat-state';

const t = tradeKo.chat;

/**
 * One stored message: a system notice (deal state change) centred and marked as such; a member's message with
 * mine on the right, my messages saying sent or read (the other party has read up to them), and a warning under
 * messages with a phone number or an outside messenger. The other party's messages can be reported.
 */
export function ChatMessageItem({ message, mine, readByCounterpart, onReport }: {
  message: ChatMessage;
  mine: boolean;
  readByCounterpart: boolean;
  onReport?(message: ChatMessage): void;
}) {
  if (message.kind === 'system') {
    return (
      <li className="trade-message trade-message--system" data-testid="chat-system-message" data-event={message.systemEvent ?? undefined}>
        <span className="trade-message__system-tag">{t.system}</span>
        <p className="trade-message__text">{message.text}</p>
        <span className="trade-message__who muted">{timeAgo(message.createdAt)}</span>
      </li>
    );
  }
  return (
    <li className={mine ? 'trade-message trade-message--mine' : 'trade-message'} data-testid="chat-message" data-message-id={message._id}>
      <span className="trade-message__who muted">{mine ? t.me : message.senderNick} · {timeAgo(message.createdAt)}</span>
      <p className="trade-message__text">{message.text}</p>
      {mine && (
        <span className="trade-message__state muted" data-testid="message-state">{readByCounterpart ? t.read : t.sent}</span>
      )}
      {message.warnings.includes('phone') && <p className="trade-message__warning" role="note">{t.warningPhone}</p>}
      {message.warnings.includes('messenger') && <p className="trade-message__warning" role="note">{t.warningMessenger}</p>}
      {!mine && onReport && (
        <button type="button" className="trade-message__report" onClick={() => onReport(message)}>{tradeKo.safety.report}</button>
      )}
    </li>
  );
}

/**
 * A message of mine the server has not stored yet: being sent; waiting for a connection (it goes by itself when
 * one is back; "send now" tries at once); or refused for good, with the server's reason.
 */
export function OutgoingMessageItem({ item, onRetry }: { item: OutgoingMessage; onRetry(clientId: string): void }) {
  const modifier = item.state === 'failed' ? 'failed' : 'pending';
  return (
    <li className={`trade-message trade-message--mine trade-message--${modifier}`} data-testid="chat-outgoing" data-state={item.state}>
      <p className="trade-message__text">{item.text}</p>
      {item.state === 'failed' && (
        <span className="trade-message__state">
          <span className="trade-error" role="alert">{t.failed}: {tradeFailureText(item.error, t.sendFailed)}</span>
        </span>
      )}
      {item.state === 'queued' && (
        <span className="trade-message__state muted">
          {t.queued}
          <button type="button" className="button button--small" onClick={() => onRetry(item.clientId)}>{t.sendNow}</button>
        </span>
      )}
      {item.state === 'pending' && <span className="trade-message__state muted">{t.sending}</span>}
    </li>
  );
}

import { ko } from '../../../i18n/ko';
import type { ChatMessage } from '../api/trade-types';
import { tradeFailureText } from '../api/trade-errors';
import { timeAgo } from '../lib/time-ago';
import type { OutgoingMessage } from './chat-state';

const t = ko.trade.chat;

/**
 * One stored message: a system notice (deal state change) centred and marked as such; a member's message with
 * mine on the right, my messages saying sent or read (the other party has read up to them), and a warning under
 * messages with a phone number or an outside messenger.
 */
export function ChatMessageItem({ message, mine, readByCounterpart }: { message: ChatMessage; mine: boolean; readByCounterpart: boolean }) {
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
    </li>
  );
}

/**
 * A message of mine the server has not confirmed: being sent, or failed with the reason and a retry (none when it
 * can never be sent: the chat ended).
 */
export function OutgoingMessageItem({ item, onRetry }: { item: OutgoingMessage; onRetry(clientId: string): void }) {
  const failed = item.state === 'failed';
  return (
    <li className={failed ? 'trade-message trade-message--mine trade-message--failed' : 'trade-message trade-message--mine trade-message--pending'}
      data-testid="chat-outgoing" data-state={item.state}>
      <p className="trade-message__text">{item.text}</p>
      {failed ? (
        <span className="trade-message__state">
          <span className="trade-error" role="alert">{t.failed}: {tradeFailureText(item.error, t.sendFailed)}</span>
          {!item.final && <button type="button" className="button button--small" onClick={() => onRetry(item.clientId)}>{t.retry}</button>}
        </span>
      ) : (
        <span className="trade-message__state muted">{t.sending}</span>
      )}
    </li>
  );
}

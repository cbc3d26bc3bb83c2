import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { announceDealSeen } from '../alerts/announce-deal-seen';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { ChatMessageItem, OutgoingMessageItem } from '../chat/ChatMessageItem';
import { useDealChat } from '../chat/use-deal-chat';
import { useStickToBottom } from '../chat/use-stick-to-bottom';
import { Amount } from '../components/Amount';
import { DealCompletion } from '../components/DealCompletion';
import { LiveStatusLine } from '../components/LiveStatusLine';
import { TRADE } from '../lib/trade-constants';
import { writeLastChat } from '../lib/trade-storage';
import '../trade.css';

const t = ko.trade.chat;

/**
 * /trade/chat/{postId}/{dealId}: the deal's chat, live while the push is connected (else polled every 3 s),
 * closed once the deal ended. Shows the other party typing and how far they have read.
 */
export default function ChatRoomPage() {
  const { postId = '', dealId = '' } = useParams();
  const me = useSessionStore((state) => state.user?.userId);
  const {
    messages, outbox, header, error, counterpartReadSeq, counterpartTyping, polling, hasOlder, olderState,
    send, retry, resync, loadOlder, notifyTyping,
  } = useDealChat(postId, dealId);
  const [text, setText] = useState('');
  const { box, handleScroll, stickNow, keepPlace, releasePlace } = useStickToBottom(messages.length + outbox.length);
  const acked = useRef(false);
  useDocumentTitle(header?.postTitle ?? t.title);

  // Being in the chat acknowledges the deal for the badge (announced with every answer, so it also counts when
  // the badge's summary arrives after the page opened); the seller's first visit is recorded once on the server.
  // Only while the chat is on screen: a tab opened in the background has shown nobody anything (the load that
  // follows its coming to the front brings a fresh header, and this runs again).
  useEffect(() => {
    if (!header) return;
    writeLastChat(me, { postId, dealId, title: header.postTitle });
    if (document.visibilityState !== 'visible') return;
    announceDealSeen(dealId);
    if (header.myRole === 'seller' && !acked.current) {
      acked.current = true;
      tradeApi.ackSeller(postId, dealId).catch(() => undefined);
    }
  }, [header, postId, dealId, me]);

  if (!header && error) {
    return (
      <section className="trade-page">
        <p className="trade-error" role="alert">{tradeFailureText(error, t.loadFailed)}</p>
        <Link to="/trade/chats">{t.inbox}</Link>
      </section>
    );
  }
  if (!header) return <p className="muted">{ko.trade.common.loading}</p>;

  const closed = header.closed || header.dealStatus === 'COMPLETED';
  const counterpartRole = header.myRole === 'seller' ? t.roleBuyer : t.roleSeller;
  const counterpartNick = header.myRole === 'seller' ? header.buyerNick : header.sellerNick;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || closed) return;
    stickNow();
    setText('');
    // Shown at once as pending; a failure stays in the list with its reason and a retry.
    void send(trimmed);
  };

  return (
    <section className="trade-page trade-chat">
      <div className="trade-chat__head">
        <div>
          <Link to={`/trade/user/${postId}`} className="muted">{t.back}</Link> · <Link to="/trade/chats" className="muted">{t.inbox}</Link>
          <h1>{header.postTitle}</h1>
          <p className="muted">{t.with(counterpartRole, counterpartNick)} · <Amount value={header.price} /></p>
        </div>
        <div className="trade-chat__complete">
          <DealCompletion postId={postId} dealId={dealId} role={header.myRole} status={header.dealStatus}
            closed={header.closed} confirmations={header.confirmations} onConfirmed={() => void resync()} />
        </div>
      </div>
      <p className="trade-chat__safety muted">{t.safetyNote}</p>
      <ol className="trade-chat__messages" ref={box} onScroll={handleScroll} data-testid="chat-messages">
        {hasOlder && (
          <li className="trade-chat__older">
            <button type="button" className="button button--small" disabled={olderState === 'loading'}
              onClick={() => {
                keepPlace();
                void loadOlder().then((added) => added || releasePlace());
              }}>
              {olderState === 'loading' ? ko.trade.common.loading : t.loadOlder}
            </button>
            {olderState === 'failed' && <span className="trade-error" role="alert">{t.loadOlderFailed}</span>}
          </li>
        )}
        {messages.length === 0 && outbox.length === 0 && <li className="muted">{t.empty}</li>}
        {messages.map((message) => (
          <ChatMessageItem key={message._id} message={message} mine={message.senderId === me}
            readByCounterpart={message.seq <= counterpartReadSeq} />
        ))}
        {outbox.map((item) => <OutgoingMessageItem key={item.clientId} item={item} onRetry={(clientId) => void retry(clientId)} />)}
      </ol>
      {counterpartTyping && !closed && <p className="trade-chat__typing muted" data-testid="typing">{t.typing(counterpartNick)}</p>}
      <LiveStatusLine pollMs={TRADE.chatPollMs} polling={polling} />
      {closed ? (
        <p className="trade-chat__ended" data-testid="chat-ended">{t.ended}</p>
      ) : (
        <form className="trade-chat__form" onSubmit={handleSubmit}>
          <textarea value={text} placeholder={t.placeholder} rows={2}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) notifyTyping();
            }}
            maxLength={TRADE.chatMaxLength} aria-label={t.placeholder}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void handleSubmit(event);
            }} />
          <button type="submit" className="button button--primary" disabled={!text.trim()}>{t.send}</button>
        </form>
      )}
    </section>
  );
}

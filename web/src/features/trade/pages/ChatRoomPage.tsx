import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { announceDealSeen } from '../alerts/announce-deal-seen';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { ChatMessageItem, OutgoingMessageItem } from '../chat/ChatMessageItem';
import { useDealChat } from '../chat/use-deal-chat';
import { useStickToBottom } from '../chat/use-stick-to-bottom';
import { Amount } from '../components/Amount';
import { DealActions } from '../components/DealActions';
import { LiveStatusLine } from '../components/LiveStatusLine';
import { TRADE } from '../lib/trade-constants';
import { writeLastChat } from '../lib/trade-storage';
import { MemberSafetyActions } from '../safety/MemberSafetyActions';
import { ReportDialog } from '../safety/ReportDialog';
import { TradeStandingNotice } from '../standing/TradeStandingNotice';
import type { ChatMessage } from '../api/trade-types';
import '../trade.css';

const t = tradeKo.chat;

/**
 * /trade/chat/{postId}/{dealId}: the deal's chat, live while the push is connected (else polled every 3 s),
 * closed once the deal ended. Shows the other party typing and how far they have read; the deal's controls (complete,
 * reject, withdraw, cancel) and how it ended; report and block. A member who may not write (a restriction, an
 * unverified e-mail, a block) reads it with the reason in place of the input.
 */
export default function ChatRoomPage() {
  const { postId = '', dealId = '' } = useParams();
  const me = useSessionStore((state) => state.user?.userId);
  const {
    messages, outbox, header, error, counterpartReadSeq, counterpartTyping, polling, hasOlder, olderState,
    send, retry, resync, loadOlder, notifyTyping,
  } = useDealChat(postId, dealId);
  const [text, setText] = useState('');
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
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
  if (!header) return <p className="muted">{tradeKo.common.loading}</p>;

  const closed = header.closed || header.dealStatus !== 'IN_PROGRESS';
  const counterpartRole = header.myRole === 'seller' ? t.roleBuyer : t.roleSeller;
  const counterpartNick = header.myRole === 'seller' ? header.buyerNick : header.sellerNick;
  const counterpartId = header.myRole === 'seller' ? header.buyerId : header.sellerId;
  const refusal = header.sendRefusal;
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
      <TradeStandingNotice />
      <div className="trade-chat__head">
        <div>
          <Link to={`/trade/user/${postId}`} className="muted">{t.back}</Link> · <Link to="/trade/chats" className="muted">{t.inbox}</Link>
          <h1>{header.postTitle}</h1>
          <p className="muted">{t.with(counterpartRole, counterpartNick)} · <Amount value={header.price} /></p>
          <MemberSafetyActions userId={counterpartId} nickname={counterpartNick} />
        </div>
        <div className="trade-chat__complete">
          <DealActions postId={postId} dealId={dealId} role={header.myRole} deal={{ ...header, status: header.dealStatus }}
            readOnly={refusal?.error === 'trade_restricted'} onChanged={() => void resync()} />
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
              {olderState === 'loading' ? tradeKo.common.loading : t.loadOlder}
            </button>
            {olderState === 'failed' && <span className="trade-error" role="alert">{t.loadOlderFailed}</span>}
          </li>
        )}
        {messages.length === 0 && outbox.length === 0 && <li className="muted">{t.empty}</li>}
        {messages.map((message) => (
          <ChatMessageItem key={message._id} message={message} mine={message.senderId === me}
            readByCounterpart={message.seq <= counterpartReadSeq} onReport={message.kind === 'user' ? setReporting : undefined} />
        ))}
        {outbox.map((item) => <OutgoingMessageItem key={item.clientId} item={item} onRetry={(clientId) => void retry(clientId)} />)}
      </ol>
      {counterpartTyping && !closed && <p className="trade-chat__typing muted" data-testid="typing">{t.typing(counterpartNick)}</p>}
      <LiveStatusLine pollMs={TRADE.chatPollMs} polling={polling} />
      {closed && <p className="trade-chat__ended" data-testid="chat-ended">{t.ended}</p>}
      {!closed && refusal && (
        <p className="trade-chat__ended trade-chat__read-only" data-testid="chat-read-only">{t.readOnly} {refusal.message}</p>
      )}
      {!closed && !refusal && (
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
      {reporting && (
        <ReportDialog target={{ messageId: reporting._id, nickname: reporting.senderNick, text: reporting.text }} onClose={() => setReporting(null)} />
      )}
    </section>
  );
}

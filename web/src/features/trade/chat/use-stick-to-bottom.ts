import { useLayoutEffect, useRef } from 'react';
import { TRADE } from '../lib/trade-constants';

/**
 * Keeps a scroll box at the bottom as messages arrive, unless the reader scrolled up more than 80 px
 * (docs/product/trade.md#auto-scroll). Older messages put above (`keepPlace` before loading them) leave what the reader
 * looks at where it was.
 */
export function useStickToBottom(count: number) {
  const box = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const fromBottom = useRef<number | null>(null);
  const handleScroll = () => {
    const el = box.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= TRADE.chatAutoScrollPx;
  };
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [count]);
  const stickNow = () => {
    stick.current = true;
  };
  const keepPlace = () => {
    const el = box.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
  };
  // Nothing was put above after all (the load failed): the next message sticks as usual.
  const releasePlace = () => {
    fromBottom.current = null;
  };
  return { box, handleScroll, stickNow, keepPlace, releasePlace };
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ko } from '../../i18n/ko';
import './stats.css';

/** Which sides of a scrolling table have columns out of view. */
interface Overflow {
  left: boolean;
  right: boolean;
}

const NONE: Overflow = { left: false, right: false };

function measure(element: HTMLElement): Overflow {
  const rest = element.scrollWidth - element.clientWidth - element.scrollLeft;
  return { left: element.scrollLeft > 1, right: rest > 1 };
}

/**
 * The box a wide table scrolls in. When the table is wider than the screen (phones), its hidden side fades and a
 * hint says to slide it, laid over the table so nothing moves when it appears; the box takes the keyboard focus
 * so it can be scrolled without a pointer.
 */
export function TableScroll({ children, className }: { children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => setOverflow((previous) => {
      const next = measure(element);
      return next.left === previous.left && next.right === previous.right ? previous : next;
    });
    // No measuring now: the observer's first report comes right after the browser's own layout, where reading
    // the widths costs nothing; measured here, the widths would force a layout of the whole page in this task.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, []);

  const scrolls = overflow.left || overflow.right;
  const classes = ['table-scroll', overflow.left && 'table-scroll--left', overflow.right && 'table-scroll--right', className]
    .filter(Boolean).join(' ');
  return (
    <div className={classes} data-scrolls={scrolls}>
      <div ref={box} className="stats-table-wrap" tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined} aria-label={scrolls ? ko.stats.table.scrollHint : undefined}>
        {children}
      </div>
      {overflow.right && <span className="table-scroll__hint" aria-hidden="true" data-testid="table-scroll-hint">{ko.stats.table.scrollHint} →</span>}
    </div>
  );
}

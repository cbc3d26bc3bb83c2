import { useId, type ReactNode } from 'react';
import { ChevronIcon } from './clan-icons';
import { useStoredFlag } from './use-stored-flag';

interface CollapsiblePanelProps {
  title: ReactNode;
  /** Local-storage key of the open/closed state (remembered: docs/product/clans.md#remembered-panels). */
  storageKey: string;
  defaultOpen?: boolean;
  /** Shown beside the title, e.g. a count. */
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A titled panel whose body opens and closes with a button; the state is remembered per `storageKey`. */
export function CollapsiblePanel({ title, storageKey, defaultOpen = true, aside, children, testId }: CollapsiblePanelProps) {
  const [open, setOpen] = useStoredFlag(storageKey, defaultOpen);
  const bodyId = useId();
  return (
    <section className="stats-panel clan-panel" data-testid={testId}>
      <h2 className="clan-panel__heading">
        <button type="button" className="clan-panel__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          <span>{title}</span>
          {aside && <span className="clan-panel__aside">{aside}</span>}
          <ChevronIcon className={open ? 'chevron chevron--open' : 'chevron'} />
        </button>
      </h2>
      <div id={bodyId} className="clan-panel__body" hidden={!open}>{children}</div>
    </section>
  );
}

/** A titled panel without a toggle, styled like the collapsible one; `id` lets other panels bring it into view. */
export function StaticPanel({ title, aside, children, testId, id }: {
  title: ReactNode; aside?: ReactNode; children: ReactNode; testId?: string; id?: string;
}) {
  return (
    <section className="stats-panel clan-panel" data-testid={testId} id={id}>
      <h2 className="clan-panel__heading clan-panel__heading--static">
        <span>{title}</span>
        {aside && <span className="clan-panel__aside">{aside}</span>}
      </h2>
      <div className="clan-panel__body">{children}</div>
    </section>
  );
}

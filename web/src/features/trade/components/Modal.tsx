import { useEffect, useId, type ReactNode } from 'react';
import { ko } from '../../../i18n/ko';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
}

/** A dialog over the page: Escape or the backdrop closes it. */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onClose]);
  return (
    <div className="trade-modal__backdrop" onClick={onClose}>
      <div className="trade-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(event) => event.stopPropagation()}>
        <div className="trade-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button--ghost" onClick={onClose}>{ko.trade.common.close}</button>
        </div>
        {children}
      </div>
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { useEscapeKey } from '../../../ui/hooks/use-escape-key';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
}

/** A dialog over the page: Escape or the backdrop closes it. */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  useEscapeKey(onClose);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal-dialog trade-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(event) => event.stopPropagation()}>
        <div className="trade-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button--ghost" onClick={onClose}>{tradeKo.common.close}</button>
        </div>
        {children}
      </div>
    </div>
  );
}

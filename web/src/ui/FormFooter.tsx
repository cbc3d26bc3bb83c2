import type { ReactNode } from 'react';

interface FormFooterProps {
  /** What went wrong with the last try, read out at once; null while there is nothing to say. */
  problem: string | null;
  sending: boolean;
  submitText: string;
  sendingText: string;
  /** Buttons before the submit button (a cancel). */
  children?: ReactNode;
}

/** The end of a community form (boards.css's board-form): its problem and its buttons, the submit one busy while sending. */
export function FormFooter({ problem, sending, submitText, sendingText, children }: FormFooterProps) {
  return (
    <>
      {problem && <p className="board-form__error" role="alert">{problem}</p>}
      <div className="board-form__actions">
        {children}
        <button type="submit" className="button button--primary" disabled={sending}>{sending ? sendingText : submitText}</button>
      </div>
    </>
  );
}

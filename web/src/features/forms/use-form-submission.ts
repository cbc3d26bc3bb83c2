import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';

interface FormSubmission<Input> {
  empty: Input;
  /** The first problem with the input (shown under the form), or null when it may be sent. */
  validate(input: Input): string | null;
  send(input: Input): Promise<{ message?: string }>;
  /** Alerts when the server gives no message of its own. */
  texts: { sent: string; failed: string; network: string };
}

/**
 * The state of a one-shot form (suggestion, exclusion request): fields, the problem line, the sending flag, and
 * a submit that alerts the server's message (or the page's texts) and clears the fields once sent.
 */
export function useFormSubmission<Input extends Record<string, string>>({ empty, validate, send, texts }: FormSubmission<Input>) {
  const [input, setInput] = useState(empty);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof Input) => (value: string) => setInput((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(input);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      const { message } = await send(input);
      window.alert(message || texts.sent);
      setInput(empty);
    } catch (error) {
      const network = !(error instanceof ApiError) || error.status === 0;
      window.alert(network ? texts.network : error.message || texts.failed);
    } finally {
      setSending(false);
    }
  };

  return { input, set, sending, problem, handleSubmit };
}

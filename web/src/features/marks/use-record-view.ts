import { useEffect, useRef } from 'react';
import type { MarkSubject } from './mark-types';
import { useReaderMarks } from './use-reader-marks';

/**
 * Records that the reader opened this clan's or player's page (in this league): once per page and league shown,
 * when the page knows what it shows. Home lists the newest 20.
 */
export function useRecordView(subject: MarkSubject | null): void {
  const { recordView } = useReaderMarks();
  const recorded = useRef<string | null>(null);
  const key = subject ? `${subject.kind}:${subject.target}:${subject.league}` : null;
  useEffect(() => {
    if (!subject || key === null || recorded.current === key) return;
    recorded.current = key;
    void recordView(subject);
    // Keyed on what the view is of: the subject's other fields (name, mark) describe the same page.
  }, [key, recordView]);
}

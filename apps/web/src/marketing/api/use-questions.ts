import type { QuestionRow } from '@sheetforms/contract';
import { useEffect, useState } from 'react';
import { loadQuestions, type QuestionsResult } from './questions-feed';

export interface QuestionsState {
  /** 'loading' on the server render and until the first answer in the browser. */
  status: 'loading' | 'ready';
  rows: QuestionRow[];
  error: string | null;
}

const LOADING: QuestionsState = { status: 'loading', rows: [], error: null };

/**
 * The questions feed for a page. It is read in an effect, so the server render and the first browser
 * render agree (both 'loading').
 */
export function useQuestions(load: () => Promise<QuestionsResult> = loadQuestions): QuestionsState {
  const [state, setState] = useState<QuestionsState>(LOADING);
  useEffect(() => {
    let live = true;
    void load().then((result) => {
      if (live) setState({ status: 'ready', ...result });
    });
    return () => {
      live = false;
    };
  }, [load]);
  return state;
}

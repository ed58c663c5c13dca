import { ASSISTANT, canSendQuestion, type QuestionRow, stripQuestionPrefix } from '@sheetforms/contract';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CloseIcon, SendIcon } from '@/components/ui/icons';
import { SUGGEST_THRESHOLD, searchQuestions } from './question-search';
import { PRIMARY_DARK } from './styles';

export const QUESTION_LABEL = 'Ask the spreadsheet assistant';
export const CLEAR_LABEL = 'Clear the chosen question';
export const SEND_LABEL = 'Send';

export interface QuestionBoxProps {
  /** The questions feed; every row with a question is a suggestion. */
  rows: readonly QuestionRow[];
  onSend: (question: string) => void;
}

function normal(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The suggestions for the typed text: all questions while only the 'I want to' prefix is typed; else
 * the questions that contain it as typed, then those the text search finds (other word forms, synonyms,
 * typos), best first.
 */
export function suggestionsFor(text: string, rows: readonly QuestionRow[]): string[] {
  const wanted = stripQuestionPrefix(text);
  const seen = new Set<string>();
  const questions: string[] = [];
  const add = (question: string) => {
    if (question === '' || seen.has(question)) return;
    seen.add(question);
    questions.push(question);
  };
  for (const row of rows) {
    const question = row.question.trim();
    if (
      wanted === '' ||
      stripQuestionPrefix(question).includes(wanted) ||
      normal(question).includes(wanted)
    ) {
      add(question);
    }
  }
  if (wanted === '') return questions;
  for (const found of searchQuestions(text, rows)) {
    if (found.score >= SUGGEST_THRESHOLD) add(found.row.question.trim());
  }
  return questions;
}

/**
 * The question box of Home (spec 000 section 2) as an ARIA 1.2 combobox: the suggestion list opens on
 * click, typing or the arrow keys; Up/Down move through it, Enter picks, Escape, an outside click or a
 * pick closes it. A picked question locks the box read-only until it is cleared. Send is disabled for
 * an empty box or only 'I want'.
 */
export function QuestionBox({ rows, onSend }: QuestionBoxProps) {
  const [text, setText] = useState<string>(ASSISTANT.questionPrefill);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locked, setLocked] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const suggestions = useMemo(() => suggestionsFor(text, rows), [text, rows]);
  const expanded = open && !locked && suggestions.length > 0;
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  // An outside click closes the list.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: Event) => {
      if (wrapperRef.current && event.target instanceof Node && wrapperRef.current.contains(event.target))
        return;
      setOpen(false);
      setActive(-1);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  // The active option stays in view inside the scrolling list.
  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex, id]);

  const pick = (question: string) => {
    setText(question);
    setLocked(true);
    close();
    inputRef.current?.focus();
  };

  const clear = () => {
    setText(ASSISTANT.questionPrefill);
    setLocked(false);
    close();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(0);
        } else setActive((activeIndex + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(count - 1);
        } else setActive(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        return;
      case 'Enter': {
        const chosen = activeIndex >= 0 ? suggestions[activeIndex] : undefined;
        if (chosen !== undefined) {
          event.preventDefault();
          pick(chosen);
        }
        // Otherwise the form submits (Send).
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  const canSend = canSendQuestion(text);

  return (
    <form
      className="w-full"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSendQuestion(text)) return;
        close();
        onSend(text.trim());
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {QUESTION_LABEL}
      </label>
      <div className="flex gap-2 sm:gap-3">
        <div ref={wrapperRef} className="relative min-w-0 flex-1">
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            readOnly={locked}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onClick={() => {
              if (!locked) setOpen(true);
            }}
            onKeyDown={onKeyDown}
            className={cn(
              'block h-12 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 shadow-sm sm:h-14',
              'focus:border-emerald-600 focus:outline-none focus:ring-4 focus:ring-emerald-600/20',
              locked && 'bg-emerald-50/60 pr-12 font-medium',
            )}
          />
          {locked ? (
            <button
              type="button"
              onClick={clear}
              className="-translate-y-1/2 absolute top-1/2 right-2 inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              <CloseIcon className="size-4" />
              <span className="sr-only">{CLEAR_LABEL}</span>
            </button>
          ) : null}
          <div
            id={listId}
            role="listbox"
            aria-label="Suggested questions"
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-2 max-h-64 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1.5 text-left shadow-slate-900/10 shadow-xl"
          >
            {expanded
              ? suggestions.map((question, index) => (
                  // The keyboard works from the box (aria-activedescendant); options take no focus of their own.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                  <div
                    key={question}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === activeIndex}
                    // Keeps the focus in the box, so the keyboard keeps working after a click.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => pick(question)}
                    className={cn(
                      'cursor-pointer rounded-lg px-3 py-2.5 text-slate-800 text-sm',
                      index === activeIndex ? 'bg-emerald-50 text-emerald-900' : 'hover:bg-slate-50',
                    )}
                  >
                    {question}
                  </div>
                ))
              : null}
          </div>
        </div>
        <Button
          type="submit"
          size="lg"
          disabled={!canSend}
          className={cn('h-12 shrink-0 rounded-xl px-4 sm:h-14 sm:px-6', PRIMARY_DARK)}
        >
          <SendIcon className="size-5" />
          <span className="sr-only sm:not-sr-only">{SEND_LABEL}</span>
        </Button>
      </div>
    </form>
  );
}

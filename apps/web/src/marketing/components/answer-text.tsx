import { answerParts, type QuestionRow } from '@sheetforms/contract';
import { Link } from 'react-router';
import { ChatIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { demoLinksFor } from './demo-links';
import { primaryLinkClasses } from './styles';

export interface AnswerTextProps {
  answer: string;
  /** The row that answered: its link columns stand in for demo links the deployment does not configure. */
  row?: QuestionRow | undefined;
}

const linkClasses =
  'inline-flex items-center gap-1 rounded font-semibold text-emerald-800 underline decoration-emerald-600/50 underline-offset-2 ' +
  'hover:decoration-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2';

/**
 * An assistant answer with its markers made live (spec 000 section 2): 'Demo Website', 'Watch How It
 * Works' and 'Demo Google Sheet' open the demo URLs in a new tab (the deployment's configured ones, else
 * the answering row's), 'Chat With Us' is a button-looking link to /chat-support (a link, because it
 * navigates). A marker with neither (or no safe http(s) URL) stays text.
 */
export function AnswerText({ answer, row }: AnswerTextProps) {
  return (
    <>
      {answerParts(answer, demoLinksFor(row)).map((part, index) => {
        // Parts never reorder, so their position is a stable key.
        const key = `${index}-${part.kind}`;
        if (part.kind === 'text') return <span key={key}>{part.text}</span>;
        if (part.kind === 'chat') {
          return (
            <Link
              key={key}
              to={part.href}
              className={primaryLinkClasses('sm', 'mx-0.5 my-0.5 min-h-8 align-middle')}
            >
              <ChatIcon className="size-4" />
              {part.text}
            </Link>
          );
        }
        return (
          <a key={key} href={part.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
            {part.text}
            <ExternalLinkIcon className="size-3.5 shrink-0" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        );
      })}
    </>
  );
}

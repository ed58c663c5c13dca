import { answerParts, type QuestionRow } from '@sheetforms/contract';
import { Link } from 'react-router';
import { ChatIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { primaryLinkClasses } from './styles';

export interface AnswerTextProps {
  answer: string;
  /** The row that answered: its websiteLink, youtubeLink and googleSheetLink feed the markers. */
  row?: QuestionRow | undefined;
}

const linkClasses =
  'inline-flex items-center gap-1 rounded font-semibold text-emerald-800 underline decoration-emerald-600/50 underline-offset-2 ' +
  'hover:decoration-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2';

/**
 * An assistant answer with its markers made live (spec 000 section 2): 'Demo Website', 'Watch How It
 * Works' and 'Demo Google Sheet' open the row's URLs in a new tab, 'Chat With Us' is a button-looking
 * link to /chat-support (a link, because it navigates). Markers without a safe http(s) URL stay text.
 */
export function AnswerText({ answer, row }: AnswerTextProps) {
  return (
    <>
      {answerParts(answer, row).map((part, index) => {
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

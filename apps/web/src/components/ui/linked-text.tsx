import { linkify } from './linkify';

/**
 * Text someone typed (a chat message), shown as text: http(s) addresses become links that open in a
 * new tab without giving the page a handle on this one; everything else stays a React text node.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // Parts never move: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2 hover:no-underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-current focus-visible:outline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

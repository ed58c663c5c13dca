import { HTML_LIMITS } from '@sheetforms/contract';
import { Parser } from 'htmlparser2';
import { HtmlLimitError } from './html-limit-error.js';

/**
 * Refuses HTML nested deeper than maxDepth or holding more than maxNodes elements, text runs and comments,
 * and stops reading at the first step past either bound. Answers the HTML without the images
 * `keepImage` rejects.
 *
 * It runs before sanitize-html, whose parser (htmlparser2) keeps open elements in an array it unshifts:
 * each unclosed element costs as much as all the ones before it, so 400,000 unclosed `<b>` took 96 s. The
 * same parser runs here, but it is stopped once the nesting passes maxDepth, so every step it takes costs
 * at most maxDepth: linear in the input. Depth is counted as the parser keeps it (opened minus closed,
 * where the parser reports implied closes and void elements as closed), so a closing tag of an element
 * that is not open (`<b></i>`) does not fool it.
 *
 * Images are cut here because sanitize-html removes an element (exclusiveFilter) by cutting the output
 * built so far back with substring: 17,000 dropped images after 800 KB of text took 11 s. Cutting each
 * `<img …>` out of the input by the parser's own positions is linear; `keepImage` must keep exactly what
 * the sanitizer would, so that its filter is left with nothing to remove.
 */
export function boundedHtml(
  html: string,
  keepImage: (src: string) => boolean,
  limits: { maxDepth: number; maxNodes: number } = HTML_LIMITS,
): string {
  let depth = 0;
  let nodes = 0;
  const cuts: Array<[number, number]> = [];
  const count = () => {
    nodes += 1;
    if (nodes > limits.maxNodes) throw new HtmlLimitError('too-many-nodes');
  };
  const parser: Parser = new Parser(
    {
      onopentagname() {
        count();
        depth += 1;
        if (depth > limits.maxDepth) throw new HtmlLimitError('too-deep');
      },
      onopentag(name, attribs) {
        if (name === 'img' && !keepImage(attribs.src ?? ''))
          cuts.push([parser.startIndex, parser.endIndex + 1]);
      },
      onclosetag() {
        depth -= 1;
      },
      ontext: count,
      oncomment: count,
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (cuts.length === 0) return html;
  const kept: string[] = [];
  let at = 0;
  for (const [start, end] of cuts) {
    kept.push(html.slice(at, start));
    at = end;
  }
  kept.push(html.slice(at));
  return kept.join('');
}

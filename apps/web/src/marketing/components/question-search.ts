import { type QuestionRow, stripQuestionPrefix } from '@sheetforms/contract';

/**
 * The assistant's text search over the questions feed. A typed question is matched to a row by its
 * words, not by substrings: words are reduced to a stem (a small suffix stemmer), grouped with their
 * synonyms, and forgiven a typo. A row scores by the share of the visitor's words it covers (in its
 * question fully, in its answer at half weight, a typo at a discount); below the threshold nothing
 * fits, and the assistant says so instead of answering another question.
 */

/** A row must cover at least this share of the visitor's words to answer. */
export const MATCH_THRESHOLD = 0.5;
/** The combobox lists rows from this score: a looser net than answering. */
export const SUGGEST_THRESHOLD = 0.34;
/** A word found only in the answer counts this much. */
const ANSWER_WEIGHT = 0.5;
/** A word matched through a typo counts this much. */
const TYPO_WEIGHT = 0.8;

/** Words that say nothing about what is asked. */
const STOP_WORDS = new Set(
  (
    'a about am an and any are as at be been but by can could did do does doing for from get got had has ' +
    'have how i if in into is it its me my of on or our please should so than that the their them then ' +
    'there these they this those to too us was we were what when where which who why will with would ' +
    'you your want wants need like just some'
  ).split(' '),
);

/** Words that mean the same to a visitor (spec of issue 22); each group is one search term. */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['price', 'cost', 'pricing', 'plan', 'plans', 'fee'],
  ['sheet', 'spreadsheet'],
  ['form', 'forms', 'survey'],
  ['sign', 'login', 'log in'],
  ['free', 'trial'],
];

/** Consonants that double before -ing/-ed ('embedded', 'stopped') but are also doubled in stems ('fill'). */
const KEEP_DOUBLE = new Set(['l', 's', 'z', 'f']);

function undouble(stem: string): string {
  const last = stem.at(-1) ?? '';
  return stem.length > 3 && last === stem.at(-2) && !/[aeiou]/.test(last) && !KEEP_DOUBLE.has(last)
    ? stem.slice(0, -1)
    : stem;
}

/**
 * A small suffix stemmer: one of -ies, -es, -s, -ing, -ed, -ly comes off, then a final silent -e, so
 * 'share', 'shares', 'shared' and 'sharing' meet at 'shar'. Short stems are left alone ('need', 'embed').
 */
export function stem(word: string): string {
  let base = word.toLowerCase();
  if (base.length <= 3) return base;
  if (base.endsWith('ies') && base.length > 4) base = `${base.slice(0, -3)}y`;
  else if (base.endsWith('es') && /(s|x|z|ch|sh)$/.test(base.slice(0, -2))) base = base.slice(0, -2);
  else if (base.endsWith('s') && !/(ss|us|is)$/.test(base)) base = base.slice(0, -1);
  else if (base.endsWith('ing') && base.length - 3 >= 3) base = undouble(base.slice(0, -3));
  else if (base.endsWith('ed') && !base.endsWith('eed') && base.length - 2 >= 4)
    base = undouble(base.slice(0, -2));
  else if (base.endsWith('ly') && base.length - 2 >= 4) base = base.slice(0, -2);
  if (base.endsWith('e') && base.length >= 4) base = base.slice(0, -1);
  return base;
}

/** 'log in', 'sign-in', 'sign on' and the like are one word before anything else. */
function joinPhrases(text: string): string {
  return text.replace(/\b(log|sign)[\s-]*(in|on)\b/g, 'login');
}

/** Each synonym's stem to its group's name (the group's first word). */
const SYNONYM_OF = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  const name = group[0] ?? '';
  for (const word of group) SYNONYM_OF.set(stem(joinPhrases(word)), name);
}

/** A word's search term: its synonym group, else its stem. */
function termOf(stemmed: string): string {
  return SYNONYM_OF.get(stemmed) ?? stemmed;
}

/** The stems of a text's words, stop words left out, in order, without repeats. */
export function stems(text: string): string[] {
  const words = joinPhrases(text.toLowerCase()).match(/[\p{L}\p{N}]+/gu) ?? [];
  const seen = new Set<string>();
  for (const word of words) if (!STOP_WORDS.has(word)) seen.add(stem(word));
  return [...seen];
}

/**
 * Edit distance with adjacent swaps counted as one edit ('exprot' is one typo from 'export'; the optimal
 * string alignment variant of Damerau-Levenshtein), stopping early once every path exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** The typos a word of this length is forgiven: none under 4 letters, one from 4, two from 8. */
export function allowedTypos(word: string): number {
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

interface IndexedRow {
  row: QuestionRow;
  question: Set<string>;
  answer: Set<string>;
}

/** How a visitor's word met a row: the terms it stands for, each with its weight (1, or less for a typo). */
type WordMeanings = Map<string, number>;

function meaningsOf(word: string, vocabulary: ReadonlySet<string>): WordMeanings {
  const meanings: WordMeanings = new Map([[termOf(word), 1]]);
  const typos = allowedTypos(word);
  if (typos === 0) return meanings;
  for (const known of vocabulary) {
    if (known === word || allowedTypos(known) === 0) continue;
    if (editDistance(word, known, typos) <= typos) {
      const term = termOf(known);
      if (!meanings.has(term)) meanings.set(term, TYPO_WEIGHT);
    }
  }
  return meanings;
}

export interface ScoredRow {
  row: QuestionRow;
  /** The share of the visitor's words the row covers, 0 to 1. */
  score: number;
  /** The share of the row's question the visitor's words cover (the tie-break: the closer question). */
  coverage: number;
}

/** The rows that have a question and an answer, scored against the typed text, best first. */
export function searchQuestions(typed: string, rows: readonly QuestionRow[]): ScoredRow[] {
  const words = stems(stripQuestionPrefix(typed));
  if (words.length === 0) return [];
  const indexed: IndexedRow[] = rows
    .filter((row) => row.question.trim() !== '' && row.answer.trim() !== '')
    .map((row) => ({
      row,
      question: new Set(stems(row.question).map(termOf)),
      answer: new Set(stems(row.answer).map(termOf)),
    }));
  // Every stem the rows and the synonym lists know: what a typo may have meant.
  const vocabulary = new Set<string>(SYNONYM_OF.keys());
  for (const row of rows) for (const word of stems(`${row.question} ${row.answer}`)) vocabulary.add(word);
  const meanings = words.map((word) => meaningsOf(word, vocabulary));

  const scored: ScoredRow[] = indexed.map(({ row, question, answer }) => {
    let total = 0;
    const covered = new Set<string>();
    for (const meaning of meanings) {
      let best = 0;
      for (const [term, weight] of meaning) {
        if (question.has(term)) {
          covered.add(term);
          best = Math.max(best, weight);
        } else if (answer.has(term)) best = Math.max(best, weight * ANSWER_WEIGHT);
      }
      total += best;
    }
    return { row, score: total / words.length, coverage: question.size ? covered.size / question.size : 0 };
  });
  return scored.filter((item) => item.score > 0).sort((a, b) => b.score - a.score || b.coverage - a.coverage);
}

/** The row that answers the typed question, or undefined when none scores enough. */
export function bestMatch(typed: string, rows: readonly QuestionRow[]): QuestionRow | undefined {
  const [best] = searchQuestions(typed, rows);
  return best && best.score >= MATCH_THRESHOLD ? best.row : undefined;
}

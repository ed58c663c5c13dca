import type { JsonValue } from './json-value.js';

/**
 * A tiny evaluator for USER_ENTERED formulas: numbers, + - * / ^, unary minus and parentheses, so that
 * '=1+1' reads back as 2. Anything else (functions, references) gives '#NAME?', which is also what keeps
 * injected formulas such as =IMPORTXML(...) inert here.
 */
export function evaluateFormula(formula: string): JsonValue {
  const source = formula.startsWith('=') ? formula.slice(1) : formula;
  const tokens = source.match(/\s*(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+|[-+*/^()]|\S)/g);
  if (!tokens) return '#ERROR!';
  const list = tokens.map((token) => token.trim());
  let position = 0;
  const peek = () => list[position];
  const next = () => list[position++];

  function primary(): number {
    const token = next();
    if (token === undefined) throw new Error('#ERROR!');
    if (token === '(') {
      const value = sum();
      if (next() !== ')') throw new Error('#ERROR!');
      return value;
    }
    if (token === '-') return -power();
    if (token === '+') return power();
    if (/^(\d|\.\d)/.test(token)) return Number(token);
    throw new Error('#NAME?');
  }
  function power(): number {
    const base = primary();
    if (peek() === '^') {
      next();
      return base ** power();
    }
    return base;
  }
  function product(): number {
    let value = power();
    while (peek() === '*' || peek() === '/') {
      const operator = next();
      const right = power();
      if (operator === '/' && right === 0) throw new Error('#DIV/0!');
      value = operator === '*' ? value * right : value / right;
    }
    return value;
  }
  function sum(): number {
    let value = product();
    while (peek() === '+' || peek() === '-') {
      const operator = next();
      const right = product();
      value = operator === '+' ? value + right : value - right;
    }
    return value;
  }

  try {
    const value = sum();
    if (position !== list.length) return /[A-Za-z]/.test(source) ? '#NAME?' : '#ERROR!';
    return Number.isFinite(value) ? value : '#NUM!';
  } catch (error) {
    const message = error instanceof Error ? error.message : '#ERROR!';
    return /[A-Za-z]/.test(source) && message === '#ERROR!' ? '#NAME?' : message;
  }
}

/**
 * Small readers of the deployment files for deploy-files.test.ts. No container engine or nginx runs in the
 * tests, so these read just enough of each format to check what a real deployment depends on.
 */

// ---------------------------------------------------------------------------------------------- Dockerfile

export interface DockerInstruction {
  keyword: string;
  args: string;
}

export interface DockerStage {
  base: string;
  name: string | undefined;
  instructions: DockerInstruction[];
}

/** Stages with their instructions; comments dropped and `\` continuations joined, as Docker reads them. */
export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  let pending = '';
  for (const rawLine of text.split('\n')) {
    if (/^\s*#/.test(rawLine)) continue;
    const line = rawLine.trimEnd();
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    if (full === '') continue;
    const [keyword = '', ...rest] = full.split(/\s+/);
    const args = full.slice(keyword.length).trim();
    if (keyword.toUpperCase() === 'FROM') {
      const words = rest.filter((word) => !word.startsWith('--'));
      const asIndex = words.findIndex((word) => word.toUpperCase() === 'AS');
      stages.push({
        base: words[0] ?? '',
        name: asIndex >= 0 ? words[asIndex + 1] : undefined,
        instructions: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) {
      if (keyword.toUpperCase() === 'ARG') continue;
      throw new Error(`Dockerfile: ${keyword} before the first FROM`);
    }
    stage.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** Leading `--name=value` flags, then the words (or the JSON array of the exec form). */
export function splitFlags(args: string): { flags: Record<string, string>; words: string[] } {
  const flags: Record<string, string> = {};
  let rest = args.trim();
  for (
    let match = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest);
    match;
    match = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(rest)
  ) {
    flags[match[1] ?? ''] = match[2] ?? '';
    rest = rest.slice(match[0].length);
  }
  if (rest.startsWith('[')) return { flags, words: JSON.parse(rest) as string[] };
  return { flags, words: rest.split(/\s+/).filter((word) => word !== '') };
}

/** `key=value` pairs of an ENV instruction (also the legacy `ENV key value`). */
export function envPairs(args: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  if (!args.includes('=')) {
    const [key = '', ...value] = args.split(/\s+/);
    pairs[key] = value.join(' ');
    return pairs;
  }
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
    pairs[match[1] ?? ''] = (match[2] ?? '').replace(/^"|"$/g, '');
  }
  return pairs;
}

/** Whether .dockerignore keeps `file` (a path from the context root) out of the build context. */
export function isDockerIgnored(file: string, patterns: string[]): boolean {
  const parts = file.split('/');
  // A pattern that matches a directory excludes everything under it.
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = (negated ? raw.slice(1) : raw).replace(/^\/+/, '').replace(/\/+$/, '');
    const regex = globToRegExp(pattern);
    if (candidates.some((candidate) => regex.test(candidate))) ignored = !negated;
  }
  return ignored;
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? '';
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

// ---------------------------------------------------------------------------------------------- nginx

export interface NginxDirective {
  name: string;
  args: string[];
  block: NginxDirective[] | undefined;
}

/** The directive tree of an nginx configuration (comments dropped, quotes removed). */
export function parseNginxConf(text: string): NginxDirective[] {
  const tokens = tokenizeNginx(text);
  let position = 0;
  function readBlock(closed: boolean): NginxDirective[] {
    const directives: NginxDirective[] = [];
    let words: string[] = [];
    while (position < tokens.length) {
      const token = tokens[position++] ?? '';
      if (token === ';') {
        const [name = '', ...args] = words;
        directives.push({ name, args, block: undefined });
        words = [];
      } else if (token === '{') {
        const [name = '', ...args] = words;
        directives.push({ name, args, block: readBlock(true) });
        words = [];
      } else if (token === '}') {
        if (!closed || words.length > 0) throw new Error('nginx.conf: unexpected }');
        return directives;
      } else words.push(token);
    }
    if (closed || words.length > 0) throw new Error('nginx.conf: unexpected end of file');
    return directives;
  }
  return readBlock(false);
}

function tokenizeNginx(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    if (/\s/.test(char)) i++;
    else if (char === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (char === ';' || char === '{' || char === '}') {
      tokens.push(char);
      i++;
    } else if (char === '"' || char === "'") {
      let value = '';
      i++;
      while (i < text.length && text[i] !== char) {
        if (text[i] === '\\') i++;
        value += text[i] ?? '';
        i++;
      }
      i++;
      tokens.push(value);
    } else {
      let word = '';
      while (i < text.length && !/[\s;{}]/.test(text[i] ?? '')) word += text[i++];
      tokens.push(word);
    }
  }
  return tokens;
}

/** The directives named `name` directly inside `block`. */
export function directives(block: NginxDirective[] | undefined, name: string): NginxDirective[] {
  return (block ?? []).filter((directive) => directive.name === name);
}

/** nginx sizes (`512k`, `4m`, `1g`, bytes) in bytes. */
export function nginxBytes(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match[2] ?? '').toLowerCase()] ?? 1;
  return Number(match[1]) * unit;
}

/** nginx and compose durations (`4s`, `1h`, `1m30s`, plain seconds for nginx) in milliseconds. */
export function durationMs(value: string): number {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let total = 0;
  const rest = value.replace(/(\d+)(ms|s|m|h|d)/g, (_, amount: string, unit: string) => {
    total += Number(amount) * (units[unit] ?? Number.NaN);
    return '';
  });
  if (rest !== '' || value === '') throw new Error(`not a duration: ${value}`);
  return total;
}

// ---------------------------------------------------------------------------------------------- compose

export interface VariableReference {
  name: string;
  /** `:-`/`-` (has a default), `:?`/`?` (required), `:+`/`+`, or '' for a bare `${NAME}` / `$NAME`. */
  operator: string;
}

const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** The `${VAR}` references of one compose string (`$$` is a literal dollar sign). */
export function variableReferences(value: string): VariableReference[] {
  const references: VariableReference[] = [];
  for (const match of value.matchAll(REFERENCE)) {
    const name = match[1] ?? match[4];
    if (name) references.push({ name, operator: match[2] ?? '' });
  }
  return references;
}

/** Compose's interpolation of one string; a required variable that is missing throws with its message. */
export function interpolate(value: string, variables: Record<string, string | undefined>): string {
  return value.replace(
    REFERENCE,
    (whole, braced?: string, operator?: string, word?: string, bare?: string) => {
      if (whole === '$$') return '$';
      const name = braced ?? bare ?? '';
      const current = variables[name];
      const unsetOrEmpty = current === undefined || current === '';
      switch (operator) {
        case ':-':
          return unsetOrEmpty ? (word ?? '') : current;
        case '-':
          return current === undefined ? (word ?? '') : current;
        case ':?':
        case '?':
          if (operator === ':?' ? unsetOrEmpty : current === undefined) {
            throw new Error(`${name}: ${word || 'required'}`);
          }
          return current ?? '';
        case ':+':
          return unsetOrEmpty ? '' : (word ?? '');
        case '+':
          return current === undefined ? '' : (word ?? '');
        default:
          return current ?? '';
      }
    },
  );
}

/** Applies `visit` to every string inside a parsed YAML value (mapping values and sequence items). */
export function mapStrings(value: unknown, visit: (text: string) => string): unknown {
  if (typeof value === 'string') return visit(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, visit));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, visit)]));
  }
  return value;
}

/** `KEY=value` lines of an env file, comments and blank lines skipped, one level of quotes removed. */
export function parseEnvFile(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const value = (match[2] ?? '').trim();
    entries.set(match[1] ?? '', /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value);
  }
  return entries;
}

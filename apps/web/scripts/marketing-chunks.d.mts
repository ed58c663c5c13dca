export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export interface ModuleRule {
  name: string;
  test: RegExp;
}
export const NEVER: ModuleRule[];
export const NOT_ON_FIRST_LOAD: ModuleRule[];
export function entryChunks(
  manifest: Record<string, ManifestChunk>,
  entryKey: string,
): { first: string[]; later: string[] };
export function forbiddenModules(
  manifest: Record<string, ManifestChunk>,
  chunkModules: Record<string, string[]>,
  entryKey: string,
  lightPageKeys?: string[],
): { chunk: string; module: string; rule: string; firstLoad: boolean }[];

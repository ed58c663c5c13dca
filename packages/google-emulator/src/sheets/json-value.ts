/** A value as it appears in a ValueRange's JSON (a cell as values.get renders it, a formula's result). */
export type JsonValue = string | number | boolean;

/**
 * Inline table styles (the sanitizer keeps these): Docs draws table cells with 1 pt black borders and
 * 5 pt padding unless the author removed the borders, and the PDF renderer has no stylesheet of ours.
 */
export const TABLE_STYLE = 'border-collapse: collapse';
export const CELL_STYLE = 'border: 1pt solid #000000; padding: 5pt';
export const CELL_STYLE_BORDERLESS = 'padding: 5pt';

import { isEmptyCell, type Rows, rowHasData } from './cells.js';

/** A table's cells, 0-based and inclusive. */
export interface TableBox {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** Where values.append searches: the range's cells (already closed to the grid). */
export interface SearchArea {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

/**
 * Google's table detection for values.append: "the input range is used to search for existing data and
 * find a 'table' within that range. Values will be appended to the next row of the table, starting with
 * the first column of the table." The table here is the block of touching non-empty cells (diagonals count)
 * around the first non-empty cell of the range, grown down and right beyond the range (a range of `A1`
 * finds the whole table under it) but not above or left of the range's start. That reproduces Google's
 * known drift: stray cells next to a table widen it, and a range starting in the middle of a table appends
 * after that table, at the range's column. Undefined when the range holds no data.
 */
export function detectTable(rows: Rows, area: SearchArea): TableBox | undefined {
  const start = firstNonEmpty(rows, area);
  if (!start) return undefined;
  const box: TableBox = { top: start.row, left: start.col, bottom: start.row, right: start.col };
  let grown = true;
  while (grown) {
    grown = false;
    // Down: the next row touches the table when it has data from one column left to one column right.
    while (rowHasData(rows[box.bottom + 1], box.left - 1, box.right + 1)) {
      box.bottom++;
      grown = true;
    }
    if (columnHasData(rows, box.right + 1, box.top - 1, box.bottom + 1)) {
      box.right++;
      grown = true;
    }
    if (box.left > area.startCol && columnHasData(rows, box.left - 1, box.top - 1, box.bottom + 1)) {
      box.left--;
      grown = true;
    }
    if (box.top > area.startRow && rowHasData(rows[box.top - 1], box.left - 1, box.right + 1)) {
      box.top--;
      grown = true;
    }
  }
  return box;
}

function firstNonEmpty(rows: Rows, area: SearchArea): { row: number; col: number } | undefined {
  const lastRow = Math.min(area.endRow, rows.length - 1);
  for (let row = area.startRow; row <= lastRow; row++) {
    const cells = rows[row];
    if (!cells) continue;
    const lastCol = Math.min(area.endCol, cells.length - 1);
    for (let col = area.startCol; col <= lastCol; col++) if (!isEmptyCell(cells[col])) return { row, col };
  }
  return undefined;
}

function columnHasData(rows: Rows, col: number, fromRow: number, toRow: number): boolean {
  if (col < 0) return false;
  const last = Math.min(toRow, rows.length - 1);
  for (let row = Math.max(0, fromRow); row <= last; row++) if (!isEmptyCell(rows[row]?.[col])) return true;
  return false;
}

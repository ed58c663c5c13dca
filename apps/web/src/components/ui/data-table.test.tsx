import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
}

const people: Person[] = [
  { id: 'p1', name: 'Ada', email: 'ada@example.com' },
  { id: 'p2', name: 'Grace', email: 'grace@example.com' },
  { id: 'p3', name: 'Alan', email: 'alan@example.com' },
];

const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (person) => person.name, isRowHeader: true },
  { id: 'email', header: 'Email', cell: (person) => person.email, hideBelow: 'md' },
  {
    id: 'action',
    header: 'Action',
    cell: (person) => <button type="button">Edit {person.name}</button>,
  },
];

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  return render(
    <DataTable
      label="People"
      caption="The people of the team"
      columns={columns}
      rows={people}
      getRowId={(person) => person.id}
      {...props}
    />,
  );
}

function SelectableTable({ onChange }: { onChange: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={people}
      getRowId={(person) => person.id}
      selection={{
        selectedIds: selected,
        onSelectedIdsChange: (next) => {
          setSelected(next);
          onChange([...next].sort());
        },
        getRowLabel: (person) => person.name,
      }}
    />
  );
}

describe('DataTable', () => {
  it('renders a captioned table with a header row and one row per item, in a focusable scroll region', () => {
    renderTable();

    const region = screen.getByRole('region', { name: 'People' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'The people of the team' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('Grace');
    expect(within(rows[1] as HTMLElement).getByText('grace@example.com').className).toContain(
      'md:table-cell',
    );
  });

  it('shows the empty state when there are no rows', () => {
    renderTable({ rows: [], emptyState: 'No people yet' });

    const cells = screen.getAllByRole('cell');
    expect(cells).toHaveLength(1);
    expect(cells[0]?.textContent).toBe('No people yet');
    expect(cells[0]?.getAttribute('colspan')).toBe('3');
  });

  it('shows the loading state while there are no rows yet, and keeps the rows while reloading', () => {
    const { rerender } = renderTable({ rows: [], loading: true });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('cell').textContent).toBe('Loading…');
    expect(screen.queryByText('Nothing here yet.')).toBeNull();

    rerender(
      <DataTable label="People" columns={columns} rows={people} getRowId={(person) => person.id} loading />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the error instead of the rows', () => {
    renderTable({ error: <p role="alert">Could not load people</p> });

    expect(screen.getByRole('alert').textContent).toBe('Could not load people');
    expect(screen.queryByText('Ada')).toBeNull();
  });

  it('activates a row by click and by Enter or Space on the focused row, but not from its own buttons', () => {
    const onRowActivate = vi.fn();
    renderTable({ onRowActivate });
    const rows = screen.getAllByRole('row').slice(1) as HTMLElement[];
    const [ada, grace, alan] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(grace.tabIndex).toBe(0);
    fireEvent.keyDown(grace, { key: 'Enter' });
    fireEvent.keyDown(alan, { key: ' ' });
    fireEvent.click(within(ada).getByText('ada@example.com'));
    expect(onRowActivate.mock.calls.map(([person]) => person.id)).toEqual(['p2', 'p3', 'p1']);

    onRowActivate.mockClear();
    const edit = within(ada).getByRole('button', { name: 'Edit Ada' });
    fireEvent.click(edit);
    fireEvent.keyDown(edit, { key: 'Enter' });
    fireEvent.keyDown(grace, { key: 'a' });
    expect(onRowActivate).not.toHaveBeenCalled();
  });

  it('leaves rows out of the tab order when they cannot be activated', () => {
    renderTable();

    expect(screen.getAllByRole('row')[1]?.hasAttribute('tabindex')).toBe(false);
  });

  it('selects single rows and all rows, with a mixed select-all in between', () => {
    const onChange = vi.fn();
    render(<SelectableTable onChange={onChange} />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
    expect(onChange).toHaveBeenLastCalledWith(['p2']);
    expect(selectAll.checked).toBe(false);
    expect(selectAll.indeterminate).toBe(true);
    expect(screen.getAllByRole('row')[2]?.getAttribute('data-state')).toBe('selected');

    fireEvent.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith(['p1', 'p2', 'p3']);
    expect(selectAll.checked).toBe(true);
    expect(selectAll.indeterminate).toBe(false);

    fireEvent.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect((screen.getByRole('checkbox', { name: 'Select Ada' }) as HTMLInputElement).checked).toBe(false);
  });
});

/**
 * A table of rows the service has already filtered, sorted and paged (the Orders and Audit lists).
 * Its rows keep their identity while no page has come back: tanstack's table resets its paging
 * whenever its data changes, and that reset renders again, so a fresh `[]` on every render froze
 * the whole counter when the operator typed before the first page arrived.
 */
import { getCoreRowModel, useReactTable, type TableOptions } from '@tanstack/react-table';

const NO_ROWS: never[] = [];
const coreRowModel = getCoreRowModel();

export function useServedTable<Row>({ rows, ...options }: Omit<TableOptions<Row>, 'data' | 'getCoreRowModel'> & { rows: Row[] | undefined }) {
  return useReactTable<Row>({ ...options, data: rows ?? NO_ROWS, getCoreRowModel: coreRowModel, manualPagination: true, manualSorting: true });
}

/**
 * The event's orders: search by customer name, e-mail, ticket number, NIK, phone or basket, filter
 * by order and payment state, sort by time or amount, page through them (all done by the service's
 * own list), and open one. Under the list, the totals of every page and what was taken by each
 * method. "Semua acara" searches every event the operator may read instead.
 */
import { createColumnHelper, flexRender, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { METHOD_LABEL, ORDER_STATUS_LABEL, PAYMENT_STATUS_LABEL, isRefunded, paymentLabelOf } from '#shared/labels.js';
import { OrderStatus, PaymentStatus, type OrderListItem, type OrderListQuery } from '#shared/schemas/order.js';
import { useOrders } from '../../api/hooks';
import { EnumFilter } from '../../components/EnumFilter';
import { EventPicker, useEvent } from '../../components/EventPicker';
import { Notice } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { useServedTable } from '../../components/served-table';
import { dateTime, rupiah } from '../../format';
import { useDebounced } from '../../use-debounced';
import { listStateOf, useEnterWhenListed } from '../../use-enter-when-listed';
import type { OrderToOpen } from '../../scanned-ticket';
import { OrderDetailDialog } from './OrderDetailDialog';
import { OrderTotalsLine } from './OrderTotalsLine';

const PAGE_SIZE = 20;

/** The list's rows and its search box, found from an element of the screen, for arrow keys. */
const screenOf = (element: HTMLElement) => element.closest('.orders');
const rowsOf = (element: HTMLElement) => [...(screenOf(element)?.querySelectorAll<HTMLElement>('.orders-table tbody tr') ?? [])];
const searchBox = (element: HTMLElement) => screenOf(element)?.querySelector<HTMLElement>('input[type=search]');
const column = createColumnHelper<OrderListItem>();

/** How the screen opens: the state to list first (the Sell screen's reminder), an order to show (a scanned ticket's), a search (a scanned basket's id). */
export interface OrdersView {
  status?: OrderListQuery['status'];
  open?: OrderToOpen;
  search?: string;
}

export function OrdersScreen({ eventId, onChooseEvent, view }: { eventId: string | undefined; onChooseEvent: (eventId: string) => void; view: OrdersView }) {
  const event = useEvent(eventId);
  const [search, setSearch] = useState(view.search ?? '');
  const [acrossEvents, setAcrossEvents] = useState(false);
  const [status, setStatus] = useState<OrderListQuery['status']>(view.status);
  const [paymentStatus, setPaymentStatus] = useState<OrderListQuery['paymentStatus']>();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'createdAt', desc: true }]);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OrderToOpen | undefined>(view.open);
  const settledSearch = useDebounced(search.trim());
  const sort = sorting[0] ?? { id: 'createdAt', desc: true };
  const filters = { search: settledSearch || undefined, status, paymentStatus };
  const query: Partial<OrderListQuery> = {
    ...filters,
    page,
    limit: PAGE_SIZE,
    sort: sort.id === 'totalAmount' ? 'totalAmount' : 'createdAt',
    order: sort.desc ? 'desc' : 'asc',
  };
  const everywhere = acrossEvents && Boolean(settledSearch);
  const orders = useOrders(eventId, query, everywhere);
  const meta = orders.data?.meta;
  // Any change of what is asked for starts again at the first page.
  const refine = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const timezone = event?.timezone;
  const columns = useMemo(() => orderColumns(timezone, everywhere), [timezone, everywhere]);
  const table = useServedTable({
    rows: orders.data?.data,
    columns,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: refine(setSorting),
  });
  // Enter opens the first order once the list on screen is the one for what is typed.
  const state = settledSearch === search.trim() ? listStateOf(orders) : 'loading';
  // What is asked, by what is typed (the query holds the search only once it has settled).
  const asked = JSON.stringify([eventId, search.trim(), acrossEvents, status, paymentStatus, sorting, page]);
  const enter = useEnterWhenListed(asked, state, table.getRowModel().rows[0]?.original, setOpen);

  return (
    <div className="orders">
      <EventPicker eventId={eventId} onChoose={refine(onChooseEvent)} />
      {eventId && (
        <>
          <div className="filters card">
            <input
              type="search"
              aria-label="Cari pesanan"
              placeholder="Cari nama, email, no. tiket, NIK atau HP (Enter membuka)"
              autoFocus
              value={search}
              onChange={(e) => refine(setSearch)(e.target.value)}
              onBlur={enter.cancel}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') rowsOf(e.currentTarget)[0]?.focus();
                else if (e.key === 'Enter') enter.enter();
                else return;
                e.preventDefault();
              }}
            />
            <label className="nowrap">
              <input type="checkbox" checked={acrossEvents} onChange={(e) => refine(setAcrossEvents)(e.target.checked)} /> Semua acara
            </label>
            <EnumFilter label="Status" ariaLabel="Status pesanan" schema={OrderStatus} labels={ORDER_STATUS_LABEL} value={status} onChange={refine(setStatus)} />
            <EnumFilter label="Pembayaran" ariaLabel="Status pembayaran" schema={PaymentStatus} labels={PAYMENT_STATUS_LABEL} value={paymentStatus} onChange={refine(setPaymentStatus)} />
          </div>
          {orders.error && <Notice kind="error">{orders.error.message}</Notice>}
          <table className={everywhere ? 'orders-table across' : 'orders-table'} aria-busy={orders.isFetching}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th key={header.id} aria-sort={sorted ? (sorted === 'desc' ? 'descending' : 'ascending') : undefined}>
                        {header.column.getCanSort() ? (
                          <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                            {label} {sorted === 'desc' ? '↓' : sorted === 'asc' ? '↑' : '↕'}
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  tabIndex={0}
                  className="clickable"
                  aria-label={`Pesanan ${row.original.customerName}`}
                  onClick={() => setOpen(row.original)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') setOpen(row.original);
                    else if (e.key === 'ArrowDown') (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
                    // Up from the first row goes back to the search.
                    else if (e.key === 'ArrowUp') ((e.currentTarget.previousElementSibling as HTMLElement | null) ?? searchBox(e.currentTarget))?.focus();
                    else return;
                    // Cancelled: the page would scroll, or the same Enter's keypress would press the dialog's first button.
                    e.preventDefault();
                  }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {orders.data && orders.data.data.length === 0 && <p className="empty muted">Tidak ada pesanan yang cocok.</p>}
          {acrossEvents && !settledSearch && <p className="muted">Ketik yang dicari untuk mencari di semua acara.</p>}
          {!everywhere && <OrderTotalsLine eventId={eventId} query={filters} />}
          {meta && <Pager page={page} meta={meta} noun="pesanan" testId="page-info" onPage={setPage} />}
        </>
      )}
      {open && (
        <OrderDetailDialog
          listed={open}
          timezone={open.eventId === eventId ? event?.timezone : undefined}
          onClose={() => setOpen(undefined)}
          onShowBasket={(transactionId) => {
            // The basket is of the order's event: list it there.
            onChooseEvent(open.eventId);
            setAcrossEvents(false);
            refine(setSearch)(transactionId);
            setOpen(undefined);
          }}
        />
      )}
    </div>
  );
}

/** The table's columns; times in the event's zone. Built apart so each cell keeps its value's type. */
function orderColumns(timezone: string | undefined, acrossEvents: boolean) {
  return [
    // Across events, times are in the counter's own zone: the rows' events may differ.
    column.accessor('createdAt', { header: 'Waktu', cell: (c) => dateTime(c.getValue(), acrossEvents ? undefined : timezone), enableSorting: true }),
    ...(acrossEvents ? [column.accessor('eventName', { header: 'Acara', enableSorting: false })] : []),
    column.accessor('customerName', {
      header: 'Pelanggan',
      enableSorting: false,
      cell: (c) => (
        <span className="customer" title={c.row.original.customerEmail}>
          <strong>{c.getValue()}</strong> {c.row.original.transactionId && <span className="badge basket">Transaksi</span>}{' '}
          <span className="muted small">{c.row.original.customerEmail}</span>
        </span>
      ),
    }),
    column.accessor('ticketCategoryName', { header: 'Kategori', enableSorting: false }),
    column.accessor('totalAmount', { header: 'Total', cell: (c) => rupiah(c.getValue()), enableSorting: true }),
    column.accessor('status', { header: 'Status', enableSorting: false, cell: (c) => <span className={`badge ${c.getValue()}`}>{ORDER_STATUS_LABEL[c.getValue()]}</span> }),
    column.accessor('paymentStatus', { header: 'Pembayaran', enableSorting: false, cell: (c) => <span className={`badge ${isRefunded(c.row.original) ? 'cancelled' : c.getValue()}`}>{paymentLabelOf(c.row.original)}</span> }),
    column.accessor('paymentMethod', { header: 'Metode', enableSorting: false, cell: (c) => <span className="nowrap">{c.getValue() ? METHOD_LABEL[c.getValue()!] : '—'}</span> }),
    column.display({ id: 'ticket', header: 'No. tiket', cell: (c) => <code>{c.row.original.participants[0]?.ticketNumber ?? '—'}</code> }),
  ];
}

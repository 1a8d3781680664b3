/**
 * The audit log, for the people who run the counter: every admin change, newest first, with who
 * made it and from which device, filtered by action and paged by the service's own list.
 */
import { createColumnHelper, flexRender } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { AUDIT_ACTION_LABEL } from '#shared/labels.js';
import { AuditAction, type AuditEntry } from '#shared/schemas/audit.js';
import { useAuditLog, useEvents } from '../../api/hooks';
import { EnumFilter } from '../../components/EnumFilter';
import { Notice } from '../../components/Field';
import { Pager } from '../../components/Pager';
import { useServedTable } from '../../components/served-table';
import { dateTime } from '../../format';
import { SUBJECT_KIND, actorDevice, actorName, describeDetails } from './audit-details';

const PAGE_SIZE = 20;
const column = createColumnHelper<AuditEntry>();

/** A ULID's last characters tell entries apart in a row; the whole id is in the tooltip. */
const shortId = (id: string) => (id.length > 10 ? `…${id.slice(-8)}` : `#${id}`);

export function AuditScreen() {
  const [action, setAction] = useState<AuditAction>();
  const [page, setPage] = useState(1);
  const log = useAuditLog({ page, limit: PAGE_SIZE, action });
  const events = useEvents('').data;
  const columns = useMemo(() => auditColumns(new Map((events ?? []).map((event) => [event.id, event.name]))), [events]);
  const meta = log.data?.meta;
  const table = useServedTable({ rows: log.data?.data, columns });

  return (
    <div className="audit">
      <div className="filters card">
        <h2>Log audit</h2>
        <span className="muted">Setiap perubahan: siapa, kapan, dan dari perangkat mana.</span>
        <EnumFilter
          label="Tindakan"
          ariaLabel="Jenis tindakan"
          className="inline push-right"
          schema={AuditAction}
          labels={AUDIT_ACTION_LABEL}
          value={action}
          onChange={(value) => {
            setAction(value);
            setPage(1);
          }}
        />
      </div>
      {log.error && <Notice kind="error">{log.error.message}</Notice>}
      <table className="orders-table audit-table" aria-busy={log.isFetching}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid={`audit-${row.original.action}`}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {log.data && log.data.data.length === 0 && <p className="empty muted">Belum ada catatan yang cocok.</p>}
      {meta && <Pager page={page} meta={meta} noun="catatan" testId="audit-page-info" onPage={setPage} />}
    </div>
  );
}

/** The table's columns; times in this counter's own zone (an entry may be of any event, or of none). */
function auditColumns(eventNames: Map<string, string>) {
  return [
    column.accessor('at', { header: 'Waktu', cell: (c) => <span className="nowrap">{dateTime(c.getValue(), undefined, { seconds: true })}</span> }),
    column.accessor('action', { header: 'Tindakan', cell: (c) => <strong>{AUDIT_ACTION_LABEL[c.getValue()]}</strong> }),
    column.display({
      id: 'actor',
      header: 'Oleh',
      cell: (c) => (
        <>
          {actorName(c.row.original)}
          <br />
          <span className="muted small">{actorDevice(c.row.original)}</span>
        </>
      ),
    }),
    column.display({
      id: 'subject',
      header: 'Tentang',
      cell: (c) => {
        const { action, subjectId, eventId } = c.row.original;
        return (
          <>
            {SUBJECT_KIND[action]} {subjectId && <code title={subjectId}>{shortId(subjectId)}</code>}
            {eventId && (
              <>
                <br />
                <span className="muted small">{eventNames.get(eventId) ?? eventId}</span>
              </>
            )}
          </>
        );
      },
    }),
    column.display({ id: 'details', header: 'Rincian', cell: (c) => <span className="details">{describeDetails(c.row.original)}</span> }),
  ];
}

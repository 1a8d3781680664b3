import type { PageMeta } from '#shared/schemas/common.js';

/**
 * Previous / next over the service's own pages, and where in them the list is ("· 42 pesanan").
 * `page` is the one asked for, which `meta` (of the page shown) catches up with once it arrives.
 */
export function Pager({ page, meta, noun, testId, onPage }: { page: number; meta: PageMeta; noun: string; testId: string; onPage: (page: number) => void }) {
  return (
    <div className="pager">
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ‹ Sebelumnya
      </button>
      <span data-testid={testId}>
        Halaman {meta.page} dari {Math.max(meta.totalPages, 1)} · {meta.total} {noun}
      </span>
      <button type="button" className="secondary" disabled={page >= meta.totalPages} onClick={() => onPage(page + 1)}>
        Berikutnya ›
      </button>
    </div>
  );
}

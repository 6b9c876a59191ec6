import { useEffect, useState } from 'react';
import { toast } from 'sonner';

/** One page of an admin list as the server answers it: its rows and where the next page starts. */
export type PageOfRows<Row> = { rows: Row[]; nextCursor: string | null };

/**
 * Reads one page for the given filters and cursor. Give it one identity for the component's life (declare it
 * at module level): it is a dependency of the loading effect.
 */
export type FetchPage<Filters, Row> = (filters: Filters, cursor: string | undefined) => Promise<PageOfRows<Row>>;

export type CursorPage<Row> = {
  rows: Row[];
  /** No answer yet for the current filters, page and reload. */
  loading: boolean;
  /** The current page could not be read (the list offers "Try again"). */
  failed: boolean;
  /** The current page was read and has no rows. */
  empty: boolean;
  /** 1 for the first page. */
  page: number;
  nextCursor: string | null;
  previousPage: () => void;
  nextPage: () => void;
  /** Reads the current page again (after a change, or to retry a failure). */
  reload: () => void;
  /** Changes the rows on show without asking the server again, after a change the server has confirmed. */
  updateRows: (change: (rows: Row[]) => Row[]) => void;
};

type Loaded<Row> = PageOfRows<Row> & { key: string; failed: boolean };

/**
 * A cursor-paged admin list: the page for the current filters, previous and next page, reload. New filters start
 * again at the first page. An answer that arrives after the filters, page or reload have moved on is dropped,
 * so a slow answer never overwrites a newer one; a failure says `failureMessage` in a toast.
 */
export function useCursorPage<Filters, Row>(
  filters: Filters,
  fetchPage: FetchPage<Filters, Row>,
  failureMessage: string,
): CursorPage<Row> {
  // The filters as a string, so that a new but equal object neither reloads nor resets the paging.
  const filterKey = JSON.stringify(filters);
  // Where each page so far starts, for the current filters; other filters start again at the first page.
  const [paging, setPaging] = useState<{ filterKey: string; cursors: (string | undefined)[] }>({
    filterKey,
    cursors: [undefined],
  });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [undefined];
  const cursor = cursors[cursors.length - 1];
  const [reloads, setReloads] = useState(0);
  const requestKey = JSON.stringify([filterKey, cursor, reloads]);
  const [loaded, setLoaded] = useState<Loaded<Row>>();

  useEffect(() => {
    let cancelled = false;
    fetchPage(JSON.parse(filterKey) as Filters, cursor).then(
      (page) => {
        if (!cancelled) setLoaded({ key: requestKey, failed: false, ...page });
      },
      () => {
        if (cancelled) return;
        toast.error(failureMessage);
        setLoaded({ key: requestKey, failed: true, rows: [], nextCursor: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [requestKey, filterKey, cursor, fetchPage, failureMessage]);

  const loading = loaded?.key !== requestKey;
  const rows = loaded?.rows ?? [];
  const failed = !loading && loaded.failed;
  const nextCursor = loaded?.nextCursor ?? null;
  return {
    rows,
    loading,
    failed,
    empty: !loading && !failed && rows.length === 0,
    page: cursors.length,
    nextCursor,
    previousPage: () => setPaging({ filterKey, cursors: cursors.slice(0, -1) }),
    nextPage: () => {
      if (nextCursor) setPaging({ filterKey, cursors: [...cursors, nextCursor] });
    },
    reload: () => setReloads((n) => n + 1),
    updateRows: (change) => setLoaded((current) => current && { ...current, rows: change(current.rows) }),
  };
}

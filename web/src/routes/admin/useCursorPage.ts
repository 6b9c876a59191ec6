import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { usePageQuery } from '../../api/admin';

/** One page of an admin list as the server answers it: its rows and where the next page starts. */
export type PageOfRows<Row> = { rows: Row[]; nextCursor: string | null };

/**
 * Reads one page for the given filters and cursor. Give it one identity for the component's life (declare it
 * at module level): it is a dependency of the loading effect.
 */
export type FetchPage<Filters, Row> = (filters: Filters, cursor: string | undefined) => Promise<PageOfRows<Row>>;

export type CursorPage<Row> = {
  rows: Row[];
  /** The current page is being read (first read, another page, another filter, a reload). */
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

/**
 * A cursor-paged admin list: the page for the current filters, previous and next page, reload. New filters start
 * again at the first page. Each page is a query keyed by `queryKey`, the filters and the cursor, so a slow answer
 * never overwrites a newer one, and a change elsewhere that invalidates `queryKey` reads the page again; a failure
 * says `failureMessage` in a toast.
 */
export function useCursorPage<Filters, Row>(
  queryKey: readonly unknown[],
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
  const pageKey = [...queryKey, 'page', filterKey, cursor ?? null];
  const queryClient = useQueryClient();
  // The rows on show stay while another page loads.
  const query = usePageQuery(pageKey, () => fetchPage(JSON.parse(filterKey) as Filters, cursor));

  const { error } = query;
  useEffect(() => {
    if (error) toast.error(failureMessage);
  }, [error, failureMessage]);

  const loading = query.isFetching;
  const failed = !loading && query.isError;
  const rows = failed ? [] : (query.data?.rows ?? []);
  const nextCursor = query.data?.nextCursor ?? null;
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
    reload: () => void query.refetch(),
    updateRows: (change) =>
      queryClient.setQueryData<PageOfRows<Row>>(pageKey, (page) => page && { ...page, rows: change(page.rows) }),
  };
}

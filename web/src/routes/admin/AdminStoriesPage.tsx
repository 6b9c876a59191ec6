import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/toast';
import { fetchAdminStories, useDeleteAdminStory, useUpdateStoryFlags, type AdminStoryRow } from '../../api/admin';
import { universeName } from '#common/story-universe';
import { ConfirmDialog } from './ConfirmDialog';
import { CursorPager, TryAgainButton } from './controls';
import { formatDate } from './format';
import { useCursorPage, type FetchPage } from './useCursorPage';
import { useDebouncedValue } from './useDebouncedValue';
import { useIdSet } from './useIdSet';
import { queryKeys } from '../../api/query-keys';
import './admin-stories.css';

const fetchStoriesPage: FetchPage<{ q: string }, AdminStoryRow> = ({ q }, cursor) =>
  fetchAdminStories({ q: q || undefined, cursor }).then(({ stories, nextCursor }) => ({ rows: stories, nextCursor }));

const storyTitle = (story: AdminStoryRow) => story.title.trim() || 'Untitled story';

/**
 * SPEC §2 admin stories list ("Featured Stories Management"): search by title, newest first, and per story
 * edit, toggle featured, toggle public and delete.
 */
export default function AdminStoriesPage() {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const updateStoryFlags = useUpdateStoryFlags();
  const deleteAdminStory = useDeleteAdminStory();
  const list = useCursorPage(queryKeys.admin.stories, { q }, fetchStoriesPage, 'Failed to load stories');
  const { rows: stories, loading } = list;
  // Stories whose flags are being changed: their buttons wait for the server.
  const [pending, markPending] = useIdSet();
  const [deleting, setDeleting] = useState<AdminStoryRow>();

  async function setFlag(story: AdminStoryRow, flag: 'isFeatured' | 'isPublic') {
    const value = !story[flag];
    markPending(story.id, true);
    try {
      const row = await updateStoryFlags.mutateAsync({ storyId: story.id, flags: { [flag]: value } });
      list.updateRows((rows) => rows.map((s) => (s.id === row.id ? row : s)));
      if (flag === 'isFeatured') toast.success(row.isFeatured ? 'Story featured' : 'Story unfeatured');
      else toast.success(row.isPublic ? 'Story made public' : 'Story made private');
    } catch {
      toast.error('Failed to update story');
    } finally {
      markPending(story.id, false);
    }
  }

  async function remove(story: AdminStoryRow) {
    try {
      await deleteAdminStory.mutateAsync(story.id);
    } catch (error) {
      toast.error('Failed to delete story');
      throw error;
    }
    toast.success('Story deleted'); // the list is read again (useDeleteAdminStory invalidates it)
  }

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <div>
          <h1>Featured Stories Management</h1>
          <p className="admin-page__subtitle">Create and manage Guardian team stories</p>
        </div>
        <Link to="/admin/stories/new" className="button button--primary">
          <span aria-hidden="true">+</span> Create New Story
        </Link>
      </header>

      <section className="card admin-card" aria-labelledby={`${id}-title`}>
        <div className="admin-card__head">
          <h2 id={`${id}-title`}>All Stories</h2>
          <div className="field admin-card__search" role="search">
            <label className="visually-hidden" htmlFor={`${id}-q`}>
              Search stories by title
            </label>
            <span className="admin-search-icon" aria-hidden="true">
              🔍
            </span>
            <input
              id={`${id}-q`}
              type="search"
              className="field__input admin-search-input"
              placeholder="Search stories..."
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>

        <div className="admin-table-wrap" aria-busy={loading}>
          {loading && (
            <p className="admin-table__loading" role="status">
              Loading stories...
            </p>
          )}
          {(!loading || stories.length > 0) && (
            <table className="admin-table admin-table--stories">
              <caption className="visually-hidden">Stories, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Author</th>
                  <th scope="col">Universe</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col" className="admin-table__actions-head">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {stories.map((story) => {
                  const title = storyTitle(story);
                  const busy = pending.has(story.id);
                  return (
                    <tr key={story.id} className="admin-table__row">
                      <th scope="row" data-label="Title" className="admin-table__title">
                        <Link to={`/story/${story.id}`}>{title}</Link>
                      </th>
                      <td data-label="Author">{story.authorName || '-'}</td>
                      <td data-label="Universe">
                        {story.universe ? (
                          <span className="admin-badge admin-badge--universe">{universeName(story.universe)}</span>
                        ) : (
                          '-'
                        )}
                      </td>
                      <td data-label="Status">
                        <span className="admin-badges">
                          {story.isFeatured && <span className="admin-badge admin-badge--featured">Featured</span>}
                          {story.isPublic && <span className="admin-badge admin-badge--public">Public</span>}
                          {story.status === 'generating' && (
                            <span className="admin-badge admin-badge--info">Generating</span>
                          )}
                          {story.status === 'failed' && <span className="admin-badge admin-badge--danger">Failed</span>}
                          {/* Its family's link lets anyone read it: not private, whatever the admin flags say. */}
                          {story.linkOpen && <span className="admin-badge admin-badge--link">Link open</span>}
                          {!story.isFeatured && !story.isPublic && !story.linkOpen && story.status === 'ready' && (
                            <span className="admin-badge admin-badge--muted">Private</span>
                          )}
                        </span>
                      </td>
                      <td data-label="Created" className="admin-table__date">
                        {formatDate(story.createdAt)}
                      </td>
                      <td data-label="Actions" className="admin-table__actions">
                        <Link
                          to={`/admin/stories/${story.id}/edit`}
                          className="admin-icon-button"
                          aria-label={`Edit “${title}”`}
                          title="Edit"
                        >
                          <span aria-hidden="true">✏️</span>
                        </Link>
                        <button
                          type="button"
                          className={story.isFeatured ? 'admin-icon-button admin-icon-button--on' : 'admin-icon-button'}
                          aria-label={story.isFeatured ? `Unfeature “${title}”` : `Feature “${title}”`}
                          title={story.isFeatured ? 'Unfeature' : 'Feature'}
                          disabled={busy || story.status !== 'ready'}
                          onClick={() => void setFlag(story, 'isFeatured')}
                        >
                          <span aria-hidden="true">{story.isFeatured ? '★' : '☆'}</span>
                        </button>
                        <button
                          type="button"
                          className={story.isPublic ? 'admin-icon-button admin-icon-button--on' : 'admin-icon-button'}
                          aria-label={story.isPublic ? `Make “${title}” private` : `Make “${title}” public`}
                          title={story.isPublic ? 'Make private' : 'Make public'}
                          disabled={busy || story.status !== 'ready'}
                          onClick={() => void setFlag(story, 'isPublic')}
                        >
                          <span aria-hidden="true">{story.isPublic ? '🌍' : '🔒'}</span>
                        </button>
                        <button
                          type="button"
                          className="admin-icon-button admin-icon-button--danger"
                          aria-label={`Delete “${title}”`}
                          title="Delete"
                          disabled={busy}
                          onClick={() => setDeleting(story)}
                        >
                          <span aria-hidden="true">🗑️</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {list.empty && <p className="admin-table__empty">{q ? 'No stories match this title.' : 'No stories yet.'}</p>}
          {list.failed && (
            <div className="admin-table__empty">
              <p>Failed to load stories</p>
              <TryAgainButton onClick={list.reload} />
            </div>
          )}
        </div>

        {(list.page > 1 || list.nextCursor) && <CursorPager label="Stories pages" pages={list} />}
      </section>

      {deleting && (
        <ConfirmDialog
          title="Delete this story?"
          confirmLabel="Delete Story"
          busyLabel="Deleting..."
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(undefined)}
        >
          <p>
            <strong>“{storyTitle(deleting)}”</strong> and all its pictures will be deleted for good, for everyone who
            saved it.
          </p>
          <p className="modal__warning">Deleted stories cannot be recovered</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

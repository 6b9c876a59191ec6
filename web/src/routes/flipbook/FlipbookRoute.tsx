import { useState } from 'react';
import type { Story } from '../../api/stories';
import { ShareDialog } from '../../components/ShareDialog';
import { downloadStory } from '../../story/download-export';
import { EditStoryDialog } from '../../story/EditStoryDialog';
import FlipbookPage from './FlipbookPage';

type Open = { kind: 'edit'; story: Story; show: (edited: Story) => void } | { kind: 'share'; story: Story };

/** The flipbook screen with the story page's edit, download and share actions wired in. */
export default function FlipbookRoute() {
  const [open, setOpen] = useState<Open>();
  return (
    <>
      <FlipbookPage
        onEdit={(story, show) => setOpen({ kind: 'edit', story, show })}
        onDownload={(story) => void downloadStory(story.id)}
        onShare={(story) => setOpen({ kind: 'share', story })}
      />
      {open?.kind === 'edit' && (
        <EditStoryDialog story={open.story} onSaved={open.show} onClose={() => setOpen(undefined)} />
      )}
      {open?.kind === 'share' && (
        <ShareDialog
          storyUrl={`${window.location.origin}/story/${open.story.id}`}
          title={open.story.title}
          onDownload={() => downloadStory(open.story.id)}
          onClose={() => setOpen(undefined)}
        />
      )}
    </>
  );
}

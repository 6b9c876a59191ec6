import { useState } from 'react';
import { toast } from 'sonner';
import { fetchStory, regenerateImage, type Story } from '../../api/stories';
import { ShareDialog } from '../../components/ShareDialog';
import { downloadStory } from '../../story/download-export';
import { EditStoryDialog } from '../../story/EditStoryDialog';
import { ImageDialog } from '../../story/ImageDialog';
import { imageErrorMessage } from '../../story/image-errors';
import FlipbookPage from './FlipbookPage';

type Open =
  | { kind: 'edit'; story: Story; show: (edited: Story) => void }
  | { kind: 'share'; story: Story }
  | { kind: 'regenerate'; story: Story; imageType: string; show: (updated: Story) => void };

/** Follows a picture job until it is painted (or fails), then puts the story back in the book. */
async function followJob(storyId: string, jobId: string, show: (story: Story) => void): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const story = await fetchStory(storyId).catch(() => undefined);
    const job = story?.imageJobs.find((j) => j.id === jobId);
    if (!story || job?.status === 'pending') continue;
    if (job?.status === 'failed') toast.error(job.error ?? 'Failed to regenerate image');
    else {
      show(story);
      toast.success('Illustration regenerated!');
    }
    return;
  }
}

/** The flipbook screen with the story page's edit, regenerate, download and share actions wired in. */
export default function FlipbookRoute() {
  const [open, setOpen] = useState<Open>();
  return (
    <>
      <FlipbookPage
        onEdit={(story, show) => setOpen({ kind: 'edit', story, show })}
        onRegenerate={(story, imageType, show) => setOpen({ kind: 'regenerate', story, imageType, show })}
        onDownload={(story) => void downloadStory(story.id)}
        onShare={(story) => setOpen({ kind: 'share', story })}
      />
      {open?.kind === 'edit' && (
        <EditStoryDialog story={open.story} onSaved={open.show} onClose={() => setOpen(undefined)} />
      )}
      {open?.kind === 'regenerate' && (
        <ImageDialog
          heading="Regenerate picture"
          imageNumber={Math.max(1, open.story.images.findIndex((i) => i.imageType === open.imageType) + 1)}
          onSubmit={async (request) => {
            const image = open.story.images.find((i) => i.imageType === open.imageType);
            if (!image) return void toast.error('Image not found');
            try {
              const { jobId } = await regenerateImage(open.story.id, image.id, request);
              toast.info('Painting a new picture…');
              void followJob(open.story.id, jobId, open.show);
            } catch (error) {
              toast.error(imageErrorMessage(error));
              throw error;
            }
          }}
          onClose={() => setOpen(undefined)}
        />
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

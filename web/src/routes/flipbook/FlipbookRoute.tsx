import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from '../../components/toast';
import { useRegenerateImage, useStory, type Story } from '../../api/stories';
import { downloadStory } from '../../story/download-export';
import { imageErrorMessage } from '../../story/image-errors';
import { usePictureAnnouncements } from '../../story/usePictureAnnouncements';
import FlipbookPage from './FlipbookPage';
import { EditStoryDialog, ImageDialog, ShareDialog } from '../../components/dialogs';

type Open =
  | { kind: 'edit'; story: Story }
  | { kind: 'share'; story: Story }
  | { kind: 'regenerate'; story: Story; imageType: string };

/** The flipbook screen with the story page's edit, regenerate, download and share actions wired in. */
export default function FlipbookRoute() {
  const { storyId = '' } = useParams();
  const [open, setOpen] = useState<Open>();
  // The same story query as the book's: a repainted picture reaches the book when its job is done.
  const { data: story } = useStory(storyId);
  const followJob = usePictureAnnouncements(story, { everyJob: false, failedMessage: 'Failed to regenerate image' });
  const regenerateImage = useRegenerateImage(storyId);
  return (
    <>
      <FlipbookPage
        onEdit={(story) => setOpen({ kind: 'edit', story })}
        onRegenerate={(story, imageType) => setOpen({ kind: 'regenerate', story, imageType })}
        onDownload={(story) => void downloadStory(story.id)}
        onShare={(story) => setOpen({ kind: 'share', story })}
      />
      {open?.kind === 'edit' && <EditStoryDialog story={open.story} onClose={() => setOpen(undefined)} />}
      {open?.kind === 'regenerate' && (
        <ImageDialog
          heading="Regenerate picture"
          imageNumber={Math.max(1, open.story.images.findIndex((i) => i.imageType === open.imageType) + 1)}
          onSubmit={async (request) => {
            const image = open.story.images.find((i) => i.imageType === open.imageType);
            if (!image) return void toast.error('Image not found');
            try {
              const { jobId } = await regenerateImage.mutateAsync({ imageId: image.id, request });
              followJob(jobId, true);
              toast.info('Painting a new picture…');
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
          storyId={open.story.id}
          storyUrl={`${window.location.origin}/story/${open.story.id}`}
          title={open.story.title}
          onDownload={() => downloadStory(open.story.id)}
          onClose={() => setOpen(undefined)}
        />
      )}
    </>
  );
}

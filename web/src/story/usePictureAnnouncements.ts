import { useEffect, useRef } from 'react';
import { toast } from '../components/toast';
import { useDismissImageJob, type Story } from '../api/stories';

/**
 * Tells the family when a picture they asked for is ready, or why it could not be made, as the polled
 * story shows its jobs finish. Returns `follow(jobId, regeneration)` for a job just started here.
 * - `everyJob` (the story page): every pending job of the story is followed, and a failed job is dismissed
 *   once said; otherwise (the flipbook) only the jobs followed here, and the story page dismisses later.
 */
export function usePictureAnnouncements(
  story: Story | undefined,
  { everyJob, failedMessage }: { everyJob: boolean; failedMessage: string },
) {
  const pendingJobs = useRef(new Map<string, boolean>()); // job id → is a regeneration
  const dismiss = useDismissImageJob(story?.id ?? '');
  const dismissJob = dismiss.mutate;

  useEffect(() => {
    if (!story) return;
    const followed = pendingJobs.current;
    for (const job of story.imageJobs) {
      if (!everyJob && !followed.has(job.id)) continue;
      if (job.status === 'failed') {
        toast.error(job.error ?? failedMessage);
        followed.delete(job.id);
        if (everyJob) dismissJob(job.id, { onError: () => undefined });
      } else followed.set(job.id, Boolean(job.replaces));
    }
    const stillPending = new Set(story.imageJobs.map((job) => job.id));
    for (const [jobId, regeneration] of followed) {
      if (stillPending.has(jobId)) continue;
      followed.delete(jobId);
      toast.success(regeneration ? 'Illustration regenerated!' : 'New illustration generated!');
    }
  }, [story, everyJob, failedMessage, dismissJob]);

  return (jobId: string, regeneration: boolean) => pendingJobs.current.set(jobId, regeneration);
}

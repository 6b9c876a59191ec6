import { toast } from 'sonner';
import { exportStory } from '../api/stories';

/**
 * SPEC §7: the story as a printable HTML file, named after the title; the family prints it to PDF.
 * Returns when the download has started (the button shows "Generating..." until then).
 */
export async function downloadStory(storyId: string): Promise<void> {
  try {
    const { html, fileName } = await exportStory(storyId);
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast.success('Story downloaded! Open the HTML file in your browser and use Print to PDF');
  } catch {
    toast.error('Failed to generate PDF');
  }
}

import { toast } from '../components/toast';
import { exportStory } from '../api/stories';
import { saveFile } from '../components/save-file';

/**
 * SPEC §7: the story as a printable HTML file, named after the title; the family prints it to PDF.
 * Returns when the download has started (the button shows "Generating..." until then).
 */
export async function downloadStory(storyId: string): Promise<void> {
  try {
    const { html, fileName } = await exportStory(storyId);
    saveFile(new Blob([html], { type: 'text/html;charset=utf-8' }), fileName);
    toast.success('Story downloaded! Open the HTML file in your browser and use Print to PDF');
  } catch {
    toast.error('Failed to generate PDF');
  }
}

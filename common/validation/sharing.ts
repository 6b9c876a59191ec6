import * as z from 'zod';

/** PUT /api/stories/{id}/sharing: "Anyone with the link can read this story", on or off. */
export const sharingSchema = z.strictObject({ open: z.boolean() });

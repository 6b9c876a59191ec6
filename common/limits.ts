/** SPEC §9: business constants and limits, shared by the SPA and the server. */
export const LIMITS = {
  libraryCapacity: 10,
  emailMax: 255,
  displayNameMax: 50,
  authorNameMax: 50,
  passwordMin: 8,
  feedbackMax: 2000,
  toastDurationMs: 5000,
  narrowScreenPx: 768,
  /** SPEC §5: image customization text, at most 500 characters (the dialog shows a live counter). */
  imageCustomizationMax: 500,
  /** SPEC §5: at most 3 pictures on the story page (the server enforces it in the write). */
  storyPageImagesMax: 3,
} as const;

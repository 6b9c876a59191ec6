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
} as const;

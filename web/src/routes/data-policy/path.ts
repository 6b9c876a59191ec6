/** Where "How we keep your family's data" lives (linked from sign-up, the footers and the profile). */
export const DATA_POLICY_PATH = '/our-data-policy';

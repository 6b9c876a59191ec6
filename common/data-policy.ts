/**
 * The title of the data policy page (issue 36's words), apart from the rest of common/family.ts because the
 * landing page's footer links to it and the landing page downloads nothing it does not show.
 */
export const DATA_POLICY_TITLE = "How we keep your family's data";

// Parts of the catalogues that screens loaded later bring along, so the texts of screens few
// members open (the admin section, the report dialog, the FAQ and policy) do not weigh on the first screen: each
// locale's catalogue is one chunk without them, and one chunk per section, fetched with the
// screen (`loadCatalogSection`). A key belongs to the first section whose prefix it starts with.

export const CATALOG_SECTIONS = {
  /** the admin section, reports and 'Are you sure?' (chat and admin screens) */
  safety: ['admin.', 'safety.'],
  /** the FAQ and the privacy policy (help and privacy screens) */
  pages: ['help.faq.', 'privacy.'],
} as const;

export type CatalogSection = keyof typeof CATALOG_SECTIONS;

/** the later section of a key, or null (the main catalogue) */
export function sectionOf(key: string): CatalogSection | null {
  for (const [section, prefixes] of Object.entries(CATALOG_SECTIONS) as [CatalogSection, readonly string[]][]) {
    if (prefixes.some((p) => key.startsWith(p))) return section;
  }
  return null;
}

import type { MessageKey } from '../../../i18n/message-key';

/** The date the policy was last updated (spec §2). */
export const POLICY_UPDATED = new Date(2025, 6, 1);
export const PRIVACY_EMAIL = 'privacy@aeromatch.app';

/** The policy's sections: a title, a first paragraph, for some a list, then the other paragraphs (their ids in the catalogues). */
export const POLICY_SECTIONS: { id: string; paragraphs: number; items?: number }[] = [
  { id: 'intro', paragraphs: 1 },
  { id: 'collect', paragraphs: 1, items: 6 },
  { id: 'use', paragraphs: 1, items: 4 },
  { id: 'visible', paragraphs: 2, items: 3 },
  { id: 'retention', paragraphs: 2 },
  { id: 'choices', paragraphs: 2 },
  { id: 'security', paragraphs: 1 },
  { id: 'contact', paragraphs: 1 },
];

export const sectionTitle = (id: string) => `privacy.${id}.title` as MessageKey;
export const sectionParagraph = (id: string, n: number) => `privacy.${id}.p${n}` as MessageKey;
export const sectionItem = (id: string, n: number) => `privacy.${id}.item${n}` as MessageKey;

/** Every catalogue id the policy shows. */
export function policyKeys(): MessageKey[] {
  return POLICY_SECTIONS.flatMap((s) => [
    sectionTitle(s.id),
    ...Array.from({ length: s.paragraphs }, (_, i) => sectionParagraph(s.id, i + 1)),
    ...Array.from({ length: s.items ?? 0 }, (_, i) => sectionItem(s.id, i + 1)),
  ]);
}

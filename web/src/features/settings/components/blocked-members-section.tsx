import { useState } from 'react';
import styled from 'styled-components';
import type { BlockView } from '@aero/contracts/shared';
import { Button, StyledSectionCard as StyledSection, toast } from '../../../components';
import { ConfirmDialog } from '../../../components/controls';
import { useErrorText, useFormatDateTime, useT } from '../../../i18n';
import { isApiError } from '../../../lib/http';
import { useGetBlocksQuery, useUnblockMutation } from '../api/settings-api';
import { WhenLoaded } from './when-loaded';
import { theme } from '../../../theme';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li { display: flex; align-items: center; gap: ${theme.space.md}; padding: ${theme.space.sm} 0; }
  & > li + li { border-top: 1px solid ${theme.colors.border}; }
`;

const StyledWho = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-width: 0;
  strong { font-weight: ${theme.font.weight.bold}; overflow-wrap: anywhere; }
  span { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
`;

const StyledUnblock = styled(Button)`
  flex-shrink: 0;
  padding-inline: ${theme.space.md};
`;

/**
 * Settings' Blocked Members: whom this member blocked (from a chat's menu or a report), and
 * Unblock for each, after a confirmation. Lifting a block lets the two meet again in the deck;
 * the match the block ended stays ended.
 */
export function BlockedMembersSection() {
  const t = useT();
  const errorText = useErrorText();
  const formatDate = useFormatDateTime({ dateStyle: 'medium' });
  // blocks made on another device since this screen last asked count too
  const blocks = useGetBlocksQuery(undefined, { refetchOnMountOrArgChange: true });
  const [unblock, { isLoading: unblocking }] = useUnblockMutation();
  const [confirming, setConfirming] = useState<BlockView | null>(null);
  const nameOf = (block: BlockView) => block.firstName ?? t('settings.blocked.unnamed');
  /** the date whole on a line of its own when the line breaks ('1 déc. 2026', not '1' then 'déc. 2026') */
  const since = (block: BlockView) => t('settings.blocked.since', { date: formatDate(block.createdAt).replace(/ /g, '\u00a0') });

  const onUnblock = async (block: BlockView) => {
    const name = nameOf(block);
    try {
      await unblock(block.userId).unwrap();
    } catch (error) {
      // not blocked any more (lifted on another device, or the account is gone): what was asked
      // is done (the list is asked again either way: the mutation's tag is made stale on a failure too)
      if (!(isApiError(error) && error.status === 404)) {
        setConfirming(null);
        toast({ variant: 'destructive', title: t('settings.blocked.failed'), description: errorText(error, 'common.tryAgain') });
        return;
      }
    }
    setConfirming(null);
    toast({ title: t('settings.blocked.done', { name }) });
  };

  return (
    <StyledSection aria-labelledby="settings-blocked">
      <h2 id="settings-blocked">{t('settings.blocked.title')}</h2>
      <WhenLoaded query={blocks} failed={t('settings.blocked.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <p className="hint">{t('settings.blocked.empty')}</p>
          ) : (
            <>
              <p className="hint">{t('settings.blocked.hint')}</p>
              <StyledList aria-labelledby="settings-blocked">
                {list.map((block) => (
                  <li key={block.userId}>
                    <StyledWho>
                      <strong>{nameOf(block)}</strong>
                      <span>{since(block)}</span>
                    </StyledWho>
                    <StyledUnblock $variant="outline" aria-label={t('settings.blocked.unblockName', { name: nameOf(block) })} onClick={() => setConfirming(block)}>
                      {t('settings.blocked.unblock')}
                    </StyledUnblock>
                  </li>
                ))}
              </StyledList>
            </>
          )
        }
      </WhenLoaded>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('settings.blocked.confirmTitle', { name: nameOf(confirming) }) : ''}
        confirmLabel={t('settings.blocked.unblock')}
        pending={unblocking}
        onConfirm={() => confirming && void onUnblock(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming && <p>{t('settings.blocked.confirmText', { name: nameOf(confirming) })}</p>}
      </ConfirmDialog>
    </StyledSection>
  );
}

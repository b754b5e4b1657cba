import styled from 'styled-components';
import { Button, MoreVerticalIcon } from '../../../components';
import { Sheet } from '../../../components/sheet';
import { useT } from '../../../i18n';
import { StyledIconButton } from './chat-styles';
import { theme } from '../../../theme';

const StyledActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  .danger { color: ${theme.colors.danger}; border-color: ${theme.colors.danger}; }
`;

/** The chat's overflow menu (spec §2): Unmatch, Block, Report (when the app offers it) and Cancel, in a sheet. */
export function ChatMenu({
  name,
  open,
  onOpenChange,
  onUnmatch,
  onBlock,
  onReport,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUnmatch: () => void;
  onBlock: () => void;
  onReport?: () => void;
}) {
  const t = useT();
  return (
    <>
      <StyledIconButton aria-label={t('chat.menu.open')} aria-haspopup="dialog" aria-expanded={open} onClick={() => onOpenChange(true)}>
        <MoreVerticalIcon size={22} />
      </StyledIconButton>
      <Sheet open={open} onOpenChange={onOpenChange} title={t('chat.menu.title', { name })} closeLabel={t('chat.menu.close')}>
        <StyledActions>
          <Button $variant="outline" $block className="danger" onClick={onUnmatch}>
            {t('chat.menu.unmatch')}
          </Button>
          <Button $variant="outline" $block className="danger" onClick={onBlock}>
            {t('chat.menu.block')}
          </Button>
          {onReport && (
            <Button $variant="outline" $block className="danger" onClick={onReport}>
              {t('safety.menu.report')}
            </Button>
          )}
          <Button $variant="ghost" $block onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
        </StyledActions>
      </Sheet>
    </>
  );
}

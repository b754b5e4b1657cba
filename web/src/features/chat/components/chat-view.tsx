import type { ReportDialogSlot } from '../../../lib/report-dialog';
import { type ReactNode, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import type { MatchView } from '@aero/contracts/shared';
import { BackButton, Button, ChatIcon, toast } from '../../../components';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n';
import { selectConnection } from '../../../lib/realtime';
import { endMatch, useBlockMutation, useGetMatchesQuery, useUnmatchMutation } from '../api/chat-api';
import { useConversation } from '../hooks/use-conversation';
import { useNetworkOnline } from '../hooks/use-network-online';
import { useSendMessage } from '../hooks/use-send-message';
import { Avatar } from './avatar';
import { ChatInput } from './chat-input';
import { ChatMenu } from './chat-menu';
import { ChatPendingState, ChatState, StyledHeader, StyledScreen } from './chat-styles';
import { MessageList } from './message-list';
import { useChatDispatch } from '../hooks/use-chat-dispatch';
import { reportableMessages } from '../lib/chat-rules';
import { draftStorageKey, keepDraft } from '../lib/drafts';
import { oneLine, theme } from '../../../theme';

const StyledWho = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  > div { min-width: 0; }
  h1 { font-size: ${theme.font.size.lg}; line-height: 1.2; ${oneLine} }
  p { font-size: ${theme.font.size.sm}; color: ${theme.colors.textMuted}; }
  p[data-state='online'] { color: ${theme.colors.success}; font-weight: ${theme.font.weight.semibold}; }
  p[data-state='typing'] { color: ${theme.colors.primary}; font-style: italic; }
`;

/** what the header says under the name: the other member's presence, or our own connection's state while it is down */
const PRESENCE_TEXTS = {
  typing: 'chat.header.typing',
  online: 'chat.header.online',
  offline: 'chat.header.offline',
  noNetwork: 'chat.header.noNetwork',
  connecting: 'chat.header.connecting',
  notConnected: 'chat.header.notConnected',
} as const;
type Presence = keyof typeof PRESENCE_TEXTS;

/** The match was not found (ended, or not ours): say so and lead back to the list. */
/** the chat's screen while no conversation can be shown: the header with Back, and what to say */
function ChatStateScreen({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <StyledScreen>
      <StyledHeader>
        <BackButton label={t('common.back')} onClick={onBack} />
        <h1>{t('chat.title')}</h1>
      </StyledHeader>
      {children}
    </StyledScreen>
  );
}

function Gone({ onBack }: { onBack: () => void }) {
  const t = useT();
  return (
    <ChatStateScreen onBack={onBack}>
      <ChatState role="alert" title={t('chat.gone')} actions={<Button onClick={onBack}>{t('chat.backToList')}</Button>} />
    </ChatStateScreen>
  );
}

/** the report dialog the app gives the chat (another feature's, from the page: see lib/report-dialog): the member, their messages to attach */
export type ChatReportDialog = ReportDialogSlot;

function Conversation({ match, myId, onBack, ReportDialog }: { match: MatchView; myId: string; onBack: () => void; ReportDialog?: ChatReportDialog }) {
  const t = useT();
  const dispatch = useChatDispatch();
  const other = match.otherUser;
  const name = other.firstName || t('chat.list.userFallback');
  const conversation = useConversation(match.id, myId, other.id);
  const { sendText, sendAttachment, sendHeldAnyway, retryFailed, deleteUnsent } = useSendMessage();
  const connection = useSelector(selectConnection);
  const networkOnline = useNetworkOnline();
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirm, setConfirm] = useState<'unmatch' | 'block' | null>(null);
  const [reporting, setReporting] = useState(false);
  // the message a report was started from (its own report button), else null (the overflow menu)
  const [reportFrom, setReportFrom] = useState<string | null>(null);
  // each opening starts a fresh report (the dialog is keyed by it)
  const [reportOpens, setReportOpens] = useState(0);
  // 'Are you sure?' before a message that looks abusive: resolves true to send it anyway, false to edit it
  const [nudging, setNudging] = useState(false);
  const nudgeAnswer = useRef<(sendAnyway: boolean) => void>(() => undefined);
  const askAreYouSure = () =>
    new Promise<boolean>((resolve) => {
      nudgeAnswer.current = (sendAnyway) => {
        setNudging(false);
        resolve(sendAnyway);
      };
      setNudging(true);
    });
  const draftKey = draftStorageKey(myId, match.id);
  const sendTextAsking = async (content: string) => {
    const sent = await sendText(match, content);
    if (sent !== 'nudge') return sent;
    // waiting for the answer, the message is in no send queue: it is the draft meanwhile, so that
    // leaving the conversation or reloading the tab loses none of it
    keepDraft(draftKey, content);
    if (!(await askAreYouSure())) return false;
    const went = (await sendText(match, content, { confirmed: true })) === true;
    if (went) keepDraft(draftKey, '');
    return went;
  };
  const [unmatch, unmatching] = useUnmatchMutation();
  const [block, blocking] = useBlockMutation();

  const end = async () => {
    const kind = confirm;
    try {
      if (kind === 'unmatch') await unmatch(match.id).unwrap();
      else if (kind === 'block') await block({ userId: other.id }).unwrap();
      else return;
      setConfirm(null);
      dispatch(endMatch(match.id, myId));
      // said once it is done: back at the list (perhaps an empty one), nothing else tells them
      toast(
        kind === 'block'
          ? { title: t('chat.block.done', { name }), description: t('chat.block.doneText') }
          : { title: t('chat.unmatch.done'), description: t('chat.unmatch.doneText', { name }) },
      );
      onBack();
    } catch {
      setConfirm(null);
      toast({ variant: 'destructive', title: t(kind === 'block' ? 'chat.block.failed' : 'chat.unmatch.failed'), description: t('common.tryAgain') });
    }
  };

  // presence comes over our own connection: while it is down, say so rather than that they are offline
  const presence: Presence = !networkOnline
    ? 'noNetwork'
    : connection.status === 'error'
      ? 'notConnected'
      : connection.status !== 'connected'
        ? 'connecting'
        : conversation.typing
          ? 'typing'
          : connection.onlineUserIds.includes(other.id)
            ? 'online'
            : 'offline';
  const gone = conversation.status === 'error' && (conversation.error as { status?: number } | undefined)?.status === 404;
  if (gone) return <Gone onBack={onBack} />;

  return (
    <StyledScreen>
      <StyledHeader>
        <BackButton label={t('common.back')} onClick={onBack} />
        <StyledWho>
          <Avatar photo={other.mainPhoto} name={name} size={44} />
          <div>
            <h1>{name}</h1>
            <p data-state={presence} aria-live="polite">
              {t(PRESENCE_TEXTS[presence])}
            </p>
          </div>
        </StyledWho>
        <ChatMenu
          name={name}
          open={menuOpen}
          onOpenChange={setMenuOpen}
          onUnmatch={() => {
            setMenuOpen(false);
            setConfirm('unmatch');
          }}
          onBlock={() => {
            setMenuOpen(false);
            setConfirm('block');
          }}
          onReport={
            ReportDialog &&
            (() => {
              setMenuOpen(false);
              setReportFrom(null);
              setReportOpens((n) => n + 1);
              setReporting(true);
            })
          }
        />
      </StyledHeader>

      {conversation.status === 'loading' || conversation.status === 'error' ? (
        <ChatPendingState failed={conversation.status === 'error'} failedTitle={t('chat.loadError')} onRetry={() => void conversation.refetch()} />
      ) : conversation.messages.length === 0 ? (
        <ChatState icon={<ChatIcon size={36} />} title={t('chat.empty.title')} text={t('chat.empty.text', { name })} />
      ) : (
        <MessageList
          messages={conversation.messages}
          myId={myId}
          otherName={name}
          seenId={conversation.seenId}
          hasOlder={conversation.hasOlder}
          loadingOlder={conversation.loadingOlder}
          onLoadOlder={() => void conversation.loadOlder()}
          onUnsent={{ sendAnyway: (id) => void sendHeldAnyway(id), retry: (id) => void retryFailed(id), delete: deleteUnsent }}
          onReport={
            ReportDialog &&
            ((messageId) => {
              setReportFrom(messageId);
              setReportOpens((n) => n + 1);
              setReporting(true);
            })
          }
        />
      )}

      <ChatInput
        draftKey={draftKey}
        recipient={name}
        onTyping={conversation.notifyTyping}
        onSendText={sendTextAsking}
        onSendAttachment={(kind, file, seconds) => sendAttachment(match, kind, file, seconds)}
      />

      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'block' ? 'chat.block.title' : 'chat.unmatch.title', { name })}
        confirmLabel={t(confirm === 'block' ? 'chat.menu.block' : 'chat.menu.unmatch')}
        pending={unmatching.isLoading || blocking.isLoading}
        onConfirm={() => void end()}
        onCancel={() => setConfirm(null)}
      >
        <p>{t(confirm === 'block' ? 'chat.block.text' : 'chat.unmatch.text', { name })}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={nudging}
        title={t('messages.nudge')}
        confirmLabel={t('safety.nudge.sendAnyway')}
        cancelLabel={t('safety.nudge.edit')}
        onConfirm={() => nudgeAnswer.current(true)}
        onCancel={() => nudgeAnswer.current(false)}
      >
        <p>{t('safety.nudge.text', { name })}</p>
      </ConfirmDialog>

      {ReportDialog && (
        <ReportDialog
          key={`${reportFrom ?? 'menu'}:${reportOpens}`}
          userId={other.id}
          name={name}
          airlineStaff={!!other.airline}
          open={reporting}
          onOpenChange={setReporting}
          fromMessageId={reportFrom}
          messages={reportableMessages(conversation.messages, other.id, reportFrom).map((m) => ({ id: m.id, content: m.content }))}
          onReported={({ blocked }) => {
            if (!blocked) return;
            dispatch(endMatch(match.id, myId));
            onBack();
          }}
        />
      )}
    </StyledScreen>
  );
}

/** A chat with one match (spec §2 chat view): header, overflow menu, messages, input bar. */
export function ChatView({ matchId, myId, onBack, ReportDialog }: { matchId: string; myId: string; onBack: () => void; ReportDialog?: ChatReportDialog }) {
  const t = useT();
  const { data: matches, isError, isFetching, refetch } = useGetMatchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const match = matches?.find((m) => m.id === matchId);
  if (match) return <Conversation match={match} myId={myId} onBack={onBack} ReportDialog={ReportDialog} />;
  // not among the matches once they are fresh: ended; the list not loaded: say so, not 'gone'
  if (matches && !isFetching) return <Gone onBack={onBack} />;
  return (
    <ChatStateScreen onBack={onBack}>
      <ChatPendingState failed={isError && !isFetching} failedTitle={t('chat.loadError')} onRetry={() => void refetch()} />
    </ChatStateScreen>
  );
}

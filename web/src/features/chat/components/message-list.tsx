import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { drawn, Spinner, VisuallyHidden } from '../../../components';
import { useFormatDateTime, useT } from '../../../i18n';
import { TIME_OF_DAY } from '../lib/time-of-day';
import { photoAspect } from '../lib/photo-aspect';
import type { ShownMessage } from '../hooks/use-conversation';
import { VoiceMessage } from './voice-message';
import { theme } from '../../../theme';

/** what a message on its way out says under it */
const PENDING_TEXT = { sending: 'chat.message.sending', queued: 'chat.message.queued', held: 'chat.message.held' } as const;
/** what a photo or voice clip that could not be sent says under it (the toast's title) */
const FAILED_TEXT = { text: 'chat.toast.sendFailed', photo: 'chat.toast.photoFailed', voice: 'chat.toast.voiceFailed' } as const;
const pendingText = (pending: NonNullable<ShownMessage['pending']>, messageType: ShownMessage['messageType']) => (pending === 'failed' ? FAILED_TEXT[messageType] : PENDING_TEXT[pending]);
const FlagIcon = drawn(<path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7" />);
/** within this distance of the top, the page before is loaded; of the bottom, new messages scroll into view */
const EDGE_PX = 80;

const StyledLog = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${theme.space.md};
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  background: ${theme.colors.background};
  .older { align-self: center; display: flex; align-items: center; gap: ${theme.space.sm}; color: ${theme.colors.textMuted}; font-size: ${theme.font.size.sm}; }
`;

const StyledMessage = styled.div<{ $own: boolean; $pending: boolean }>`
  align-self: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  max-width: 78%;
  display: flex;
  flex-direction: column;
  align-items: ${({ $own }) => ($own ? 'flex-end' : 'flex-start')};
  gap: 2px;
  .bubble {
    padding: 10px 14px;
    border-radius: ${theme.radius.lg};
    border-bottom-${({ $own }) => ($own ? 'right' : 'left')}-radius: 6px;
    background: ${({ $own }) => ($own ? theme.colors.bubbleOwn : theme.colors.surface)};
    color: ${({ $own }) => ($own ? theme.colors.onBubbleOwn : theme.colors.text)};
    border: 1px solid ${({ $own }) => ($own ? 'transparent' : theme.colors.border)};
    box-shadow: ${theme.shadow.card};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    /* on its way: the bubble is dimmed (not what is said under it, which keeps its contrast) */
    opacity: ${({ $pending }) => ($pending ? 0.7 : 1)};
  }
  .bubble.photo { padding: 4px; }
  .photo a { display: block; border-radius: ${theme.radius.md}; overflow: hidden; }
  /* a photo's box has its size before the photo arrives (the conversation opens at its newest
     message, which a photo growing above it would push out of view): its shape is the photo's
     own (photoAspect), set on the box */
  .photo img,
  .photo .placeholder { display: block; width: 240px; max-width: 100%; object-fit: cover; }
  .photo .placeholder img { aspect-ratio: inherit; }
  .photo .placeholder { display: grid; place-items: center; border-radius: ${theme.radius.md}; overflow: hidden; }
  /* one on its way out: this page's copy of the photo, the spinner over it while it goes */
  .photo .placeholder > * { grid-area: 1 / 1; }
  .photo .placeholder img { width: 100%; }
  .photo .placeholder img ~ span { background: ${theme.colors.photoControl}; box-shadow: 0 0 0 8px ${theme.colors.photoControl}; }
  .meta { font-size: ${theme.font.size.xs}; color: ${theme.colors.textMuted}; padding: 0 4px; }
  .meta.failed { color: ${theme.colors.danger}; font-weight: ${theme.font.weight.semibold}; }
  .about { display: flex; align-items: center; gap: 2px; }
  /* a 44 px target around a small flag, overlapping the gap rather than spacing the messages out */
  .report {
    display: grid;
    place-items: center;
    min-width: ${theme.touchTarget};
    min-height: ${theme.touchTarget};
    margin: -8px;
    border: none;
    border-radius: ${theme.radius.pill};
    background: none;
    color: ${theme.colors.textMuted};
    cursor: pointer;
  }
  .report:hover { color: ${theme.colors.danger}; }
  .unsent { display: flex; gap: ${theme.space.sm}; }
  .unsent button {
    min-height: ${theme.touchTarget};
    padding: 0 ${theme.space.md};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    font: inherit;
    font-size: ${theme.font.size.sm};
    font-weight: ${theme.font.weight.semibold};
    cursor: pointer;
  }
  .seen { font-weight: ${theme.font.weight.semibold}; }
`;

/** A photo in its box, drawn at the stored photo's shape; one on its way out at the shape of this page's copy once read. */
function Photo({ message }: { message: ShownMessage }) {
  const t = useT();
  const [local, setLocal] = useState<{ width: number; height: number } | null>(null);
  const shape = { aspectRatio: String(photoAspect(message.attachmentWidth ?? local?.width, message.attachmentHeight ?? local?.height)) };
  return message.attachmentUrl && !message.pending ? (
    <a href={message.attachmentUrl} target="_blank" rel="noopener noreferrer" aria-label={t('chat.photo.open')}>
      <img src={message.attachmentUrl} alt="" loading="lazy" style={shape} />
    </a>
  ) : (
    // not stored yet (this page's copy while it goes, when it has one), or its address not come yet
    <div className="placeholder" role="img" aria-label={t(message.pending ? 'chat.photo.yours' : 'chat.photo.open')} style={shape}>
      {message.attachmentUrl && <img src={message.attachmentUrl} alt="" onLoad={(e) => setLocal({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />}
      {message.pending !== 'failed' && <Spinner />}
    </div>
  );
}

function Body({ message, own }: { message: ShownMessage; own: boolean }) {
  if (message.messageType === 'voice') return <VoiceMessage url={message.attachmentUrl} duration={message.attachmentDuration} own={own} />;
  if (message.messageType === 'photo') return <Photo message={message} />;
  return <>{message.content}</>;
}

/**
 * The conversation (spec §2): own messages right-aligned, each with its time of day in the chosen
 * language; 'Seen' under our last message the other member has read; the other member's texts
 * each with a flag that reports them from that message. Scrolling to the top loads
 * the messages before, keeping what is on screen where it was.
 */
export function MessageList({
  messages,
  myId,
  otherName,
  seenId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onReport,
  onUnsent,
}: {
  messages: ShownMessage[];
  myId: string;
  otherName: string;
  seenId: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** reports the other member from one of their text messages (no button without it) */
  onReport?: (messageId: string) => void;
  /** what the member can do with a message not sent: held from the queue ('Are you sure?'), or a failed photo or voice clip */
  onUnsent?: { sendAnyway: (messageId: string) => void; retry: (messageId: string) => void; delete: (messageId: string) => void };
}) {
  const t = useT();
  const time = useFormatDateTime(TIME_OF_DAY);
  const log = useRef<HTMLDivElement>(null);
  const before = useRef<{ first?: string; last?: string; height: number; top: number; nearBottom: boolean }>({ height: 0, top: 0, nearBottom: true });

  // keep the view steady when older messages come in above; follow new ones (and changes) at the bottom
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const prev = before.current;
    if (prev.first === undefined) el.scrollTop = el.scrollHeight;
    else if (first !== prev.first && last === prev.last) el.scrollTop = el.scrollHeight - prev.height + prev.top;
    // (at the bottom, what grows there stays in view: a failed message's buttons, 'Seen')
    else if (prev.nearBottom || (last !== prev.last && messages.at(-1)?.senderId === myId)) el.scrollTop = el.scrollHeight;
    before.current = { first, last, height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX };
  }, [messages, myId]);

  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    before.current = { ...before.current, height: el.scrollHeight, top: el.scrollTop, nearBottom: el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX };
    if (el.scrollTop < EDGE_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <StyledLog ref={log} role="log" aria-label={t('chat.history.label', { name: otherName })} onScroll={onScroll} tabIndex={0}>
      {loadingOlder && (
        <p className="older" role="status">
          <Spinner $size={16} /> {t('chat.history.loadingOlder')}
        </p>
      )}
      {messages.map((message) => {
        const own = message.senderId === myId;
        return (
          <StyledMessage key={message.id} $own={own} $pending={message.pending === 'sending' || message.pending === 'queued'} data-message-id={message.id} data-own={own}>
            <VisuallyHidden>{own ? t('chat.message.you') : otherName}:</VisuallyHidden>
            <div className={`bubble ${message.messageType}`}>
              <Body message={message} own={own} />
            </div>
            <span className="about">
              <span className={message.pending === 'failed' ? 'meta failed' : 'meta'}>
                {message.pending ? t(pendingText(message.pending, message.messageType), { name: otherName }) : <time dateTime={message.createdAt}>{time(message.createdAt)}</time>}
              </span>
              {onReport && !own && !message.pending && message.messageType === 'text' && (
                <button type="button" className="report" aria-label={t('chat.message.report')} onClick={() => onReport(message.id)}>
                  <FlagIcon size={14} />
                </button>
              )}
            </span>
            {(message.pending === 'held' || message.pending === 'failed') && onUnsent && (
              <span className="unsent">
                {message.pending === 'held' ? (
                  <button type="button" onClick={() => onUnsent.sendAnyway(message.id)}>
                    {t('safety.nudge.sendAnyway')}
                  </button>
                ) : (
                  <button type="button" onClick={() => onUnsent.retry(message.id)}>
                    {t('common.retry')}
                  </button>
                )}
                <button type="button" onClick={() => onUnsent.delete(message.id)}>
                  {t('chat.message.delete')}
                </button>
              </span>
            )}
            {message.id === seenId && <span className="meta seen">{t('chat.message.seen')}</span>}
          </StyledMessage>
        );
      })}
    </StyledLog>
  );
}

import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Limits } from '@aero/contracts/shared';
import styled from 'styled-components';
import { ImageIcon, MicIcon, SendIcon, StopIcon, toast, VisuallyHidden } from '../../../components';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useT } from '../../../i18n';
import { readPickedFiles } from '../../../lib/file-kind';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { chatPhotoProblem, messageText } from '../lib/chat-rules';
import { keepDraft, readDraft } from '../lib/drafts';
import { formatDuration } from '../lib/duration';
import { StyledIconButton } from './chat-styles';
import { theme } from '../../../theme';

// the text box grows with its lines (up to max-height); its placeholder keeps to one line, whole at
// 360 px in the four languages (a text box's placeholder is cut, never ended with an ellipsis)
const StyledBar = styled.form`
  position: relative;
  display: flex;
  align-items: flex-end;
  /* narrow at the sides and between the two icon buttons (their own room is their margin): the
     placeholder's room; the filled Send button keeps a margin, so that it does not touch the edge */
  padding: ${theme.space.sm} ${theme.space.xs};
  > button[type='submit'] { margin-right: ${theme.space.xs}; }
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.border};
  textarea, .recording {
    flex: 1;
    min-width: 0;
    margin: 0 ${theme.space.xs};
    min-height: ${theme.touchTarget};
    max-height: 120px;
    /* less room at the end than the start: the placeholder is whole at 320 px too */
    padding: 11px ${theme.space.sm} 11px ${theme.space.md};
    border-radius: 22px;
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    font: inherit;
    line-height: 20px;
    resize: none;
  }
  textarea { field-sizing: content; }
  /* the focus ring inside the box's edge: outside it, it would run into the Send button beside it */
  textarea:focus-visible { outline-offset: -3px; }
  textarea::placeholder { color: ${theme.colors.textMuted}; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .recording {
    display: flex;
    align-items: center;
    gap: ${theme.space.sm};
    color: ${theme.colors.danger};
    font-weight: ${theme.font.weight.semibold};
    font-variant-numeric: tabular-nums;
  }
  .recording::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: currentColor; }
  input[type='file'] { display: none; }
  .count {
    position: absolute;
    right: ${theme.space.lg};
    bottom: 100%;
    margin: 0;
    padding: 2px ${theme.space.sm};
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.surface};
    color: ${theme.colors.textMuted};
    font-size: ${theme.font.size.sm};
    font-variant-numeric: tabular-nums;
  }
  .count[data-full='true'] { color: ${theme.colors.danger}; font-weight: ${theme.font.weight.semibold}; }
`;

/** the picked photo as the member checks it before it goes: whole (a landscape one too), within the dialog */
const StyledPreview = styled.img`
  display: block;
  width: 100%;
  max-height: 55dvh;
  object-fit: contain;
  border-radius: ${theme.radius.md};
  background: ${theme.colors.backgroundAlt};
`;

/** from this share of the limit on, the text box shows how many characters are left to write */
const COUNT_FROM = 0.9;

/**
 * The input bar (spec §2): voice record toggle, photo picker (images up to 10 MB), the text box,
 * and the send button (disabled while the text is blank, longer than a message may be, or a send
 * is under way). Enter without
 * Shift sends; Shift+Enter starts a new line. What is typed and not sent is kept under `draftKey`
 * (lib/drafts.ts): it is there again when the member comes back to the conversation. A picked
 * photo is shown first, with the name of the member it would go to: it is sent only once the member
 * says so (a photo sent cannot be taken back).
 */
export function ChatInput({
  draftKey,
  recipient,
  onSendText,
  onSendAttachment,
  onTyping,
}: {
  draftKey: string;
  /** the name of the member the messages go to */
  recipient: string;
  onSendText: (content: string) => Promise<boolean>;
  onSendAttachment: (kind: 'voice' | 'photo', file: Blob, seconds: number | null) => Promise<boolean>;
  onTyping: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(() => readDraft(draftKey));
  useEffect(() => keepDraft(draftKey, draft), [draftKey, draft]);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.url) : undefined), [picked]);
  // what would be sent, counted; a longer text (a paste) is kept whole, not cut: it says so, and it is not sent until shortened
  const length = messageText(draft)?.length ?? 0;
  const tooLong = length > Limits.messageMaxChars;
  const count = `${length}/${Limits.messageMaxChars}`;

  const attach = async (kind: 'voice' | 'photo', file: Blob, seconds: number | null) => {
    setUploading(true);
    try {
      await onSendAttachment(kind, file, seconds);
    } finally {
      setUploading(false);
    }
  };
  const voice = useVoiceRecorder((clip, seconds) => void attach('voice', clip, seconds));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const content = messageText(draft);
    if (!content || tooLong || sending) return;
    setSending(true);
    setDraft('');
    try {
      if (!(await onSendText(content))) setDraft((now) => now || content);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onPhoto = async (file: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!file) return;
    // by its first bytes, as the server decides: a file that is no photo is not uploaded
    const [{ kind, pixels }] = await readPickedFiles([file]);
    const problem = chatPhotoProblem(file, kind, pixels);
    if (problem) {
      toast({ variant: 'destructive', title: t(problem) });
      return;
    }
    setPicked({ file, url: URL.createObjectURL(file) });
  };
  const sendPicked = () => {
    if (picked) void attach('photo', picked.file, null);
    setPicked(null);
  };

  return (
    <StyledBar onSubmit={submit}>
      <StyledIconButton
        $tone={voice.recording ? 'danger' : 'plain'}
        aria-label={voice.recording ? t('chat.input.stopRecording') : t('chat.input.record')}
        aria-pressed={voice.recording}
        disabled={uploading || voice.starting}
        onClick={voice.toggle}
      >
        {voice.recording ? <StopIcon size={18} /> : <MicIcon size={22} />}
      </StyledIconButton>
      <StyledIconButton aria-label={t('chat.input.photo')} disabled={uploading || voice.recording} onClick={() => picker.current?.click()}>
        <ImageIcon size={22} />
      </StyledIconButton>
      <input ref={picker} type="file" accept="image/*" tabIndex={-1} aria-hidden="true" onChange={(e) => void onPhoto(e.target.files?.[0])} />
      {voice.recording ? (
        <p className="recording" role="status">
          {t('chat.input.recording', { duration: formatDuration(voice.elapsed) })}
        </p>
      ) : (
        <textarea
          rows={1}
          value={draft}
          aria-label={t('chat.input.label')}
          placeholder={t('chat.input.placeholder')}
          aria-invalid={tooLong || undefined}
          enterKeyHint="send"
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
        />
      )}
      {!voice.recording && length >= Limits.messageMaxChars * COUNT_FROM && (
        // near the limit it counts; over it, it says what the limit is
        <p className="count" data-full={tooLong} aria-hidden="true">
          {tooLong ? `${t('chat.input.full', { max: Limits.messageMaxChars })} · ${count}` : count}
        </p>
      )}
      {/* always there, so that a screen reader hears when the text is too long, and by how much (not every character counted) */}
      <VisuallyHidden role="status">{tooLong && !voice.recording ? `${t('chat.input.full', { max: Limits.messageMaxChars })} · ${count}` : ''}</VisuallyHidden>
      <StyledIconButton $submit $tone="accent" aria-label={t('chat.input.send')} disabled={!messageText(draft) || tooLong || sending || voice.recording}>
        <SendIcon size={20} />
      </StyledIconButton>
      <ConfirmDialog
        open={picked !== null}
        title={t('chat.photoPreview.title', { name: recipient })}
        confirmLabel={t('chat.photoPreview.send')}
        confirmTone="primary"
        onConfirm={sendPicked}
        onCancel={() => setPicked(null)}
      >
        {picked && <StyledPreview src={picked.url} alt={t('chat.photo.yours')} />}
      </ConfirmDialog>
    </StyledBar>
  );
}

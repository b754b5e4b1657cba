import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { PauseIcon, PlayIcon, toast } from '../../../components';
import { useT } from '../../../i18n';
import { formatDuration } from '../lib/duration';
import { theme } from '../../../theme';

const StyledVoice = styled.div<{ $own: boolean }>`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-width: 180px;
  button {
    flex: none;
    width: ${theme.touchTarget};
    height: ${theme.touchTarget};
    border-radius: 50%;
    border: none;
    display: grid;
    place-items: center;
    cursor: pointer;
    background: ${({ $own }) => ($own ? theme.colors.onBubbleOwn : theme.colors.primary)};
    color: ${({ $own }) => ($own ? theme.colors.bubbleOwn : theme.colors.onPrimary)};
  }
  .track { flex: 1; height: 4px; border-radius: 2px; position: relative; overflow: hidden; }
  .track::before { content: ''; position: absolute; inset: 0; background: currentColor; opacity: 0.3; }
  .progress { position: absolute; inset: 0 auto 0 0; background: currentColor; }
  .time { font-variant-numeric: tabular-nums; font-size: ${theme.font.size.sm}; }
`;

/** the clip playing, wherever it is: one plays at a time (another started pauses it) */
let playingNow: HTMLAudioElement | null = null;

/**
 * A voice clip (spec §2/§4): play or pause; its length as m:ss; the end of playback resets it.
 * A clip that cannot play shows 'Playback failed' / 'Could not play voice message'. Starting it
 * pauses any other clip playing.
 */
export function VoiceMessage({ url, duration, own }: { url: string | null; duration: number | null; own: boolean }) {
  const t = useT();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const total = duration ?? 0;

  const failed = () => {
    setPlaying(false);
    toast({ variant: 'destructive', title: t('chat.toast.playbackFailed'), description: t('chat.toast.playbackFailedText') });
  };

  const toggle = () => {
    const el = audio.current;
    if (!el || !url) return failed();
    if (playing) {
      el.pause();
      setPlaying(false);
      return;
    }
    if (playingNow && playingNow !== el) playingNow.pause();
    playingNow = el;
    setPlaying(true);
    el.play().catch(failed);
  };

  useEffect(() => {
    const el = audio.current;
    return () => {
      el?.pause();
      if (playingNow === el) playingNow = null;
    };
  }, []);

  const shown = playing || position > 0 ? position : total;
  return (
    <StyledVoice $own={own}>
      <button type="button" aria-label={playing ? t('chat.voice.pause') : t('chat.voice.play')} aria-pressed={playing} onClick={toggle} data-playing={playing}>
        {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
      </button>
      <span className="track" aria-hidden="true">
        <span className="progress" style={{ width: `${total > 0 ? Math.min(100, (position / total) * 100) : 0}%` }} />
      </span>
      <span className="time" aria-label={t('chat.voice.duration', { duration: formatDuration(total) })}>
        {formatDuration(shown)}
      </span>
      {url && (
        <audio
          ref={audio}
          src={url}
          preload="none"
          onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
          // paused from elsewhere too (another clip started)
          onPause={() => setPlaying(false)}
          onEnded={(e) => {
            e.currentTarget.currentTime = 0;
            setPosition(0);
            setPlaying(false);
          }}
          onError={() => playing && failed()}
        />
      )}
    </StyledVoice>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { Limits } from '@aero/contracts/shared';
import { useT } from '../../../i18n';
import { recordedSeconds } from '../lib/duration';

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
  timer: ReturnType<typeof setInterval>;
  keep: boolean;
}

/**
 * The voice record toggle (spec §4): the first press asks for the microphone and records, the
 * second stops and hands over the clip with its length in whole seconds. A refused microphone
 * shows the alert of spec §8. A clip stops by itself at the longest length the server takes.
 * While the microphone is being asked for, presses wait (`starting`): one recording at a time. A
 * microphone granted after the chat was left is given back at once, unrecorded.
 */
export function useVoiceRecorder(onRecorded: (clip: Blob, seconds: number) => void) {
  const t = useT();
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [starting, setStarting] = useState(false);
  const current = useRef<Recording | null>(null);
  const asking = useRef(false);
  const shown = useRef(true);
  const deliver = useRef(onRecorded);
  deliver.current = onRecorded;

  const stop = useCallback((keep = true) => {
    const rec = current.current;
    if (!rec) return;
    current.current = null;
    rec.keep = keep;
    clearInterval(rec.timer);
    setRecording(false);
    setElapsed(0);
    if (rec.recorder.state !== 'inactive') rec.recorder.stop();
    else rec.stream.getTracks().forEach((track) => track.stop());
  }, []);

  const start = useCallback(async () => {
    if (current.current || asking.current) return;
    asking.current = true;
    setStarting(true);
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('no microphone API');
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      if (shown.current) window.alert(t('chat.microphoneDenied'));
      return;
    } finally {
      asking.current = false;
      if (shown.current) setStarting(false);
    }
    if (!shown.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    const recorder = new MediaRecorder(stream);
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      setElapsed(seconds);
      if (seconds >= Limits.voiceMaxSeconds) stop();
    }, 250);
    const rec: Recording = { recorder, stream, chunks: [], startedAt, timer, keep: true };
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) rec.chunks.push(e.data);
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      if (!rec.keep || rec.chunks.length === 0) return;
      deliver.current(new Blob(rec.chunks, { type: recorder.mimeType || 'audio/webm' }), Math.min(recordedSeconds(rec.startedAt, Date.now()), Limits.voiceMaxSeconds));
    };
    current.current = rec;
    recorder.start();
    setRecording(true);
  }, [stop, t]);

  // leaving the chat while recording drops the clip and frees the microphone
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      stop(false);
    };
  }, [stop]);

  return { recording, starting, elapsed, toggle: () => (current.current ? stop() : void start()) };
}

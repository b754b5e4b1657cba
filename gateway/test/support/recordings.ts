import { repoRoot } from '@aero/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Recordings of 0.3 s as Chromium's MediaRecorder writes them (a tone, and a tone over a changing
// picture): voice clips as the app records them, and videos whose first bytes name the same
// containers (WebM, MP4).
const recording = (name: string) => readFileSync(join(repoRoot, 'gateway/test/fixtures', name));

export const VOICE_WEBM = recording('voice.webm');
export const VOICE_MP4 = recording('voice.mp4');
export const VIDEO_WEBM = recording('video.webm');
export const VIDEO_MP4 = recording('video.mp4');

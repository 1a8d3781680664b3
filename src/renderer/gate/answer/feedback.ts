/**
 * Each answer's sound and vibration, so that a steward knows it without looking: a high double
 * beep lets in, a long low buzz refuses, two falling tones ask for the supervisor, one beep lets
 * out. Made with WebAudio (no sound files to fetch or cache). Browsers start sound only after the
 * person has touched the page or pressed a key: the first such act opens it.
 */
import type { Tone } from '../check/verdict';

interface Beep {
  hz: number;
  /** Start and length, in seconds from the answer. */
  at: number;
  length: number;
  wave: OscillatorType;
}

const SOUNDS: Record<Tone, Beep[]> = {
  admit: [
    { hz: 1320, at: 0, length: 0.08, wave: 'sine' },
    { hz: 1320, at: 0.14, length: 0.08, wave: 'sine' },
  ],
  refuse: [{ hz: 150, at: 0, length: 0.7, wave: 'square' }],
  ask: [
    { hz: 660, at: 0, length: 0.2, wave: 'triangle' },
    { hz: 440, at: 0.24, length: 0.25, wave: 'triangle' },
  ],
  exit: [{ hz: 880, at: 0, length: 0.12, wave: 'sine' }],
};

const VIBRATION: Record<Tone, number[]> = { admit: [60, 40, 60], refuse: [500], ask: [150, 100, 150], exit: [80] };

let audio: AudioContext | undefined;

/** Opens the sound on the person's first touch or key. */
export function openSoundOnFirstTouch(): void {
  const open = () => {
    audio ??= new AudioContext();
    // A context made before any touch starts suspended; resuming it in the touch's handler is allowed.
    // No sound is not fatal: the answer is on screen, and the phone vibrates.
    if (audio.state === 'suspended') audio.resume().catch((error: unknown) => console.error(error));
  };
  window.addEventListener('pointerdown', open, { once: true, capture: true });
  window.addEventListener('keydown', open, { once: true, capture: true });
}

export function signal(tone: Tone): void {
  navigator.vibrate?.(VIBRATION[tone]);
  if (!audio) return;
  const start = audio.currentTime;
  for (const { hz, at, length, wave } of SOUNDS[tone]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = hz;
    // A short fade in and out: no click at either end.
    gain.gain.setValueAtTime(0, start + at);
    gain.gain.linearRampToValueAtTime(0.3, start + at + 0.01);
    gain.gain.setValueAtTime(0.3, start + at + length - 0.02);
    gain.gain.linearRampToValueAtTime(0, start + at + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + at);
    oscillator.stop(start + at + length);
  }
}

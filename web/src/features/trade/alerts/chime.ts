/**
 * A short two-note sound made with the Web Audio API (nothing to download). Browsers start sound only after the
 * member has touched the page, so the context is made (or woken) on a click: turning the sound on, or any tap.
 */
let context: AudioContext | null = null;

/** Makes the audio context ready; call it from a click or tap. */
export function unlockChime(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    // No Web Audio in this browser: the sound stays silent.
  }
}

export function playChime(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [[0, 880], [0.14, 1320]] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.13);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.14);
  }
}

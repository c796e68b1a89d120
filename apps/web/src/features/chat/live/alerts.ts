/**
 * The agent's attention on a new customer message: a short chime, and a browser notification when
 * the tab is not in front (only after the agent allowed notifications).
 */
let audio: AudioContext | null = null;

export function playChime(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    // A context made before the agent's first click starts suspended; any later click allows it.
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.45);
    for (const [index, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(now + index * 0.12);
      tone.stop(now + 0.45);
    }
  } catch {
    // Browsers refuse audio before the first user gesture; the visual cues still show the message.
  }
}

export function notificationsSupported(): boolean {
  return typeof globalThis.Notification === 'function';
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  return Notification.requestPermission();
}

export function notifyBrowser(title: string, body: string, onClick?: () => void): void {
  if (!notificationsSupported() || Notification.permission !== 'granted' || !document.hidden) return;
  const notification = new Notification(title, { body, tag: 'sapa-chat' });
  notification.onclick = () => {
    window.focus();
    onClick?.();
    notification.close();
  };
}

/**
 * How a call is charged: a minimum, then whole increments ("minimum/increment": 60/60 rounds every
 * call up to whole minutes, as Twilio does; 30/6 charges at least 30 s, then by 6 s; 6/6, 1/1 …).
 */
export type VoiceTariff = { minimumSeconds: number; incrementSeconds: number };

/** The sandbox carrier's tariff: whole minutes, rounded up (Twilio's rule). */
export const DEFAULT_VOICE_TARIFF: VoiceTariff = { minimumSeconds: 60, incrementSeconds: 60 };

/**
 * Seconds charged for a call: nothing when it was not answered; otherwise the duration rounded up to
 * the increment, and at least the minimum (an answered call of 0 s is charged the minimum).
 */
export function chargedSeconds(durationSeconds: number, answered: boolean, tariff: VoiceTariff): number {
  if (!answered) return 0;
  const { minimumSeconds, incrementSeconds } = tariff;
  if (!(incrementSeconds > 0) || !(minimumSeconds >= 0))
    throw new Error('A tariff needs an increment above 0');
  const rounded = Math.ceil(Math.max(0, durationSeconds) / incrementSeconds) * incrementSeconds;
  return Math.max(minimumSeconds, rounded);
}

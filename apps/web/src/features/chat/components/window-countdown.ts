import { useEffect, useState } from 'react';

/** The current time, re-read every `tickMs`, for clocks on screen (waiting time, countdowns). */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

/** Milliseconds left until `closesAt`, re-read every `tickMs`; null without a deadline. */
export function useRemaining(closesAt: string | null, tickMs = 15_000): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!closesAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [closesAt, tickMs]);
  if (!closesAt) return null;
  return Math.max(0, new Date(closesAt).getTime() - now);
}

/** Whole hours and minutes left (rounded up to the minute, so "0m" never shows while still open). */
export function splitRemaining(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** The {{1}}, {{2}}… placeholders of a template, in order, each once. */
export function templateParameterCount(content: string): number {
  let highest = 0;
  for (const match of content.matchAll(/\{\{(\d+)\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

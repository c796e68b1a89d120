import { Progress } from '@mantine/core';

type TopProgressBarProps = { active: boolean };

/** The thin loading bar at the top of the window, shown while a route change is in progress (spec §2). */
export function TopProgressBar({ active }: TopProgressBarProps) {
  if (!active) return null;
  return (
    <Progress
      value={100}
      animated
      striped={false}
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      role="progressbar"
      aria-label="loading"
      data-testid="route-progress"
    />
  );
}

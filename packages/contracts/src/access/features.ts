/** Feature bits of spec §3. A client's `features` column is the sum of its enabled bits. */
export const FEATURE_BITS = {
  KAN: 1,
  OTP: 2,
  CS: 4,
  EMAIL: 8,
  SMS: 16,
  VOICE: 32,
  WHATSAPP: 64,
  VALIDATION: 128,
  CATALOG: 256,
  TELEGRAM: 512,
  VERIFY: 1024,
  CALL_CENTER: 2048,
} as const;

export type FeatureFlag = keyof typeof FEATURE_BITS;

export const FEATURE_FLAGS = Object.keys(FEATURE_BITS) as FeatureFlag[];

/** Every bit set: the 12 features of the spec. */
export const ALL_FEATURES_MASK = FEATURE_FLAGS.reduce((mask, flag) => mask | FEATURE_BITS[flag], 0);

export function isFeatureFlag(value: string): value is FeatureFlag {
  return Object.hasOwn(FEATURE_BITS, value);
}

/** Bitmask → flag list in bit order; unknown bits are ignored. */
export function featureFlagsFromMask(mask: number): FeatureFlag[] {
  return FEATURE_FLAGS.filter((flag) => (mask & FEATURE_BITS[flag]) !== 0);
}

/** Flag list → bitmask; duplicates count once. */
export function featureMaskFromFlags(flags: readonly FeatureFlag[]): number {
  return flags.reduce((mask, flag) => mask | FEATURE_BITS[flag], 0);
}

export function hasFeature(features: number | readonly FeatureFlag[], flag: FeatureFlag): boolean {
  return typeof features === 'number' ? (features & FEATURE_BITS[flag]) !== 0 : features.includes(flag);
}

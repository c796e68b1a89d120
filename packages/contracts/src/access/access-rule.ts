import type { FeatureFlag } from './features.js';
import type { ChatRole, RoleCode } from './roles.js';

/** Who may call an operation: every operation declares one, and the server refuses to start without it. */
export type AccessRule =
  | { kind: 'public' }
  | {
      kind: 'authenticated';
      roles?: readonly RoleCode[];
      /**
       * Inbox users are people by their chat role as much as by their portal role (decision 0009): with
       * chatRoles, a caller whose portal role is not in `roles` is still admitted by one of these.
       */
      chatRoles?: readonly ChatRole[];
      feature?: FeatureFlag;
      right?: string;
    }
  /**
   * The public API (/api/v1): the caller is a client's system with its API secret as the bearer, not a
   * person; `feature`, when given, must be on for that client.
   */
  | { kind: 'apiKey'; feature?: FeatureFlag };

/** Builders of the access rule an operation declares. */
export const access = {
  public: (): AccessRule => ({ kind: 'public' }),
  apiKey: (feature?: FeatureFlag): AccessRule => ({ kind: 'apiKey', ...(feature ? { feature } : {}) }),
  authenticated: (): AccessRule => ({ kind: 'authenticated' }),
  roles: (...roles: RoleCode[]): AccessRule => ({ kind: 'authenticated', roles }),
  feature: (
    feature: FeatureFlag,
    roles?: readonly RoleCode[],
    chatRoles?: readonly ChatRole[],
  ): AccessRule => ({
    kind: 'authenticated',
    feature,
    ...(roles ? { roles } : {}),
    ...(chatRoles ? { chatRoles } : {}),
  }),
  /** The caller's role must hold this right (the role-to-right mapping SAD edits), optionally also a feature. */
  right: (right: string, feature?: FeatureFlag): AccessRule => ({
    kind: 'authenticated',
    right,
    ...(feature ? { feature } : {}),
  }),
};

import type { Session } from '@sapa/contracts/identity';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type SessionState = {
  /** The signed-in session of spec §3, or null when logged out. */
  session: Session | null;
  /** The last CSRF token the server handed out in an `x-csrf-token` response header. */
  csrfToken: string | null;
  setSession: (session: Session) => void;
  /** Merges new fields (e.g. after a token refresh) into the current session; ignored when logged out. */
  updateSession: (fields: Partial<Session>) => void;
  setCsrfToken: (token: string) => void;
  clearSession: () => void;
};

export const SESSION_STORAGE_KEY = 'sapa.session';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      csrfToken: null,
      setSession: (session) => set({ session }),
      updateSession: (fields) =>
        set((state) => (state.session ? { session: { ...state.session, ...fields } } : state)),
      setCsrfToken: (csrfToken) => set({ csrfToken }),
      clearSession: () => set({ session: null, csrfToken: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ session, csrfToken }) => ({ session, csrfToken }),
    },
  ),
);

/** The current session outside React (the HTTP layer reads it on every request). */
export function findSession(): Session | null {
  return useSessionStore.getState().session;
}

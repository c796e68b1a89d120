export { findSession, SESSION_STORAGE_KEY, type SessionState, useSessionStore } from './session-store';

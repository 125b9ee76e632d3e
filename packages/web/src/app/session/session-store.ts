import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TokenReply, UserInfo } from '@wb/protocol';
import { sessionStore } from '@/platform/storage';

/** Why the user was sent back to the login page; the login page says it once. */
export type SignOutReason = 'expired' | 'relogin' | null;

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
  userInfo: UserInfo | null;
  locked: boolean;
  /** the address a signed-out visitor asked for; opened once after the menu loads */
  historyUrl: string | null;
  /** the last workspace path visited, where unlocking returns to */
  lastPath: string | null;
  /** the menu of the active tab: the 403 developer aid registers permissions under it */
  activeMenuId: string | null;
  signOutReason: SignOutReason;
  signIn(reply: TokenReply, userInfo: UserInfo): void;
  setTokens(reply: TokenReply): void;
  setUserInfo(info: UserInfo): void;
  lock(): void;
  unlock(): void;
  rememberHistory(url: string | null): void;
  rememberPath(path: string): void;
  setActiveMenu(id: string | null): void;
  clear(reason?: SignOutReason): void;
}

const signedOut = {
  accessToken: null,
  refreshToken: null,
  expiresAt: null,
  userInfo: null,
  locked: false,
  lastPath: null,
  activeMenuId: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      historyUrl: null,
      signOutReason: null,
      // Signing in clears the lock (spec section 4).
      signIn: (reply, userInfo) => set({ ...tokens(reply), userInfo, locked: false, signOutReason: null }),
      setTokens: (reply) => set(tokens(reply)),
      setUserInfo: (userInfo) => set({ userInfo }),
      lock: () => set({ locked: true }),
      unlock: () => set({ locked: false }),
      rememberHistory: (historyUrl) => set({ historyUrl }),
      rememberPath: (lastPath) => set({ lastPath }),
      setActiveMenu: (activeMenuId) => set({ activeMenuId }),
      clear: (reason = null) => set({ ...signedOut, signOutReason: reason }),
    }),
    { name: 'wb-session', storage: createJSONStorage(() => sessionStore) },
  ),
);

function tokens(reply: TokenReply) {
  return {
    accessToken: reply.access_token,
    refreshToken: reply.refresh_token,
    expiresAt: Date.now() + reply.expires_in * 1000,
  };
}

export const isSignedIn = (s: Pick<SessionState, 'accessToken'>) => Boolean(s.accessToken);

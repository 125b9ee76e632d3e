import type { UserInfo } from '@wb/protocol';

type UserHook = () => UserInfo | null;

/**
 * The signed-in user as the template screens read it (default macros, remembered page sizes). The
 * shell binds its session store once at start-up, so this layer knows no store of the shell's;
 * unbound (a screen rendered on its own) there is no user.
 */
let useBoundUser: UserHook = () => null;

/** Called once, before the first render: the hook must stay the same for the life of the page. */
export function bindCurrentUser(hook: UserHook): void {
  useBoundUser = hook;
}

export function useCurrentUser(): UserInfo | null {
  return useBoundUser();
}

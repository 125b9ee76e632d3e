/**
 * Navigation for code outside components (the api client's sign-out, session actions): the router
 * registers itself here when it is created.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate = (to) => window.location.assign(to);

export function registerNavigator(fn: Navigate): void {
  navigateFn = fn;
}

export function goTo(to: string, opts?: { replace?: boolean }): void {
  navigateFn(to, opts);
}

/**
 * Once the work is done the process ends, at once when nothing is left (the timer is unref'd), and at most
 * END_GRACE_MS later when something outside our reach still holds the event loop: a DNS lookup that the
 * sink-timeout abandoned (getaddrinfo cannot be cancelled and runs on until the resolver gives up, a
 * minute or more with a silent server), or a socket a library left open. The exit code is already set.
 */
export const END_GRACE_MS = 500;

export function endSoon(ms: number = END_GRACE_MS): void {
  setTimeout(() => process.exit(), ms).unref();
}

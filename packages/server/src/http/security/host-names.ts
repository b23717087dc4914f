/** A host name with its port (`localhost:8080`, `[::1]:8080`): the port is the one clients use. */
const WITH_PORT = /^(\[[^\]]+\]|[^:]+):\d{1,5}$/;

/**
 * The Host headers and Origins a server accepts for one name it is reached by. A bare name is the server's
 * own port (`parley.internal:4000`) or, behind a proxy on the default port, no port at all; a name with a
 * port is what a load balancer in front forwards (`localhost:8080`), and only that.
 */
export function acceptedForName(name: string, port: number): { hosts: string[]; origins: string[] } {
  const lower = name.toLowerCase();
  if (WITH_PORT.test(lower)) return { hosts: [lower], origins: [`http://${lower}`, `https://${lower}`] };
  const own = `${lower}:${port}`;
  return { hosts: [own, lower], origins: [`http://${own}`, `http://${lower}`, `https://${lower}`] };
}

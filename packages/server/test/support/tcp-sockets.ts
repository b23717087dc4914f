import { existsSync, readFileSync } from "node:fs";

/** Whether the kernel's socket tables can be read (Linux `/proc/net/tcp`). */
export const canReadSocketTable = existsSync("/proc/net/tcp");

/** One TCP socket from the kernel's table. */
export interface TcpSocket {
  localAddress: string;
  localPort: number;
  remotePort: number;
  /** Kernel state: ESTABLISHED, LISTEN, FIN_WAIT1… */
  state: string;
}

const STATES: Record<string, string> = {
  "01": "ESTABLISHED",
  "02": "SYN_SENT",
  "03": "SYN_RECV",
  "04": "FIN_WAIT1",
  "05": "FIN_WAIT2",
  "06": "TIME_WAIT",
  "07": "CLOSE",
  "08": "CLOSE_WAIT",
  "09": "LAST_ACK",
  "0A": "LISTEN",
  "0B": "CLOSING",
};

/** Every TCP socket of this network namespace, IPv4 and IPv6 (what `ss -tan` lists). */
export function tcpSockets(): TcpSocket[] {
  const sockets: TcpSocket[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 4) continue;
      const [localHex, localPortHex] = (fields[1] ?? "").split(":");
      const [, remotePortHex] = (fields[2] ?? "").split(":");
      sockets.push({
        localAddress: decodeAddress(localHex ?? ""),
        localPort: Number.parseInt(localPortHex ?? "", 16),
        remotePort: Number.parseInt(remotePortHex ?? "", 16),
        state: STATES[fields[3] ?? ""] ?? (fields[3] as string),
      });
    }
  }
  return sockets;
}

/** The addresses listening on `port`. */
export function listeningAddresses(port: number): string[] {
  return tcpSockets()
    .filter((socket) => socket.state === "LISTEN" && socket.localPort === port)
    .map((socket) => socket.localAddress);
}

/** The state of the server's end of the connection from client port `clientPort`, if it still exists. */
export function serverSocketState(serverPort: number, clientPort: number): string | undefined {
  return tcpSockets().find((socket) => socket.localPort === serverPort && socket.remotePort === clientPort)
    ?.state;
}

/** `/proc/net/tcp` stores addresses as host-order 32-bit words in hex. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((word) =>
    (word.match(/../g) ?? []).reverse().map((byte) => Number.parseInt(byte, 16)),
  );
  if (bytes.length === 4) return bytes.join(".");
  if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return `::ffff:${bytes.slice(12).join(".")}`;
  }
  const groups: string[] = [];
  for (let index = 0; index < 16; index += 2)
    groups.push((((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0)).toString(16));
  return groups.join(":").replace(/(^|:)0(:0)+(:|$)/, "::");
}

/**
 * What one client can hold of the server: time to send a request, idle time, connections per address.
 * Without them 1,100 stalled uploads from one address used up the open files for everyone (issue 18).
 */
import { BlockList, isIPv4, isIPv6, type Socket } from "node:net";
import type { Server, ServerOptions } from "node:http";
import type { FastifyServerOptions } from "fastify";
import type { ServerConfig } from "./config.ts";

/** Idle connections (no bytes either way) are closed after this long. */
export const idleSocketTimeoutMs = 30_000;

/**
 * The whole request within `requestTimeoutMs`, checked about every second (Node: every 30 s). Keep-alive
 * 5 s to a browser; behind a trusted proxy 72 s, over the usual proxy idle timeout, so the proxy closes first.
 */
export function timeoutOptions(
  config: Pick<ServerConfig, "requestTimeoutMs" | "trustProxy">,
): Pick<FastifyServerOptions, "requestTimeout" | "connectionTimeout" | "keepAliveTimeout"> & { http: ServerOptions } {
  const request = config.requestTimeoutMs;
  return {
    requestTimeout: request,
    connectionTimeout: Math.max(idleSocketTimeoutMs, request),
    keepAliveTimeout: config.trustProxy ? 72_000 : 5_000,
    http: {
      headersTimeout: request,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(request / 4))),
    },
  };
}

/** The trusted proxies (TRUST_PROXY) as a block list, with Fastify's names for address ranges. */
export function proxyAddresses(trustProxy: string[] | false): BlockList {
  const list = new BlockList();
  const ranges: Record<string, string[]> = {
    loopback: ["127.0.0.0/8", "::1/128"],
    linklocal: ["169.254.0.0/16", "fe80::/10"],
    uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
  };
  for (const entry of (trustProxy || []).flatMap((entry) => ranges[entry] ?? [entry])) {
    const [address, bits] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
    if (type && bits !== undefined && /^\d{1,3}$/.test(bits)) list.addSubnet(address, Number(bits), type);
    else if (type) list.addAddress(address, type);
  }
  return list;
}

/**
 * Caps the connections open at once from one address: one over the cap is closed as soon as it is accepted.
 * A trusted proxy carries many clients, so it is not capped. Returns the live count per address (tests).
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: BlockList = new BlockList(),
  onRefused: (address: string) => void = () => {},
): Map<string, number> {
  const open = new Map<string, number>();
  if (max <= 0) return open;
  const isExempt = (address: string) => {
    const plain = address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
    return exempt.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
  };
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isExempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      onRefused(address);
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return open;
}

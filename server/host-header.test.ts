// A request naming two hosts is refused (RFC 9112 §3.2: 400), over a real socket: app.inject
// cannot send a header twice.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../tests/support/app.ts";

let app: Awaited<ReturnType<typeof testApp>>["app"];
let port: number;
beforeAll(async () => {
  ({ app } = await testApp());
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** The status line of the answer to `head` sent as is. */
function statusOf(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(`${head}\r\n`));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n")) {
        resolve(answer.split("\r\n")[0]);
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}

describe("the Host header", () => {
  it("is refused 400 when sent twice, with the same or different values", async () => {
    const twice = (a: string, b: string) => `GET / HTTP/1.1\r\nHost: ${a}\r\nHost: ${b}\r\nConnection: close\r\n`;
    expect(await statusOf(twice("www.tallyway.example", "evil.example"))).toBe("HTTP/1.1 400 Bad Request");
    expect(await statusOf(twice("www.tallyway.example", "www.tallyway.example"))).toBe("HTTP/1.1 400 Bad Request");
  });

  it("is answered as usual when sent once", async () => {
    expect(await statusOf("GET / HTTP/1.1\r\nHost: www.tallyway.example\r\nConnection: close\r\n")).toBe(
      "HTTP/1.1 200 OK",
    );
  });
});

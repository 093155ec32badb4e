import { createServer } from 'node:net';

/*
 * A loopback port for a server a script or a test is about to start. Chosen below Linux's ephemeral
 * range (32768-60999 by default), not by listening on port 0: the kernel takes a port-0 listener's
 * port from that same range as every outgoing connection's own, and between this check and the
 * server's listen (a second or more while a server boots) a connection made by anything else on the
 * machine could take it: a fault test beside the suite's thousands of connections failed so with
 * EADDRINUSE. Below the range only listeners compete, and each is checked here first.
 */
const LOW = 20_000;
const HIGH = 32_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free loopback port found from ${LOW} to ${HIGH - 1}`);
}

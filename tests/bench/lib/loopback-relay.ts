import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 that opens each upstream connection from its own loopback address
 * (127.0.0.2 … 127.0.0.251, round robin): every client connection reaches the server as a
 * distinct visitor, so per-address limits count visitors the way they do in production.
 */
export async function startLoopbackRelay(target: { host: string; port: number }): Promise<{ base: string; close: () => void }> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((down) => {
    const up = net.connect({ host: target.host, port: target.port, localAddress: `127.0.0.${2 + (next++ % 250)}` });
    down.setNoDelay(true);
    up.setNoDelay(true);
    sockets.add(down).add(up);
    down.pipe(up).pipe(down);
    const close = () => {
      down.destroy();
      up.destroy();
      sockets.delete(down);
      sockets.delete(up);
    };
    down.on('error', close).on('close', close);
    up.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      relay.close();
    },
  };
}

import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Starts `server` on 127.0.0.1 at a free port; answers the port and a close that ends the open
 * connections first (a stalled download's socket would hold server.close() forever).
 */
export async function listenOnLoopback(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

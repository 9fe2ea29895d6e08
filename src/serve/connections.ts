// Fair turns between connections: under many busy keep-alive connections, new ones are still accepted and answered promptly.
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Waiting sockets read again per event-loop turn, and per turn while connections arrive. */
const TURN = 16;
const TURN_ARRIVING = 4;

/**
 * Why: libuv (1.46, Node 20) accepts one connection each time epoll reports the listening socket,
 * and one epoll call hands over up to 1024 ready sockets. Under 2,000 busy keep-alive clients,
 * each answered at once and sending its next request at once, that is one accept per ~1,000
 * answers: connections queued in the kernel (a burst of clients starting, a client reconnecting)
 * waited seconds (bench/scenarios/flood.ts). Above `threshold` open connections, a socket that got
 * its answer is not read again until a later turn of the event loop (the check phase resumes
 * TURN waiting sockets, oldest first; TURN_ARRIVING while connections arrive): turns stay short, each
 * accepts one connection, and every busy client still gets its turn. Below it nothing changes
 * (no pause and resume, two syscalls per request). 0 switches it off.
 */
export function createFairTurns(server: Server, threshold: number): (res: ServerResponse) => void {
  let open = 0;
  let arrived = 0; // connections accepted since the last turn
  const onClose = () => {
    open--;
  };
  server.on('connection', (socket: Socket) => {
    open++;
    arrived++;
    socket.once('close', onClose);
  });
  let waiting: Socket[] = []; // oldest first; `head` is the next to resume
  let head = 0;
  const resumeSome = () => {
    const end = Math.min(waiting.length, head + (arrived > 0 ? TURN_ARRIVING : TURN));
    arrived = 0;
    for (; head < end; head++) {
      const s = waiting[head];
      // `_paused` is Node's own back-pressure pause (answers not yet flushed): that one stays.
      if (!s.destroyed && !(s as Socket & { _paused?: boolean })._paused) s.resume();
    }
    if (head >= waiting.length) {
      waiting = [];
      head = 0;
      return;
    }
    // Under steady load the queue never empties: drop what was resumed, or the array grows for ever.
    if (head >= 1024 && head * 2 >= waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
    setImmediate(resumeSome);
  };
  // On 'finish', after Node's own handler, which resumes the socket when it ends a request.
  function pauseSocket(this: ServerResponse): void {
    const socket = this.req.socket;
    if (socket.destroyed || socket.isPaused()) return;
    socket.pause();
    if (waiting.push(socket) - head === 1) setImmediate(resumeSome);
  }
  return (res) => {
    if (threshold > 0 && open > threshold) res.once('finish', pauseSocket);
  };
}
